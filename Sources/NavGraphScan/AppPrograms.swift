import NavGraphKit

/// Several app targets that declare the same types are several programs, as Swift compiles them:
/// a name in one app's file means that app's type, never the other's. A project with an MVC, an
/// MVVM and a VIPER app of one movie list (each its own `MovieListViewController`) was read as
/// one program: three screens merged into one, a false `duplicate-feature` error, and no edge.
///
/// Each app is analysed apart, with the files it builds (its own, and the files it shares with
/// the other apps or takes from libraries: a library cannot see an app's types), and the
/// registries are merged. A name that two apps declare differently is qualified by its module
/// (`MovieBoxMVVM.MovieListViewController`), everywhere the app's registry names it; what the
/// apps share (a library's screen, a file both build) is one element.
struct AppPrograms {
    /// One app's program: the app target and the indices (into the facts) of the files it builds.
    struct Program {
        var app: String
        var files: [Int]
    }

    /// The programs to analyse apart, or nil when the sources are one program: fewer than two app
    /// targets, or no top-level type that two of them declare in files of their own.
    ///
    /// Cost: O(files × apps) membership tests plus one pass over the types.
    static func split(_ work: [SwiftSourceScanner.ScanFile], facts: [FileFacts]) -> [Program]? {
        var byDisplay: [String: SwiftSourceScanner.ScanFile] = [:]
        for w in work { byDisplay[w.display] = w }
        var apps: [String: ProjectTarget] = [:]
        for w in work { if let t = w.target, t.kind == .app, !t.isExtension { apps[t.name] = t } }
        guard apps.count > 1 else { return nil }
        // Top-level types each app declares in files only it builds.
        var declaredBy: [String: Set<String>] = [:]
        for f in facts {
            guard let w = byDisplay[f.path], let t = w.target, apps[t.name] != nil else { continue }
            let builders = apps.values.filter { builds($0, w.absolute) || $0.name == t.name }
            guard builders.count == 1 else { continue }
            for type in f.types where !type.isExtension && type.outer == nil {
                declaredBy[type.name, default: []].insert(t.name)
            }
        }
        guard declaredBy.values.contains(where: { $0.count > 1 }) else { return nil }
        return apps.keys.sorted().map { app in
            let target = apps[app]!
            let files = facts.indices.filter { i in
                guard let w = byDisplay[facts[i].path], let t = w.target, t.kind == .app, !t.isExtension else { return true }
                return t.name == app || builds(target, w.absolute)
            }
            return Program(app: app, files: files)
        }
    }

    /// Whether `target` builds the file: it lists it, or a folder it builds holds it.
    static func builds(_ target: ProjectTarget, _ absolute: String) -> Bool {
        target.files.contains(absolute) || target.prefixes.contains { absolute == $0 || absolute.hasPrefix($0 + "/") }
    }

    /// One program's result.
    struct Part {
        var app: String
        var registry: Registry
        var explanations: [CallSiteExplanation]
    }

    /// The programs' registries as one: names two programs declare at different places qualified by
    /// the declaring module (else the app), shared elements once, everything sorted.
    static func merge(_ parts: [Part]) -> (registry: Registry, explanations: [CallSiteExplanation]) {
        // Name → program → the places that declare it there. A name is qualified in a program when
        // another program declares it elsewhere; a duplicate within one app stays a duplicate.
        var places: [String: [Int: Set<String>]] = [:]
        for (k, p) in parts.enumerated() {
            func note(_ name: String, _ origin: ElementOrigin) { places[name, default: [:]][k, default: []].insert(RegistryAssembler.key(origin)) }
            for f in p.registry.features { note(f.name, f.origin) }
            for r in p.registry.routes { note(r.id, r.origin) }
            for h in p.registry.handlers { note(h.name, h.origin) }
            for d in p.registry.dependencies { note(d.protocol, d.origin) }
        }
        var merged = Registry()
        var explanations: [CallSiteExplanation] = []
        for (k, p) in parts.enumerated() {
            var names: [String: String] = [:]
            func qualify(_ name: String, _ module: String?) {
                guard let byProgram = places[name], let mine = byProgram[k], byProgram.contains(where: { $0.key != k && $0.value != mine }) else { return }
                names[name] = (module ?? p.app) + "." + name
            }
            for f in p.registry.features { qualify(f.name, f.module) }
            for r in p.registry.routes { qualify(r.id, r.module) }
            for h in p.registry.handlers { qualify(h.name, h.module) }
            for d in p.registry.dependencies { qualify(d.protocol, d.module) }
            var registry = p.registry
            var calls = p.explanations
            if !names.isEmpty {
                rename(&registry, names)
                for i in calls.indices { rename(&calls[i], names) }
            }
            merged = merged.merged(with: registry)
            explanations += calls
        }
        return (deduplicated(merged), deduplicatedCalls(explanations))
    }

    static func rename(_ r: inout Registry, _ names: [String: String]) {
        func n(_ s: String) -> String { names[s] ?? s }
        for i in r.features.indices {
            r.features[i].name = n(r.features[i].name)
            r.features[i].fallback = r.features[i].fallback.map(n)
            for k in r.features[i].navigates.indices { r.features[i].navigates[k].route = n(r.features[i].navigates[k].route) }
            for k in r.features[i].presents.indices { r.features[i].presents[k].feature = n(r.features[i].presents[k].feature) }
            for k in r.features[i].dependencies.indices { r.features[i].dependencies[k].name = n(r.features[i].dependencies[k].name) }
        }
        for i in r.routes.indices { r.routes[i].id = n(r.routes[i].id) }
        for i in r.handlers.indices {
            r.handlers[i].name = n(r.handlers[i].name)
            for k in r.handlers[i].routes.indices {
                r.handlers[i].routes[k].route = n(r.handlers[i].routes[k].route)
                r.handlers[i].routes[k].feature = n(r.handlers[i].routes[k].feature)
            }
        }
        for i in r.dependencies.indices {
            r.dependencies[i].protocol = n(r.dependencies[i].protocol)
            for k in r.dependencies[i].dependencies.indices { r.dependencies[i].dependencies[k].name = n(r.dependencies[i].dependencies[k].name) }
        }
        for i in r.provided.indices { r.provided[i].name = n(r.provided[i].name) }
        for i in r.entries.indices {
            switch r.entries[i].target {
            case .feature(let f): r.entries[i].target = .feature(n(f))
            case .route(let x): r.entries[i].target = .route(n(x))
            }
        }
        for i in r.deeplinks.indices { r.deeplinks[i].route = r.deeplinks[i].route.map(n) }
        for i in r.unfollowed.indices {
            r.unfollowed[i].from = r.unfollowed[i].from.map(n)
            r.unfollowed[i].routes = r.unfollowed[i].routes?.map(n)
            r.unfollowed[i].screens = r.unfollowed[i].screens?.map(n)
        }
    }

    static func rename(_ c: inout CallSiteExplanation, _ names: [String: String]) {
        func n(_ s: String) -> String { names[s] ?? s }
        for i in c.resolved.indices {
            c.resolved[i].route = n(c.resolved[i].route)
            c.resolved[i].features = c.resolved[i].features.map(n)
        }
        for i in c.unresolved.indices { c.unresolved[i].route = c.unresolved[i].route.map(n) }
        c.callers = c.callers.map(n)
    }

    /// Elements two programs both hold (a shared file's, a library's) once; a screen whose edges
    /// differ between them (it navigates from code only one app builds around it) with the union.
    static func deduplicated(_ r: Registry) -> Registry {
        var out = r
        out.features = once(r.features, key: { $0.name + "\u{0}" + RegistryAssembler.key($0.origin) }) { kept, other in
            kept.navigates = union(kept.navigates, other.navigates)
            kept.presents = union(kept.presents, other.presents)
            kept.dependencies = union(kept.dependencies, other.dependencies)
        }
        out.routes = once(r.routes, key: { $0.id + "\u{0}" + RegistryAssembler.key($0.origin) }) { _, _ in }
        out.handlers = once(r.handlers, key: { $0.name + "\u{0}" + RegistryAssembler.key($0.origin) }) { kept, other in
            kept.routes = union(kept.routes, other.routes)
        }
        out.dependencies = once(r.dependencies, key: { $0.protocol + "\u{0}" + RegistryAssembler.key($0.origin) }) { _, _ in }
        out.provided = once(r.provided, key: { $0.name + "\u{0}" + RegistryAssembler.key($0.origin) }) { _, _ in }
        out.flags = once(r.flags, key: { $0.name + "\u{0}" + RegistryAssembler.key($0.origin) }) { _, _ in }
        out.entries = once(r.entries, key: { $0.name + "\u{0}" + RegistryAssembler.key($0.origin) }) { _, _ in }
        out.deeplinks = once(r.deeplinks, key: { $0.displayName + "\u{0}" + RegistryAssembler.key($0.origin) }) { _, _ in }
        out.unfollowed = once(r.unfollowed, key: { u in
            [u.kind.rawValue, RegistryAssembler.key(u.origin), u.call, (u.screens ?? []).joined(separator: ","), (u.routes ?? []).joined(separator: ",")]
                .joined(separator: "\u{0}")
        }) { kept, other in kept.from = union(kept.from, other.from) }
        return out
    }

    /// `items` once per key, sorted by key; a second item of a key that differs from the first is
    /// `combine`d into it.
    static func once<T: Hashable>(_ items: [T], key: (T) -> String, combine: (inout T, T) -> Void) -> [T] {
        var at: [String: Int] = [:]
        var out: [T] = []
        for item in items {
            let k = key(item)
            if let i = at[k] {
                if out[i] != item { combine(&out[i], item) }
            } else {
                at[k] = out.count
                out.append(item)
            }
        }
        return out.sorted { key($0) < key($1) }
    }

    static func union<T: Hashable>(_ a: [T], _ b: [T]) -> [T] {
        let known = Set(a)
        return a + b.filter { !known.contains($0) }
    }

    /// A call in a file two apps build, explained once: what either program followed it to.
    static func deduplicatedCalls(_ calls: [CallSiteExplanation]) -> [CallSiteExplanation] {
        var at: [String: Int] = [:]
        var out: [CallSiteExplanation] = []
        for c in calls {
            let k = "\(c.kind.rawValue)|\(c.location)|\(c.written)"
            if let i = at[k] {
                out[i].resolved += c.resolved.filter { !out[i].resolved.contains($0) }
                out[i].unresolved += c.unresolved.filter { !out[i].unresolved.contains($0) }
                out[i].callers += c.callers.filter { !out[i].callers.contains($0) }
            } else {
                at[k] = out.count
                out.append(c)
            }
        }
        return out
    }
}

extension SwiftSourceScanner {
    /// One program's registry: the styles' routes and screens, the screens shown around the router
    /// (push, present, sheet, …: `presents` edges, style `direct`; what the styles' own routers decide
    /// to present is theirs), and a missing entry noted.
    func analyse(
        index: SemanticIndex, facts: [FileFacts], config: ScanConfiguration, summary: inout ScanSummary, warnings: inout [ScanWarning]
    ) -> (registry: Registry, explanations: [CallSiteExplanation]) {
        var (registry, explanations, routerTypes) = StageTimes.measure("scan: routing styles") {
            readRegistry(index: index, facts: facts, config: config, summary: &summary, warnings: &warnings)
        }
        if !registry.features.isEmpty {
            explanations += StageTimes.measure("scan: direct presentations") {
                Self.addDirectPresentations(to: &registry, index: index, config: config, routerCode: routerTypes, summary: &summary)
            }
        }
        Self.noteMissingEntry(in: &registry, summary: &summary)
        return (registry, explanations)
    }

    /// Each app's program analysed apart (its files' own index) and the registries merged
    /// (`AppPrograms.merge`); the totals count every call once. An app whose first screen is not
    /// found makes only its own screens possible first screens.
    func analyse(
        _ programs: [AppPrograms.Program], read: ReadFacts, facts: [FileFacts], summary: inout ScanSummary, warnings: inout [ScanWarning]
    ) -> (registry: Registry, explanations: [CallSiteExplanation]) {
        var parts: [AppPrograms.Part] = []
        var styles = Set<RoutingStyle>()
        var noEntry = false
        for program in programs {
            let files = program.files.map { facts[$0] }
            var index = StageTimes.measure("scan: semantic index of each app") { SemanticIndex(files: files) }
            index.fallbackRequirements = read.fallbackRequirements
            var own = summary
            own.styles = []
            own.noEntry = false
            var (registry, explanations) = analyse(index: index, facts: files, config: read.config, summary: &own, warnings: &warnings)
            if own.noEntry {
                let screens = registry.features.map(\.name).sorted()
                for i in registry.unfollowed.indices where registry.unfollowed[i].kind == .entry { registry.unfollowed[i].screens = screens }
            }
            noEntry = noEntry || own.noEntry
            styles.formUnion(own.styles)
            parts.append(AppPrograms.Part(app: program.app, registry: registry, explanations: explanations))
        }
        let (registry, explanations) = AppPrograms.merge(parts)
        summary.styles = StyleExtractors.all.map { $0.style }.filter { styles.contains($0) }
        summary.noEntry = noEntry
        summary.separateApps = programs.map(\.app)
        let navigate = explanations.filter { $0.kind == .navigate }
        let present = explanations.filter { $0.kind == .present }
        summary.navigateCalls = navigate.count
        summary.navigateResolved = navigate.filter(\.isResolved).count
        summary.navigatePartly = navigate.filter { !$0.resolved.isEmpty && !$0.unresolved.isEmpty }.count
        summary.presentCalls = present.count
        summary.presentResolved = present.filter(\.isResolved).count
        return (registry, explanations)
    }
}
