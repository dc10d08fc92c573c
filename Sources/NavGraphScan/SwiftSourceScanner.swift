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
        let roots = paths.map { Self.absolute($0, cwd: cwd) }.filter { p in
            var d: ObjCBool = false
            return FileManager.default.fileExists(atPath: p, isDirectory: &d) && d.boolValue
        }
        // The files to read, their modules and targets: remembered while no folder or manifest changes.
        let plan = try StageTimes.measure("scan: plan (files, targets)") { try makePlan(paths: paths, roots: roots, cwd: cwd) }
        var (work, summary, warnings) = (plan.work, plan.summary, plan.warnings)

        // The cache's second level: when every file's bytes, the project, the configuration and
        // navgraph are what an earlier scan saw, its whole result is the answer (docs/scanning.md).
        var resultCache: (cache: ScanResultCache, key: ContentHash)?
        var everyFileRead = false
        if let cache {
            switch StageTimes.measure("scan: whole-scan cache (stat, hash)", { cachedResult(cache, work: &work, roots: roots, plan: plan.digest) }) {
            case .hit(let result):
                progress?(work.count, work.count)
                return result
            case .miss(let entry, let key, let everyRead):
                resultCache = (entry, key)
                everyFileRead = everyRead
            }
        }

        let factCache = cache.map { c in StageTimes.measure("scan: facts pack read") { FactCache(options: c, roots: roots, configuration: configuration) } }
        defer { factCache?.save() }
        // The bytes changed but perhaps not the facts (a comment edited): the files that changed are
        // parsed, and when every file's facts are what the stored result was made from, it is the answer.
        if let resultCache, let factCache, everyFileRead, resultCache.cache.storedFactsKey != nil,
           var result = reusedResult(resultCache.cache, key: resultCache.key, work: work, roots: roots, plan: plan.digest, facts: factCache, progress: progress) {
            StageTimes.measure("scan: write the facts pack") { factCache.save() }
            result.cacheNotes = factCache.notes + resultCache.cache.notes
            return result
        }
        let planned = work
        let read = StageTimes.measure("scan: facts, dialect, semantic index") {
            readFacts(&work, roots: roots, cache: factCache, summary: &summary, progress: progress)
        }
        var facts = read.facts
        for i in facts.indices { warnings += facts[i].warnings; facts[i].warnings = [] }
        // Old syntax (Swift 2's `String -> Bool`, C-style `for`) is read as far as it parses; the totals name the files that did not.
        summary.unparsedFiles = Set(warnings.filter { $0.kind == .syntaxError }.compactMap { $0.location?.file }).sorted()
        summary.filesRead = work.count
        summary.filesFromCache = factCache.map { c in work.filter { c.hitPaths.contains($0.display) }.count } ?? 0
        // Every file's facts are known: the pack is written on a second thread while the styles
        // read them (nothing below stores facts; a re-scan after a code edit spent 0.05 s on it at the end).
        let packWritten = factCache.map { c in Background { StageTimes.measure("scan: write the facts pack") { c.save() } } }

        var index = read.index
        index.fallbackRequirements = read.fallbackRequirements
        // Several apps that declare the same types are several programs (`AppPrograms`).
        let programs = AppPrograms.split(work, facts: facts)
        let (registry, explanations) = programs.map { analyse($0, read: read, facts: facts, summary: &summary, warnings: &warnings) }
            ?? analyse(index: index, facts: facts, config: read.config, summary: &summary, warnings: &warnings)
        Self.count(registry, into: &summary)
        if summary.features + summary.routes + summary.handlers == 0 {
            throw Self.noRouting(in: paths, summary: summary, warnings: warnings)
        }
        if summary.features == 0 {
            throw Self.noScreens(in: paths, summary: summary, warnings: warnings)
        }
        var result = StageTimes.measure("scan: diagnostics and call sites in order") {
            let diagnostics = Set(warnings.map { $0.diagnostic(strict: configuration.strict) }).sorted(by: Self.order)
            var result = ScanResult(registry: registry, diagnostics: diagnostics, fileCount: work.count)
            result.summary = summary
            result.explanations = explanations.sorted { $0.location < $1.location }
            return result
        }
        packWritten?.value
        if cache?.keepsRegistryYAML == true, !result.hasErrors { result.registryYAML = StageTimes.measure("scan: registry YAML") { RegistryWriter.yaml(registry) } }
        // Stored only when every file was read, and read the same when parsed as when hashed; with
        // the key of the facts when they alone made it (no dialect learnt: the learnt names' facts
        // are not in that key).
        if let resultCache, let factCache, everyFileRead, !factCache.sawChangedFile {
            let factsKey = read.config == configuration ? factsKey(of: planned, roots: roots, plan: plan.digest, facts: factCache) : nil
            StageTimes.measure("scan: store the result") { resultCache.cache.store(result, for: resultCache.key, factsKey: factsKey) }
        }
        result.cacheNotes = (factCache?.notes ?? []) + (resultCache?.cache.notes ?? [])
        // The facts and the index are not freed object by object in the command line's process.
        KeptUntilExit.keep((read, facts, index))
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
        let sizes = parallelMap(list.count) { i -> Int in
            guard let bytes = SourceFileReader.read(list[i]) else { return 0 }
            return FactExtractor.parseOnly(String(decoding: bytes, as: UTF8.self))
        }
        return (list.count, sizes.reduce(0, +))
    }

    /// How the no-routing error starts (`isNoRouting` recognises it).
    static let noRoutingPrefix = "no routing found in"
    /// How the error of routing without any screen starts (`isNoRouting` recognises it too).
    static let noScreensPrefix = "no screens found in"

    /// Whether `diagnostic` is the error of a scan that found no routing at all (the build-tool
    /// plugin is silent on such a target; the command line reports it).
    public static func isNoRouting(_ diagnostic: Diagnostic) -> Bool {
        diagnostic.severity == .error && diagnostic.location == nil
            && (diagnostic.message.hasPrefix(noRoutingPrefix + " ") || diagnostic.message.hasPrefix(noScreensPrefix + " "))
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
        let fingerprint = cache.map { _ in FactCache.fingerprint(config) }
        return parallelMap(work.count, progress: progress) { i in
            let file = work[i]
            return parse(
                absolute: file.absolute, display: file.display, module: file.module, config: config,
                cache: cache.map { (cache: $0, fingerprint: fingerprint!) }, content: file.content)
        }
    }

    /// Demo, sample and example apps are not the app (pick one with `--target`).
    static func looksLikeDemo(_ name: String) -> Bool {
        let n = name.lowercased()
        return ["demo", "sample", "example", "playground", "showcase", "catalog", "uitests", "host"].contains { n.contains($0) }
    }

    /// The folder that holds a demo or sample app (`HomeFeatureSample`, `XKCDDemo`, `Demo`), if any.
    static func demoFolder(_ path: PathParts) -> String? {
        for dir in path.folders {
            if ["Demo", "Sample", "Samples", "Demos"].contains(dir) { return String(dir) }
            for suffix in ["Demo", "Sample", "SampleApp", "DemoApp", "Example", "ExampleApp"] where dir.hasSuffix(suffix) && dir.count > suffix.count {
                return String(dir)
            }
        }
        return nil
    }

    /// A relative path split once at its slashes: its folders and its file name (the plan asks
    /// four questions of every file's path; each split it again, ~0.1 s of a 13,000-file plan).
    struct PathParts {
        let folders: ArraySlice<Substring>
        let name: Substring?
        init(_ relativePath: String) {
            let parts = relativePath.split(separator: "/")
            folders = parts.dropLast()
            name = parts.last
        }
    }

    /// Test targets' folders and test doubles: `FooTests/…`, `Tests/…`, `Mocks/…`, `FooSpy.swift`.
    ///
    /// A folder is a test folder by a test bundle's name (`…Tests`, `…UnitTest`, `…UITest`, `Test`),
    /// not by merely ending in `Test`: an app called `TribalTest` or `TFARC-Test` (beside its
    /// `TFARC-TestTests/`) keeps its files. (A test target the project declares is left out by its kind.)
    static func looksLikeTest(_ relativePath: String) -> Bool { looksLikeTest(PathParts(relativePath)) }

    static func looksLikeTest(_ path: PathParts) -> Bool {
        for d in path.folders {
            if d.hasSuffix("Tests") || d == "Test" || d.hasSuffix("UnitTest") || d.hasSuffix("UITest")
                || ["Mocks", "Mock", "TestDoubles", "Fakes", "Stubs", "TestSupport", "TestHelpers", "Spies"].contains(d)
            {
                return true
            }
        }
        guard let name = path.name.map({ $0.dropLast(".swift".count) }) else { return false }
        return ["Tests", "Test", "Mock", "Mocks", "Spy", "Stub", "Stubs", "Fake", "Dummy"].contains { name.hasSuffix($0) && name.count > $0.count }
    }

    /// A file template's folder: `Templates/`, `templates/`, `VIPER.xctemplate/`. Only files that no
    /// target of the project builds are left out for it (a target's `Templates` screen is app code).
    static func isTemplate(_ path: PathParts) -> Bool {
        path.folders.contains { dir in
            dir.lowercased() == "templates" || dir.hasSuffix(".xctemplate")
        }
    }

    static func isGenerated(_ path: PathParts) -> Bool {
        path.name?.hasSuffix(".generated.swift") == true || path.folders.contains { $0 == "Generated" || $0 == "Derived" }
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

    static func swiftFiles(under root: String, record: WalkRecord? = nil) -> [String] {
        var out: [String] = []
        DirectoryWalk.walk(root, sortedNames: false, record: record) { _, name, path, isDirectory in
            guard let isDirectory else {
                // A dangling link named like a source file: listed, so that its absence is said.
                if name.hasSuffix(".swift"), (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil { out.append(path) }
                return false
            }
            if isDirectory { return !skippedFolders.contains(name) && !name.hasSuffix(".xcodeproj") }
            if name.hasSuffix(".swift") && name != "Package.swift" { out.append(path) }
            return false
        }
        return out
    }
}
