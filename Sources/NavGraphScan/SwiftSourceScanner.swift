import Dispatch
import Foundation
import NavGraphKit

/// Scans an app's Swift sources into a `Registry` (RouterService style).
///
/// Files are parsed in parallel on all cores; the result is sorted, so it does not depend on
/// the order files finish in. The scanner never traps: a file it cannot read is an error
/// diagnostic, a construct it cannot understand a warning (an error with `strict`).
public struct SwiftSourceScanner: Sendable {
    public var configuration: ScanConfiguration
    /// Where to cache per-file facts between scans (nil: parse every file, write nothing).
    public var cache: ScanCacheOptions?

    public init(configuration: ScanConfiguration = .init(), cache: ScanCacheOptions? = nil) {
        self.configuration = configuration
        self.cache = cache
    }

    /// Scans files and directories (recursively; hidden folders, `.build*`, `Pods`, `Carthage`,
    /// `DerivedData` and `Package.swift` are skipped). `progress(done, total)` is called as files finish,
    /// from any thread, one call at a time.
    /// - Throws: `InputError` when the paths hold no Swift file at all.
    public func scan(paths: [String], progress: ((Int, Int) -> Void)? = nil) throws -> ScanResult {
        let cwd = FileManager.default.currentDirectoryPath
        var warnings: [ScanWarning] = []
        var files: [(absolute: String, root: String?)] = []
        for path in paths {
            let absolute = Self.absolute(path, cwd: cwd)
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isDir) else {
                warnings.append(ScanWarning(.unreadableFile, "no such file or directory: \(path)", at: nil))
                continue
            }
            if isDir.boolValue {
                files += Self.swiftFiles(under: absolute).map { ($0, absolute) }
            } else {
                files.append((absolute, nil))
            }
        }
        var seen = Set<String>()
        files = files.filter { seen.insert($0.absolute).inserted }.sorted { $0.absolute < $1.absolute }
        if files.isEmpty {
            let why = warnings.map(\.message).joined(separator: "; ")
            throw InputError([Diagnostic(.error, "no Swift files found in \(paths.joined(separator: ", "))" + (why.isEmpty ? "" : " (\(why))"), at: nil)])
        }

        // The project's real shape: targets from Xcode projects, SwiftPM, podspecs and Tuist.
        let roots = paths.map { Self.absolute($0, cwd: cwd) }.filter { p in
            var d: ObjCBool = false
            return FileManager.default.fileExists(atPath: p, isDirectory: &d) && d.boolValue
        }
        let project = ProjectModel.discover(roots: roots, cache: cache)
        warnings += project.warnings.map { w in
            var w = w
            w.location = w.location.map { SourceLocation(file: Self.display($0.file, cwd: cwd), line: $0.line, column: $0.column) }
            return w
        }
        var summary = ScanSummary()
        let appTargets = Array(Set(project.targets.filter { $0.kind == .app }.map(\.name))).sorted()
        summary.appTargets = appTargets
        var chosenApps: Set<String> = Set(appTargets)
        if let wanted = configuration.target {
            guard appTargets.contains(wanted) || project.targets.contains(where: { $0.name == wanted }) else {
                let known = appTargets.isEmpty ? "the project declares no app targets" : "app targets: \(appTargets.joined(separator: ", "))"
                throw InputError([Diagnostic(.error, "--target \(wanted): no such target (\(known))", at: nil)])
            }
            chosenApps = [wanted]
        } else if appTargets.count > 1 {
            let main = appTargets.filter { !Self.looksLikeDemo($0) }
            if !main.isEmpty { chosenApps = Set(main) }
        }
        summary.target = chosenApps.count == 1 && appTargets.count > 1 ? chosenApps.first : nil

        let resolver = ModuleResolver(moduleMap: configuration.moduleMap)
        var work: [ScanFile] = []
        for file in files {
            let display = Self.display(file.absolute, cwd: cwd)
            let target = project.target(of: file.absolute)
            // A declaration's module is the target its file belongs to (or what --module-map says),
            // never a folder name: a folder move inside a target is not a change of module. Only
            // sources with no manifest at all follow SwiftPM's `Sources/<target>/` convention.
            var module = resolver.mappedModule(displayPath: display, absolutePath: file.absolute) ?? target?.name
            if module == nil, project.targets.isEmpty {
                module = resolver.layoutModule(displayPath: display, absolutePath: file.absolute, root: file.root)
                if module != nil { summary.filesInLayoutModules += 1 }
            }
            let rel = file.root.map { r in file.absolute.hasPrefix(r + "/") ? String(file.absolute.dropFirst(r.count + 1)) : file.absolute } ?? display
            if project.manifestSources.contains(file.absolute) { continue }
            if Self.isGenerated(rel) { summary.skippedGenerated += 1; continue }
            if !configuration.includeTests, target?.kind == .test || Self.looksLikeTest(rel) { summary.skippedTests += 1; continue }
            if let t = target, t.kind == .app, !chosenApps.contains(t.name) { summary.skippedOtherTargets += 1; continue }
            // Without a manifest that says so, a `FooDemo/`, `FooSample/` or `Demo/` folder is a demo app.
            if module == nil { summary.filesWithoutTarget += 1 }
            var f = ScanFile(absolute: file.absolute, display: display, module: module, target: target)
            if target == nil, let demo = Self.demoFolder(rel), demo != configuration.target { f.demo = demo }
            work.append(f)
        }

        // The cache's second level: when every file's bytes, the project, the configuration and
        // navgraph are what an earlier scan saw, its whole result is the answer (docs/scanning.md).
        var resultCache: (cache: ScanResultCache, key: ContentHash)?
        var everyFileRead = false
        if let cache {
            // Unchanged files (same stat as when last hashed) are not read: StatTable.
            let stats = StatTable(options: cache, roots: roots, configuration: configuration)
            for (i, content) in stats.hashes(of: work.map(\.absolute)).enumerated() { work[i].content = content }
            everyFileRead = work.allSatisfy { $0.content != nil }
            var key = ScanResultCache.Key(toolVersion: cache.toolVersion, roots: roots, configuration: configuration)
            key.add(project: project)
            key.add(summary: summary, warnings: warnings)
            for file in work { key.add(file: file) }
            let entry = ScanResultCache(options: cache, roots: roots, configuration: configuration)
            if var result = entry.result(for: key.hash) {
                result.summary.filesFromCache = result.summary.filesRead
                result.summary.resultFromCache = true
                result.cacheNotes = entry.notes
                progress?(work.count, work.count)
                return result
            }
            resultCache = (entry, key.hash)
        }

        var config = configuration
        var fallbackRequirements: [String: DialectLearner.Requirement] = [:]
        let factCache = cache.map { FactCache(options: $0, roots: roots, configuration: configuration) }
        defer { factCache?.save() }
        var facts = Self.extract(work, config: config, cache: factCache, progress: progress)
        // Demo folders are another app only when the rest holds an app of its own (an entry or an
        // app delegate); a repository whose only app is its `ExampleApp/` keeps it.
        let demoFiles = Set(work.filter { $0.demo != nil }.map(\.display))
        if !demoFiles.isEmpty {
            let appElsewhere = facts.contains { f in
                !demoFiles.contains(f.path) && (!f.entries.isEmpty || f.types.contains(where: \.isCompositionRoot))
            }
            if appElsewhere {
                summary.skippedOtherTargets += demoFiles.count
                work.removeAll { demoFiles.contains($0.display) }
                facts.removeAll { demoFiles.contains($0.path) }
            }
        }
        // The index of these facts is built on a second thread while the dialect is learnt; it is
        // used when learning leaves the facts as they are (no file dropped, the same configuration).
        let speculativeIndex = Background { [facts] in SemanticIndex(files: facts) }
        var factsChanged = false
        // Learn the framework's names from its declarations; read the app again when they differ.
        if configuration.learnDialect {
            let learned = DialectLearner.learn(from: facts, base: configuration)
            // The framework's own files, and the files beside them (its target, or its folder) that
            // declare nothing of the app: no type conforming to a feature, route or handler protocol.
            let appKinds = Set(learned.config.featureProtocols + learned.config.routeProtocols + learned.config.handlerProtocols)
            let declaresApp = Set(facts.filter { f in
                f.types.contains { !$0.isProtocol && $0.inherited.contains(where: appKinds.contains) }
            }.map(\.path))
            var dropped = Set<String>()
            for path in learned.frameworkFiles {
                guard let f = work.first(where: { $0.display == path }) else { continue }
                dropped.insert(path)
                if let t = f.target, t.kind != .app {
                    for w in work where w.target == t && !declaresApp.contains(w.display) { dropped.insert(w.display) }
                } else {
                    let dir = (f.absolute as NSString).deletingLastPathComponent
                    guard !roots.contains(dir) else { continue }
                    for w in work where w.absolute.hasPrefix(dir + "/") && !declaresApp.contains(w.display) { dropped.insert(w.display) }
                }
            }
            summary.skippedVendored = dropped.count
            summary.learned = Self.describe(learned.config, base: configuration)
            work.removeAll { dropped.contains($0.display) }
            facts.removeAll { dropped.contains($0.path) }
            factsChanged = !dropped.isEmpty
            if learned.config != configuration {
                factsChanged = true
                config = learned.config
                factCache?.forgetHits()
                facts = Self.extract(work, config: config, cache: factCache, progress: progress)
            }
            fallbackRequirements = learned.fallbackRequirements
        }
        for i in facts.indices { warnings += facts[i].warnings; facts[i].warnings = [] }
        // Old syntax (Swift 2's `String -> Bool`, C-style `for`) is read as far as it parses; the totals name the files that did not.
        summary.unparsedFiles = Set(warnings.filter { $0.kind == .syntaxError }.compactMap { $0.location?.file }).sorted()
        summary.filesRead = work.count
        summary.filesFromCache = factCache.map { c in work.filter { c.hitPaths.contains($0.display) }.count } ?? 0

        // Each routing style maps the one semantic index onto the registry; `auto` reads every style
        // the sources use, and an app that mixes two gets one graph.
        let builtIndex = speculativeIndex.value
        var index = factsChanged ? SemanticIndex(files: facts) : builtIndex
        index.fallbackRequirements = fallbackRequirements
        var registry = Registry()
        var explanations: [CallSiteExplanation] = []
        let wanted = Set(configuration.styles)
        var routerServiceWarnings: [ScanWarning] = []
        let extractors = StyleExtractors.all
        let extracted = Self.readStyles(extractors, index: index, files: facts, config: config, wanted: wanted)
        for (extractor, found) in zip(extractors, extracted) {
            guard let found else { continue }
            registry = registry.merged(with: found.registry)
            explanations += found.explanations
            if extractor.style == .routerService {
                routerServiceWarnings = found.warnings
                if found.registry.features.isEmpty && found.registry.routes.isEmpty && found.registry.handlers.isEmpty { continue }
            } else {
                warnings += found.warnings
            }
            summary.styles.append(extractor.style)
        }
        // Under `auto`, RouterService's half-matches (a `Route` protocol of another style without an
        // identifier) are not warnings when RouterService found nothing and another style did.
        if !(wanted.isEmpty && !summary.styles.isEmpty && !summary.styles.contains(.routerService)) { warnings += routerServiceWarnings }
        summary.navigateCalls = explanations.count
        summary.navigateResolved = explanations.filter(\.isResolved).count
        summary.navigatePartly = explanations.filter { !$0.resolved.isEmpty && !$0.unresolved.isEmpty }.count
        // Screens shown around the router (push, present, sheet, …): `presents` edges, style `direct`.
        if !registry.features.isEmpty {
            let direct = DirectPresentations(index: index, registry: registry, config: config).run()
            for i in registry.features.indices {
                guard let p = direct.presents[registry.features[i].name] else { continue }
                var seen = Set<String>()
                registry.features[i].presents = p
                    .sorted { ($0.feature, $0.style ?? "", RegistryAssembler.key($0.origin)) < ($1.feature, $1.style ?? "", RegistryAssembler.key($1.origin)) }
                    .filter { seen.insert("\($0.feature)|\($0.style ?? "")").inserted }
            }
            let known = Set(registry.entries.filter { if case .feature = $0.target { true } else { false } }.map(\.name))
            let added = direct.entries.filter { !known.contains($0.name) }
            if !added.isEmpty {
                registry.entries = (registry.entries + added).sorted { ($0.name, $0.origin.source?.description ?? "") < ($1.name, $1.origin.source?.description ?? "") }
            }
            // What the scan could not follow among them holds back what it could show (`Completeness`).
            registry.unfollowed += UnfollowedCall.presentations(in: direct.explanations, candidates: direct.candidates)
            summary.presentCalls = direct.explanations.count
            summary.presentResolved = direct.explanations.filter(\.isResolved).count
            explanations += direct.explanations
        }
        // No entry point at all (the first screen comes from a storyboard, or from a root
        // presentation the scan could not follow): any screen may be the first, so no screen is
        // proven unreachable. The registry says so (`kind: entry`), and `check` on it holds back the same.
        if registry.entries.isEmpty && !registry.features.isEmpty {
            summary.noEntry = true
            registry.unfollowed.append(UnfollowedCall(
                call: "the first screen", kind: .entry,
                reason: "the sources show their first screen where the scan cannot read it: a storyboard, or a root presentation it could not follow"))
        }
        summary.features = registry.features.count
        summary.routes = registry.routes.count
        summary.handlers = registry.handlers.count
        summary.edges = registry.features.reduce(0) { $0 + $1.navigates.count }
        summary.directEdges = registry.features.reduce(0) { $0 + $1.presents.count }
        if summary.features + summary.routes + summary.handlers == 0 {
            throw InputError([Diagnostic(.error, "\(Self.noRoutingPrefix) \(paths.joined(separator: ", ")) (\(summary.filesRead) Swift files read\(summary.unparsedNote)): navgraph reads \(Self.stylesRead) (RouterService: types conforming to Feature, Route and RouteHandler, or renamed copies whose protocols are declared in the sources; name others under `scan:` in .navgraph.yml)", at: nil)]
                // What a style saw and could not read (an app's own tree DSL, say) says why.
                + Set(warnings.filter { $0.kind != .syntaxError }.map { $0.diagnostic(strict: false) }).sorted(by: Self.order))
        }
        let diagnostics = Set(warnings.map { $0.diagnostic(strict: configuration.strict) }).sorted(by: Self.order)
        var result = ScanResult(registry: registry, diagnostics: diagnostics, fileCount: work.count)
        result.summary = summary
        result.explanations = explanations.sorted { $0.location < $1.location }
        factCache?.save()
        if cache?.keepsRegistryYAML == true, !result.hasErrors { result.registryYAML = RegistryWriter.yaml(registry) }
        // Stored only when every file was read, and read the same when parsed as when hashed.
        if let resultCache, let factCache, everyFileRead, !factCache.sawChangedFile {
            resultCache.cache.store(result, for: resultCache.key)
        }
        result.cacheNotes = (factCache?.notes ?? []) + (resultCache?.cache.notes ?? [])
        return result
    }

    /// Each style's detection and extraction (`nil`: not read), in `extractors`' order. They only
    /// read the index, so they run at once: RouterService's on the calling thread, the others one
    /// after another on a second thread (with the main thread's stack size: value resolution recurses).
    static func readStyles(
        _ extractors: [any StyleExtractor.Type], index: SemanticIndex, files: [FileFacts], config: ScanConfiguration,
        wanted: Set<RoutingStyle>
    ) -> [StyleExtraction?] {
        func read(_ k: Int) -> StyleExtraction? {
            let e = extractors[k]
            guard wanted.contains(e.style) || (wanted.isEmpty && e.detect(in: index, files: files)) else { return nil }
            return e.extractMarked(from: index, files: files, config: config)
        }
        guard extractors.count > 1 else { return extractors.indices.map(read) }
        let rest = Background { (1..<extractors.count).map(read) }
        let first = read(0)
        return [first] + rest.value
    }

    /// swift-syntax's own parse of the files `scan` would list under `paths`, and nothing else: each
    /// file read and parsed on all cores exactly as `scan` reads and parses it, the tree dropped.
    /// The bench's peer for the work after parsing (`navgraph scan --parse-only`, docs/performance.md).
    /// - Returns: how many files and bytes were parsed.
    public static func parseOnly(paths: [String]) -> (files: Int, bytes: Int) {
        let cwd = FileManager.default.currentDirectoryPath
        var files: [String] = []
        for path in paths {
            let absolute = absolute(path, cwd: cwd)
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isDir) else { continue }
            files += isDir.boolValue ? swiftFiles(under: absolute) : [absolute]
        }
        let list = Array(Set(files)).sorted()
        let sizes = ParsedSizes(count: list.count)
        DispatchQueue.concurrentPerform(iterations: list.count) { i in
            guard let bytes = SourceFileReader.read(list[i]) else { return }
            let source = String(decoding: bytes, as: UTF8.self)
            sizes.store(i, FactExtractor.parseOnly(source))
        }
        return (list.count, sizes.total)
    }

    /// How the no-routing error starts (`isNoRouting` recognises it).
    static let noRoutingPrefix = "no routing found in"

    /// Whether `diagnostic` is the error of a scan that found no routing at all (the build-tool
    /// plugin is silent on such a target; the command line reports it).
    public static func isNoRouting(_ diagnostic: Diagnostic) -> Bool {
        diagnostic.severity == .error && diagnostic.location == nil && diagnostic.message.hasPrefix(noRoutingPrefix + " ")
    }

    /// The styles navgraph reads, for the no-routing error.
    static var stylesRead: String {
        let names = StyleExtractors.all.map { $0.style.rawValue }
        return "these routing styles: " + names.joined(separator: ", ")
    }

    struct ScanFile: Sendable {
        var absolute: String
        var display: String
        var module: String?
        var target: ProjectTarget?
        /// The demo folder the file is in (no manifest says which app it belongs to).
        var demo: String?
        /// The hash of the file's bytes, when the cache is on (nil: not read, or unreadable).
        var content: ContentHash?
    }

    /// Each file's facts, in `work`'s order. With the cache on, each file's `content` hash is known
    /// (`StatTable.hashes`): a file whose facts the cache holds is then not read again.
    static func extract(_ work: [ScanFile], config: ScanConfiguration, cache: FactCache? = nil, progress: ((Int, Int) -> Void)?) -> [FileFacts] {
        let results = ResultSlots(count: work.count, progress: progress)
        let fingerprint = cache.map { _ in FactCache.fingerprint(config) }
        DispatchQueue.concurrentPerform(iterations: work.count) { i in
            let file = work[i]
            results.store(i, parse(
                absolute: file.absolute, display: file.display, module: file.module, config: config,
                cache: cache.map { (cache: $0, fingerprint: fingerprint!) }, content: file.content))
        }
        return results.values
    }

    /// Demo, sample and example apps are not the app (pick one with `--target`).
    static func looksLikeDemo(_ name: String) -> Bool {
        let n = name.lowercased()
        return ["demo", "sample", "example", "playground", "showcase", "catalog", "uitests", "host"].contains { n.contains($0) }
    }

    /// The folder that holds a demo or sample app (`HomeFeatureSample`, `XKCDDemo`, `Demo`), if any.
    static func demoFolder(_ relativePath: String) -> String? {
        for dir in relativePath.split(separator: "/").dropLast() {
            let d = String(dir)
            if ["Demo", "Sample", "Samples", "Demos"].contains(d) { return d }
            for suffix in ["Demo", "Sample", "SampleApp", "DemoApp", "Example", "ExampleApp"] where d.hasSuffix(suffix) && d.count > suffix.count {
                return d
            }
        }
        return nil
    }

    /// Test targets' folders and test doubles: `FooTests/…`, `Tests/…`, `Mocks/…`, `FooSpy.swift`.
    static func looksLikeTest(_ relativePath: String) -> Bool {
        let parts = relativePath.split(separator: "/")
        for dir in parts.dropLast() {
            let d = String(dir)
            if d.hasSuffix("Tests") || d.hasSuffix("Test") || ["Mocks", "Mock", "TestDoubles", "Fakes", "Stubs", "TestSupport", "TestHelpers", "Spies"].contains(d) {
                return true
            }
        }
        guard let name = parts.last.map({ String($0.dropLast(".swift".count)) }) else { return false }
        return ["Tests", "Test", "Mock", "Mocks", "Spy", "Stub", "Stubs", "Fake", "Dummy"].contains { name.hasSuffix($0) && name.count > $0.count }
    }

    static func isGenerated(_ relativePath: String) -> Bool {
        relativePath.hasSuffix(".generated.swift") || relativePath.split(separator: "/").dropLast().contains { $0 == "Generated" || $0 == "Derived" }
    }

    /// What learning added to the configuration, for the summary (`feature protocol Builder`, …).
    static func describe(_ c: ScanConfiguration, base: ScanConfiguration) -> [String] {
        var out: [String] = []
        func diff(_ a: [String], _ b: [String], _ what: String) {
            let added = a.filter { !b.contains($0) }
            if !added.isEmpty { out.append("\(what) \(added.joined(separator: ", "))") }
        }
        diff(c.featureProtocols, base.featureProtocols, "feature protocol")
        diff(c.routeProtocols, base.routeProtocols, "route protocol")
        diff(c.handlerProtocols, base.handlerProtocols, "handler protocol")
        diff(c.navigateFunctions, base.navigateFunctions, "navigation")
        diff(c.navigateRouteLabels, base.navigateRouteLabels, "route label")
        diff(c.registerFunctions, base.registerFunctions, "registration")
        diff(c.destinationFunctions, base.destinationFunctions, "destination")
        diff(c.fallbackFunctions, base.fallbackFunctions, "fallback")
        diff(c.initialFeatureLabels + c.initialRouteLabels, base.initialFeatureLabels + base.initialRouteLabels, "entry label")
        diff(c.initialFeatureCalls, base.initialFeatureCalls, "entry")
        diff(c.routerTypes, base.routerTypes, "router")
        if c.routerProtocol != base.routerProtocol { out.append("router protocol \(c.routerProtocol)") }
        return out
    }

    /// One file's facts: from the cache when it holds them for these bytes, else parsed (and cached).
    /// `content`, the hash of the file's bytes read earlier in this scan, spares reading the file
    /// when the cache holds its facts; a file parsed is hashed again, and a file whose bytes changed
    /// since is flagged (`FactCache.sawChangedFile`), so no whole-scan entry is stored for a tree
    /// that changed under the scan.
    static func parse(
        absolute: String, display: String, module: String?, config: ScanConfiguration,
        cache: (cache: FactCache, fingerprint: ContentHash)? = nil, content: ContentHash? = nil
    ) -> FileFacts {
        if let cache, let content,
           let facts = cache.cache.facts(for: FactCache.key(contentHash: content, display: display, module: module, configuration: cache.fingerprint), path: display) {
            return facts
        }
        guard let bytes = SourceFileReader.read(absolute) else {
            if content != nil { cache?.cache.noteChangedFile() }
            var f = FileFacts(path: display, module: module)
            f.warnings.append(ScanWarning(.fileUnreadable, "cannot read \(display); the rest of the sources are scanned", at: SourceLocation(file: display, line: 1, column: 1)))
            return f
        }
        guard let cache else { return parse(data: Data(bytes), display: display, module: module, config: config) }
        let contentHash = ContentHash.of(bytes)
        let key = FactCache.key(contentHash: contentHash, display: display, module: module, configuration: cache.fingerprint)
        if contentHash != content {
            if content != nil { cache.cache.noteChangedFile() }
            if let facts = cache.cache.facts(for: key, path: display) { return facts }
        }
        let facts = parse(data: Data(bytes), display: display, module: module, config: config)
        cache.cache.store(facts, for: key)
        return facts
    }

    static func parse(data: Data, display: String, module: String?, config: ScanConfiguration) -> FileFacts {
        guard let source = String(data: data, encoding: .utf8) else {
            // One odd file never sinks the scan: read it with replacement characters and say so.
            var f = FactExtractor.extract(path: display, module: module, source: String(decoding: data, as: UTF8.self), config: config)
            f.warnings.append(ScanWarning(.fileNotUTF8, "\(display) is not UTF-8 text; it was read with its invalid bytes replaced", at: SourceLocation(file: display, line: 1, column: 1)))
            return f
        }
        return FactExtractor.extract(path: display, module: module, source: source, config: config)
    }

    static func order(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
        switch (a.location, b.location) {
        case let (x?, y?) where x != y: return x < y
        case (nil, _?): return true
        case (_?, nil): return false
        default: return (a.severity.rawValue, a.message) < (b.severity.rawValue, b.message)
        }
    }

    static func absolute(_ path: String, cwd: String) -> String {
        let p = path.hasPrefix("/") ? path : cwd + "/" + path
        return URL(fileURLWithPath: p).standardizedFileURL.path
    }

    /// Relative to the current directory when under it.
    static func display(_ absolute: String, cwd: String) -> String {
        let base = cwd.hasSuffix("/") ? cwd : cwd + "/"
        return absolute.hasPrefix(base) ? String(absolute.dropFirst(base.count)) : absolute
    }

    static let skippedFolders: Set<String> = ["Pods", "Carthage", "DerivedData", "node_modules"]

    static func swiftFiles(under root: String) -> [String] {
        var out: [String] = []
        var stack = [root]
        let fm = FileManager.default
        while let dir = stack.popLast() {
            guard let names = try? fm.contentsOfDirectory(atPath: dir) else { continue }
            for name in names where !name.hasPrefix(".") {
                let path = dir + "/" + name
                var isDir: ObjCBool = false
                guard fm.fileExists(atPath: path, isDirectory: &isDir) else {
                    // A dangling link named like a source file: listed, so that its absence is said.
                    if name.hasSuffix(".swift"), (try? fm.destinationOfSymbolicLink(atPath: path)) != nil { out.append(path) }
                    continue
                }
                if isDir.boolValue {
                    if !skippedFolders.contains(name) && !name.hasSuffix(".xcodeproj") { stack.append(path) }
                } else if name.hasSuffix(".swift") && name != "Package.swift" {
                    out.append(path)
                }
            }
        }
        return out
    }
}

/// Per-file results written from `concurrentPerform` workers, one slot each, under a lock.
private final class ResultSlots: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [FileFacts?]
    private var done = 0
    private let progress: ((Int, Int) -> Void)?

    init(count: Int, progress: ((Int, Int) -> Void)?) {
        slots = Array(repeating: nil, count: count)
        self.progress = progress
    }

    func store(_ i: Int, _ facts: FileFacts) {
        lock.lock()
        defer { lock.unlock() }
        slots[i] = facts
        done += 1
        progress?(done, slots.count)
    }

    var values: [FileFacts] {
        lock.lock()
        defer { lock.unlock() }
        return slots.compactMap { $0 }
    }
}

/// A value computed on a thread of its own (with the main thread's stack size) while the caller
/// goes on; `value` waits for it.
final class Background<T>: @unchecked Sendable {
    private var result: T?
    private let done = DispatchSemaphore(value: 0)

    init(_ work: @escaping () -> T) {
        nonisolated(unsafe) let work = work
        let thread = Thread { [self] in
            result = work()
            done.signal()
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// The result (waits once; later calls return it at once).
    var value: T {
        if !signalled { done.wait(); signalled = true }
        return result!
    }
    private var signalled = false
}

/// Bytes parsed per file by `parseOnly`, one slot each.
private final class ParsedSizes: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Int]

    init(count: Int) { slots = Array(repeating: 0, count: count) }

    func store(_ i: Int, _ bytes: Int) {
        lock.lock()
        defer { lock.unlock() }
        slots[i] = bytes
    }

    var total: Int {
        lock.lock()
        defer { lock.unlock() }
        return slots.reduce(0, +)
    }
}
