import Foundation
import NavGraphKit

/// The steps of `SwiftSourceScanner.scan`, in the order it runs them: list the Swift files, choose the
/// app target, decide which files are the app's, answer from the cache, read each file's facts (and the
/// framework's dialect), map the index onto the registry style by style, add the screens shown around
/// the router, and count.
extension SwiftSourceScanner {
    /// The files to read and what the scan knows before reading them: from `ScanPlanCache` when no
    /// folder walked and no manifest changed since the last scan, else made (walk the tree, read the
    /// project, choose the app, classify the files) and stored.
    func makePlan(paths: [String], roots: [String], cwd: String) throws -> ScanPlan {
        let context = cache.map { ScanPlanCache.Context(options: $0, paths: paths, roots: roots, cwd: cwd, configuration: configuration) }
        if let context, let plan = ScanPlanCache.load(context) { return plan }
        let stamp = StatTable.clock()
        let record = cache == nil ? nil : WalkRecord()
        var (files, warnings) = try Self.sourceFiles(paths, cwd: cwd, record: record)
        // The project's real shape: targets from Xcode projects, SwiftPM, podspecs and Tuist.
        let project = ProjectModel.discover(roots: roots, cache: cache, record: record)
        warnings += project.warnings.map { w in
            var w = w
            w.location = w.location.map { SourceLocation(file: Self.display($0.file, cwd: cwd), line: $0.line, column: $0.column) }
            return w
        }
        var summary = ScanSummary()
        let chosenApps = try chooseApps(of: project, summary: &summary)
        let work = filesToRead(files, project: project, apps: chosenApps, cwd: cwd, summary: &summary)
        let digest = cache == nil ? ContentHash(high: 0, low: 0)
            : ScanPlan.digest(targets: project.targets, summary: summary, warnings: warnings, work: work)
        let plan = ScanPlan(work: work, summary: summary, warnings: warnings, digest: digest)
        if let context, let record { ScanPlanCache.store(context, plan: plan, stamp: stamp, record: record, project: project) }
        return plan
    }

    /// Every Swift file under `paths` (each once, sorted), with the root folder it was found under; a
    /// path that does not exist is a warning. With `record`, the folders walked are noted there.
    /// - Throws: `InputError` when the paths hold no Swift file at all.
    static func sourceFiles(_ paths: [String], cwd: String, record: WalkRecord? = nil) throws -> (files: [(absolute: String, root: String?)], warnings: [ScanWarning]) {
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
                files += Self.swiftFiles(under: absolute, record: record).map { ($0, absolute) }
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
        return (files, warnings)
    }

    /// The app targets whose files are read: `--target`, else every app target that is not a demo.
    /// - Throws: `InputError` when `--target` names no target of the project.
    func chooseApps(of project: ProjectModel, summary: inout ScanSummary) throws -> Set<String> {
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
            // An app's extensions (a widget, an Intents UI) are no main app of their own: when they
            // are all that does not look like a demo, the application named `RoutingExample` is the app.
            let extensions = Set(project.targets.filter { $0.kind == .app && $0.isExtension }.map(\.name))
            let main = appTargets.filter { !Self.looksLikeDemo($0) }
            if main.contains(where: { !extensions.contains($0) }) { chosenApps = Set(main) }
        }
        summary.target = chosenApps.count == 1 && appTargets.count > 1 ? chosenApps.first : nil
        return chosenApps
    }

    /// The files of the chosen app, each with its module; manifests, generated files, tests and other
    /// apps' files are left out (and counted).
    func filesToRead(
        _ files: [(absolute: String, root: String?)], project: ProjectModel, apps chosenApps: Set<String>, cwd: String, summary: inout ScanSummary
    ) -> [ScanFile] {
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
            let parts = PathParts(rel)
            if Self.isGenerated(parts) { summary.skippedGenerated += 1; continue }
            if target == nil, !project.targets.isEmpty, Self.isTemplate(parts) { summary.skippedTemplates += 1; continue }
            if !configuration.includeTests, target?.kind == .test || Self.looksLikeTest(parts) { summary.skippedTests += 1; continue }
            if let t = target, t.kind == .app, !chosenApps.contains(t.name) { summary.skippedOtherTargets += 1; continue }
            // Without a manifest that says so, a `FooDemo/`, `FooSample/` or `Demo/` folder is a demo app.
            if module == nil { summary.filesWithoutTarget += 1 }
            var f = ScanFile(absolute: file.absolute, display: display, module: module, target: target)
            if target == nil, let demo = Self.demoFolder(parts), demo != configuration.target { f.demo = demo }
            work.append(f)
        }
        return work
    }

    enum CachedResult {
        case hit(ScanResult)
        /// Where to store this scan's result, under which key, and whether every file was hashed.
        case miss(ScanResultCache, ContentHash, everyFileRead: Bool)
    }

    /// The whole result an earlier scan of the same bytes stored, else where to store this one. Files
    /// whose stat is unchanged since they were last hashed are not read (`StatTable`).
    func cachedResult(_ cache: ScanCacheOptions, work: inout [ScanFile], roots: [String], plan digest: ContentHash) -> CachedResult {
        let stats = StatTable(options: cache, roots: roots, configuration: configuration)
        for (i, content) in stats.hashes(of: work.map(\.absolute)).enumerated() { work[i].content = content }
        let everyFileRead = work.allSatisfy { $0.content != nil }
        var key = ScanResultCache.Key(.bytes, toolVersion: cache.toolVersion, roots: roots, configuration: configuration, plan: digest)
        for file in work { key.add(file.content) }
        let entry = ScanResultCache(options: cache, roots: roots, configuration: configuration)
        if var result = entry.result(for: key.hash) {
            result.summary.filesFromCache = result.summary.filesRead
            result.summary.resultFromCache = true
            result.cacheNotes = entry.notes
            return .hit(result)
        }
        return .miss(entry, key.hash, everyFileRead: everyFileRead)
    }

    /// The key of the facts of the files in `work` (in its order; every file's bytes hashed), nil when
    /// the cache holds no facts for one of them.
    func factsKey(of work: [ScanFile], roots: [String], plan digest: ContentHash, facts: FactCache) -> ContentHash? {
        factsKey(of: factKeys(of: work), roots: roots, plan: digest, facts: facts)
    }

    /// Each file's key in the facts pack (nil: its bytes were not read).
    func factKeys(of work: [ScanFile]) -> [ContentHash?] {
        let fingerprint = FactCache.fingerprint(configuration)
        return work.map { file in
            file.content.map { FactCache.key(contentHash: $0, display: file.display, module: file.module, configuration: fingerprint) }
        }
    }

    /// The facts key from the files' keys in the pack (in `work`'s order).
    func factsKey(of keys: [ContentHash?], roots: [String], plan digest: ContentHash, facts: FactCache) -> ContentHash? {
        guard let options = cache else { return nil }
        var key = ScanResultCache.Key(.facts, toolVersion: options.toolVersion, roots: roots, configuration: configuration, plan: digest)
        for fileKey in keys {
            guard let fileKey, let checksum = facts.checksum(for: fileKey) else { return nil }
            key.add(checksum)
        }
        return key.hash
    }

    /// The stored result when the files whose bytes changed have the facts they had (a comment or a
    /// blank edited): the files the pack holds no facts for are parsed (on all cores, as `extract`
    /// does, and kept for the scan that follows a miss), every file's facts checksum makes the facts
    /// key, and the entry's result is the answer when its facts key is the same. The result is then
    /// stored under the new bytes' key too. Cost beyond the unchanged scan: reading the pack and
    /// parsing the changed files; no facts decoded, no index, no assembly.
    func reusedResult(
        _ entry: ScanResultCache, key: ContentHash, work: [ScanFile], roots: [String], plan digest: ContentHash, facts: FactCache,
        progress: ((Int, Int) -> Void)?
    ) -> ScanResult? {
        let keys = StageTimes.measure("scan: files' keys") { factKeys(of: work) }
        let changed = work.indices.filter { i in keys[i].map { facts.checksum(for: $0) == nil } ?? true }.map { work[$0] }
        _ = StageTimes.measure("scan: changed files parsed") { Self.extract(changed, config: configuration, cache: facts, progress: nil) }
        guard !facts.sawChangedFile, let factsKey = StageTimes.measure("scan: facts key", { factsKey(of: keys, roots: roots, plan: digest, facts: facts) }),
              var result = StageTimes.measure("scan: stored result by facts", { entry.result(forFacts: factsKey) }) else { return nil }
        progress?(work.count, work.count)
        result.summary.filesFromCache = min(result.summary.filesRead, work.count - changed.count)
        result.summary.resultFromCache = true
        StageTimes.measure("scan: stored result kept for the new bytes") { entry.storeAgain(for: key) }
        return result
    }

    /// What reading the files gives: their facts, their index, and the configuration they were read with.
    struct ReadFacts {
        var facts: [FileFacts]
        var index: SemanticIndex
        var config: ScanConfiguration
        var fallbackRequirements: [String: DialectLearner.Requirement] = [:]
    }

    /// Each file's facts, without a demo app beside the real one, read with the dialect learnt from
    /// the framework's declarations (the framework's own files dropped), and their semantic index.
    func readFacts(
        _ work: inout [ScanFile], roots: [String], cache factCache: FactCache?, summary: inout ScanSummary, progress: ((Int, Int) -> Void)?
    ) -> ReadFacts {
        var facts = StageTimes.measure("scan: facts (parsed, or from the cache)") {
            Self.extract(work, config: configuration, cache: factCache, progress: progress)
        }
        Self.dropDemoApps(&work, facts: &facts, summary: &summary)
        // The index of these facts is built on a second thread while the dialect is learnt; it is
        // used when learning leaves the facts as they are (no file dropped, the same configuration).
        let speculativeIndex = Background { [facts] in SemanticIndex(files: facts) }
        var read = ReadFacts(facts: facts, index: SemanticIndex(files: []), config: configuration)
        var factsChanged = false
        if configuration.learnDialect {
            factsChanged = learnDialect(&read, work: &work, roots: roots, cache: factCache, summary: &summary, progress: progress)
        }
        let builtIndex = speculativeIndex.value
        read.index = factsChanged ? SemanticIndex(files: read.facts) : builtIndex
        return read
    }

    /// Demo folders are another app only when the rest holds an app of its own (an entry or an app
    /// delegate); a repository whose only app is its `ExampleApp/` keeps it.
    static func dropDemoApps(_ work: inout [ScanFile], facts: inout [FileFacts], summary: inout ScanSummary) {
        let demoFiles = Set(work.filter { $0.demo != nil }.map(\.display))
        guard !demoFiles.isEmpty else { return }
        let appElsewhere = facts.contains { f in
            !demoFiles.contains(f.path) && (!f.entries.isEmpty || f.types.contains(where: \.isCompositionRoot))
        }
        if appElsewhere {
            summary.skippedOtherTargets += demoFiles.count
            work.removeAll { demoFiles.contains($0.display) }
            facts.removeAll { demoFiles.contains($0.path) }
        }
    }

    /// Learns the framework's names from its declarations, drops the framework's own files and the
    /// files beside them (its target, or its folder) that declare nothing of the app, and reads the
    /// app again when the names differ. Returns whether the facts changed.
    func learnDialect(
        _ read: inout ReadFacts, work: inout [ScanFile], roots: [String], cache factCache: FactCache?, summary: inout ScanSummary,
        progress: ((Int, Int) -> Void)?
    ) -> Bool {
        let learned = DialectLearner.learn(from: read.facts, base: configuration)
        // App files: a type conforming to a feature, route or handler protocol.
        let appKinds = Set(learned.config.featureProtocols + learned.config.routeProtocols + learned.config.handlerProtocols)
        let declaresApp = Set(read.facts.filter { f in
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
        read.facts.removeAll { dropped.contains($0.path) }
        var factsChanged = !dropped.isEmpty
        if learned.config != configuration {
            factsChanged = true
            read.config = learned.config
            factCache?.forgetHits()
            read.facts = Self.extract(work, config: read.config, cache: factCache, progress: progress)
        }
        read.fallbackRequirements = learned.fallbackRequirements
        return factsChanged
    }

    /// Each routing style maps the one semantic index onto the registry; `auto` reads every style the
    /// sources use, and an app that mixes two gets one graph.
    func readRegistry(
        index: SemanticIndex, facts: [FileFacts], config: ScanConfiguration, summary: inout ScanSummary, warnings: inout [ScanWarning]
    ) -> (registry: Registry, explanations: [CallSiteExplanation], routerTypes: Set<String>) {
        var registry = Registry()
        var explanations: [CallSiteExplanation] = []
        var routerTypes = Set<String>()
        let wanted = Set(configuration.styles)
        var routerServiceWarnings: [ScanWarning] = []
        var routerServiceExplanations: [CallSiteExplanation] = []
        var decided = Set<SourceLocation>()
        let extractors = StyleExtractors.all
        let extracted = Self.readStyles(extractors, index: index, files: facts, config: config, wanted: wanted)
        for (extractor, found) in zip(extractors, extracted) {
            guard let found else { continue }
            registry = registry.merged(with: found.registry)
            routerTypes.formUnion(found.routerTypes)
            decided.formUnion(found.decidedSites)
            if extractor.style == .routerService {
                routerServiceExplanations = found.explanations
                routerServiceWarnings = found.warnings
                if found.registry.features.isEmpty && found.registry.routes.isEmpty && found.registry.handlers.isEmpty { continue }
            } else {
                explanations += found.explanations
                warnings += found.warnings
            }
            summary.styles.append(extractor.style)
        }
        // A call another style explains (`router.navigate(to: .track(…))` of a route enum) is that
        // style's: RouterService's reading of the same call (a navigate call whose argument is no
        // route type) is not a second call, and not a call left unfollowed; nor is a call where another
        // style's value was decided (`ui?.navigate(to: .home(…))` of the screen's own method that hands
        // the case to the route enum's router: a call of that wrapper, not of RouterService).
        let explained = Set(explanations.map(\.location) + explanations.flatMap { $0.resolved.map(\.site) }).union(decided)
        let duplicates = Set(routerServiceExplanations.filter { explained.contains($0.location) }.map { RegistryAssembler.key(RegistryAssembler.origin($0.location)) })
        explanations += routerServiceExplanations.filter { !explained.contains($0.location) }
        if !duplicates.isEmpty {
            registry.unfollowed.removeAll { $0.kind == .navigate && $0.system == nil && duplicates.contains(RegistryAssembler.key($0.origin)) }
        }
        // Under `auto`, RouterService's half-matches (a `Route` protocol of another style without an
        // identifier) are not warnings when RouterService found nothing and another style did.
        if !(wanted.isEmpty && !summary.styles.isEmpty && !summary.styles.contains(.routerService)) { warnings += routerServiceWarnings }
        summary.navigateCalls = explanations.count
        summary.navigateResolved = explanations.filter(\.isResolved).count
        summary.navigatePartly = explanations.filter { !$0.resolved.isEmpty && !$0.unresolved.isEmpty }.count
        return (registry, explanations, routerTypes)
    }

    /// Screens shown around the router (push, present, sheet, …) as `presents` edges of style `direct`,
    /// the entries they add, and what the scan could not follow among them (it holds back what it could
    /// show: `Completeness`). Returns their explanations.
    static func addDirectPresentations(
        to registry: inout Registry, index: SemanticIndex, config: ScanConfiguration, routerCode: Set<String> = [], summary: inout ScanSummary
    ) -> [CallSiteExplanation] {
        let direct = DirectPresentations(index: index, registry: registry, config: config, routerCode: routerCode).run()
        for i in registry.features.indices {
            guard let p = direct.presents[registry.features[i].name] else { continue }
            var seen = Set<String>()
            // A style's own `presents` (a SwiftUI stack's first view, `child`) are kept beside them.
            registry.features[i].presents = (registry.features[i].presents + p)
                .sorted { ($0.feature, $0.style ?? "", RegistryAssembler.key($0.origin)) < ($1.feature, $1.style ?? "", RegistryAssembler.key($1.origin)) }
                .filter { seen.insert("\($0.feature)|\($0.style ?? "")").inserted }
        }
        let known = Set(registry.entries.filter { if case .feature = $0.target { true } else { false } }.map(\.name))
        let added = direct.entries.filter { !known.contains($0.name) }
        if !added.isEmpty {
            registry.entries = (registry.entries + added).sorted { ($0.name, $0.origin.source?.description ?? "") < ($1.name, $1.origin.source?.description ?? "") }
        }
        registry.unfollowed += UnfollowedCall.presentations(in: direct.explanations, candidates: direct.candidates)
        summary.presentCalls = direct.explanations.count
        summary.presentResolved = direct.explanations.filter(\.isResolved).count
        return direct.explanations
    }

    /// No entry point at all (the first screen comes from a storyboard, or from a root presentation
    /// the scan could not follow): any screen may be the first, so no screen is proven unreachable.
    /// The registry says so (`kind: entry`), and `check` on it holds back the same.
    static func noteMissingEntry(in registry: inout Registry, summary: inout ScanSummary) {
        guard registry.entries.isEmpty && !registry.features.isEmpty else { return }
        summary.noEntry = true
        registry.unfollowed.append(UnfollowedCall(
            call: "the first screen", kind: .entry,
            reason: "the sources show their first screen where the scan cannot read it: a storyboard, or a root presentation it could not follow"))
    }

    static func count(_ registry: Registry, into summary: inout ScanSummary) {
        summary.features = registry.features.count
        summary.routes = registry.routes.count
        summary.handlers = registry.handlers.count
        summary.edges = registry.features.reduce(0) { $0 + $1.navigates.count }
        summary.directEdges = registry.features.reduce(0) { $0 + $1.presents.count }
    }

    /// Sources in which a routing system's routes or handlers are found but no screen at all (a feature
    /// protocol the scan could not learn, screens of a shape it does not read): nothing can be checked,
    /// so this is an error like no routing at all, never a green `0 errors in 0 features`. It says what
    /// was found, how many navigation calls were not followed, and how to name the screens' protocol.
    static func noScreens(in paths: [String], summary: ScanSummary, warnings: [ScanWarning]) -> InputError {
        let found = [(summary.routes, "route"), (summary.handlers, "handler")].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }
        let calls = summary.navigateCalls == 0 ? "no navigate call" : "\(summary.navigateCalls) navigate call\(summary.navigateCalls == 1 ? "" : "s") (\(summary.navigateResolved) resolved)"
        let styles = summary.styles.isEmpty ? "" : " [\(summary.styles.map(\.rawValue).joined(separator: ", "))]"
        let learned = summary.learned.isEmpty ? "" : "; learnt: \(summary.learned.joined(separator: ", "))"
        return InputError([Diagnostic(.error, "\(Self.noScreensPrefix) \(paths.joined(separator: ", ")) (\(summary.filesRead) Swift files read\(summary.unparsedNote)): the scan found routing\(styles) — \(found.joined(separator: ", ")), \(calls)\(learned) — but no type it reads as a screen, so nothing can be checked; name the protocol your screens conform to under `scan:` in .navgraph.yml (featureProtocols)", at: nil)]
            + Set(warnings.filter { $0.kind != .syntaxError }.map { $0.diagnostic(strict: false) }).sorted(by: Self.order))
    }

    /// Sources in which no feature, route or handler is found: an error naming the styles navgraph
    /// reads, with what a style saw and could not read (an app's own tree DSL, say).
    static func noRouting(in paths: [String], summary: ScanSummary, warnings: [ScanWarning]) -> InputError {
        InputError([Diagnostic(.error, "\(Self.noRoutingPrefix) \(paths.joined(separator: ", ")) (\(summary.filesRead) Swift files read\(summary.unparsedNote)): navgraph reads \(Self.stylesRead) (RouterService: types conforming to Feature, Route and RouteHandler, or renamed copies whose protocols are declared in the sources; name others under `scan:` in .navgraph.yml)", at: nil)]
            + Set(warnings.filter { $0.kind != .syntaxError }.map { $0.diagnostic(strict: false) }).sorted(by: Self.order))
    }
}
