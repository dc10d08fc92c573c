import NavGraphKit

/// Resolves names across files and builds the `Registry`: which types are features, routes and
/// handlers; route identifiers; handler mappings; attribution of navigate calls; dependency needs.
struct RegistryAssembler {
    let config: ScanConfiguration
    var warnings: [ScanWarning] = []

    init(config: ScanConfiguration) { self.config = config }

    mutating func assemble(_ files: [FileFacts]) -> Registry {
        let types = Self.mergeTypes(files.flatMap(\.types))
        let featureKinds = Self.closure(config.featureProtocols, types)
        let routeKinds = Self.closure(config.routeProtocols, types)
        let handlerKinds = Self.closure(config.handlerProtocols, types)
        let concrete = types.filter { !$0.isProtocol }
        let featureTypes = concrete.filter { t in t.inherited.contains { featureKinds.contains($0) } }
        let routeTypes = concrete.filter { t in t.inherited.contains { routeKinds.contains($0) } }
        let handlerTypes = concrete.filter { t in t.inherited.contains { handlerKinds.contains($0) } }

        // Routes.
        var routeID: [String: String] = [:]
        var routes: [Route] = []
        for t in routeTypes {
            guard let id = t.identifier else {
                warnings.append(.identifierUnreadable(t.name, at: t.location))
                continue
            }
            routeID[t.name] = routeID[t.name] ?? id.value
            routes.append(Route(
                id: id.value, type: t.name, module: t.module,
                parameters: t.storedProperties.map { Route.Parameter(name: $0.name, type: $0.typeText) },
                origin: Self.origin(t.location), ignore: t.ignore))
        }

        // Features (navigations are attributed below).
        var features: [Feature] = featureTypes.map { t in
            warnings += t.pendingWarnings.filter { $0.kind == .fallbackUnreadable }
            return Feature(
                name: t.name, module: t.module, enabled: t.enabled?.value ?? .always,
                enabledOrigin: t.enabled.map { Self.origin($0.location) },
                fallback: t.fallback?.feature, fallbackOrigin: t.fallback.map { Self.origin($0.location) },
                dependencies: t.injected.map { d in
                    let used = d.viaDependenciesStruct ? t.memberReferences.contains(d.name) : t.references.contains(d.name)
                    return DependencyRef(name: d.type, used: used, origin: Self.origin(d.location))
                },
                origin: Self.origin(t.location), ignore: t.ignore)
        }
        attributeNavigations(files.flatMap(\.navigations), features: &features, types: types, routeID: routeID)

        // Handlers.
        let registrations = files.flatMap(\.handlerRegistrations)
        let registered = Dictionary(grouping: registrations, by: \.typeName)
        var handlers: [RouteHandler] = []
        for t in handlerTypes {
            warnings += t.pendingWarnings.filter { $0.kind == .routesUnreadable || $0.kind == .destinationUnreadable }
            if !registrations.isEmpty && registered[t.name] == nil {
                warnings.append(.handlerNeverRegistered(t.name, at: t.location))
                continue
            }
            var mappings: [RouteHandler.Mapping] = []
            for routeType in t.routes?.types ?? [] {
                guard let id = routeID[routeType] else {
                    warnings.append(.routeUnknown(t.name, routeType, at: t.routes?.location ?? t.location))
                    continue
                }
                let specific = t.destinations.first { $0.routeTypes?.contains(routeType) == true }
                let general = t.destinations.first { $0.routeTypes == nil }
                if let d = specific ?? general {
                    mappings.append(.init(route: id, feature: d.feature, origin: Self.origin(d.location)))
                } else {
                    warnings.append(.destinationMissing(t.name, id, at: t.location))
                }
            }
            let extraIgnore = (registered[t.name] ?? []).flatMap(\.ignore)
            handlers.append(RouteHandler(
                name: t.name, module: t.module, routes: mappings.sorted { $0.route < $1.route },
                origin: Self.origin(t.location), ignore: Self.unique(t.ignore + extraIgnore)))
        }

        // Entries.
        var entries: [Entry] = []
        for e in files.flatMap(\.entries) {
            switch e.target {
            case .feature(let f):
                entries.append(Entry(target: .feature(f), origin: Self.origin(e.location), ignore: e.ignore))
            case .routeType(let r):
                if let id = routeID[r] {
                    entries.append(Entry(target: .route(id), origin: Self.origin(e.location), ignore: e.ignore))
                } else {
                    warnings.append(.navigateUnknownRoute(r, at: e.location))
                }
            }
        }
        for t in featureTypes { if let l = t.entryAnnotation { entries.append(Entry(target: .feature(t.name), origin: Self.origin(l))) } }
        for t in routeTypes {
            if let l = t.entryAnnotation, let id = routeID[t.name] { entries.append(Entry(target: .route(id), origin: Self.origin(l))) }
        }

        // Provided and registered dependencies.
        let routers = files.flatMap(\.routerInstantiations).sorted()
        let provided = routers.first.map { [ProvidedDependency(name: config.routerProtocol, origin: Self.origin($0))] } ?? []
        let regs = files.flatMap(\.dependencyRegistrations)
        let known = Set(regs.map { DependencyBinding.unqualified($0.protocolName) } + provided.map(\.name))
        let typeByName = Dictionary(grouping: concrete, by: \.name)
        let dependencies: [DependencyBinding] = regs.map { r in
            let impl = r.implementation.flatMap { n in typeByName[n]?.first { $0.module == r.module } ?? typeByName[n]?.first }
            return DependencyBinding(
                protocol: r.protocolName, implementation: r.implementation, module: impl?.module ?? r.module,
                dependencies: impl.map { Self.needs(of: $0, known: known) } ?? [],
                origin: Self.origin(r.location), ignore: r.ignore)
        }

        let deeplinks = files.flatMap(\.deeplinks).map {
            DeepLink(anyRoute: $0.anyRoute, origin: Self.origin($0.location), ignore: $0.ignore)
        }

        return Registry(
            app: nil,
            entries: entries.sorted { ($0.name, $0.origin.source?.description ?? "") < ($1.name, $1.origin.source?.description ?? "") },
            provided: provided,
            routes: routes.sorted { ($0.id, $0.type ?? "", $0.module ?? "") < ($1.id, $1.type ?? "", $1.module ?? "") },
            handlers: handlers.sorted { ($0.name, $0.module ?? "") < ($1.name, $1.module ?? "") },
            features: features.sorted { ($0.name, $0.module ?? "") < ($1.name, $1.module ?? "") },
            dependencies: dependencies.sorted { ($0.protocol, $0.implementation ?? "", Self.key($0.origin)) < ($1.protocol, $1.implementation ?? "", Self.key($1.origin)) },
            deeplinks: deeplinks.sorted { ($0.anyRoute ?? "", Self.key($0.origin)) < ($1.anyRoute ?? "", Self.key($1.origin)) }
        )
    }

    // MARK: Attribution

    /// Same type → the feature; a type built (transitively, within the module) by features' `build` →
    /// those features; else the only feature of the module; else a warning.
    private mutating func attributeNavigations(
        _ navigations: [NavigateFact], features: inout [Feature], types: [TypeFacts], routeID: [String: String]
    ) {
        let featureIndex = Dictionary(features.indices.map { (features[$0].name, $0) }, uniquingKeysWith: { a, _ in a })
        var builtBy: [String: Set<Int>] = [:]
        let typesByModuleName = Dictionary(grouping: types.filter { !$0.isProtocol }) { ModuleName(module: $0.module, name: $0.name) }
        for (fi, f) in features.enumerated() {
            guard let t = typesByModuleName[ModuleName(module: f.module, name: f.name)]?.first else { continue }
            var queue = Array(t.buildInstantiations)
            var seen = Set<String>()
            while let name = queue.popLast() {
                guard featureIndex[name] == nil, seen.insert(name).inserted,
                      let built = typesByModuleName[ModuleName(module: f.module, name: name)]?.first else { continue }
                builtBy[name, default: []].insert(fi)
                queue += built.instantiations
            }
        }
        let featuresByModule = Dictionary(grouping: features.indices) { features[$0].module }

        var added: [Int: [Navigation]] = [:]
        for n in navigations {
            let id: String
            switch n.target {
            case .routeID(let r): id = r
            case .routeType(let t):
                guard let r = routeID[t] else {
                    warnings.append(.navigateUnknownRoute(t, at: n.location))
                    continue
                }
                id = r
            }
            var owners: [Int] = []
            for t in n.enclosingTypes {
                if let fi = featureIndex[t], features[fi].module == n.module || features.filter({ $0.name == t }).count == 1 {
                    owners = [fi]
                    break
                }
                if let b = builtBy[t], !b.isEmpty { owners = b.sorted(); break }
            }
            if owners.isEmpty, let only = featuresByModule[n.module], only.count == 1, n.module != nil { owners = only }
            if owners.isEmpty {
                warnings.append(.navigateUnattributed(id, in: n.enclosingTypes.first, at: n.location))
                continue
            }
            for o in owners { added[o, default: []].append(Navigation(route: id, style: n.style, origin: Self.origin(n.location))) }
        }
        for (fi, navs) in added {
            var seen = Set<String>()
            let sorted = navs.sorted { ($0.route, $0.style ?? "", Self.key($0.origin)) < ($1.route, $1.style ?? "", Self.key($1.origin)) }
            features[fi].navigates = sorted.filter { seen.insert("\($0.route)|\($0.style ?? "")").inserted }
        }
    }

    // MARK: Helpers

    private struct ModuleName: Hashable {
        var module: String?
        var name: String
    }

    /// Declarations keyed by module and name, each with its extensions folded in. An extension
    /// of a type declared in another module (or not scanned) joins the only declaration of that name,
    /// or stands on its own.
    static func mergeTypes(_ all: [TypeFacts]) -> [TypeFacts] {
        var merged: [TypeFacts] = []
        var index: [ModuleName: Int] = [:]
        for t in all.filter({ !$0.isExtension }).sorted(by: { $0.location < $1.location }) {
            let key = ModuleName(module: t.module, name: t.name)
            if let i = index[key] { merged[i].absorb(t) } else { index[key] = merged.count; merged.append(t) }
        }
        for e in all.filter(\.isExtension).sorted(by: { $0.location < $1.location }) {
            if let i = index[ModuleName(module: e.module, name: e.name)] {
                merged[i].absorb(e)
            } else if case let same = merged.indices.filter({ merged[$0].name == e.name }), same.count == 1 {
                merged[same[0]].absorb(e)
            } else {
                var own = e
                own.isExtension = false
                index[ModuleName(module: e.module, name: e.name)] = merged.count
                merged.append(own)
            }
        }
        return merged
    }

    /// The given protocols plus every protocol (or class) in the sources that inherits from one.
    static func closure(_ base: [String], _ types: [TypeFacts]) -> Set<String> {
        var kinds = Set(base)
        var changed = true
        while changed {
            changed = false
            for t in types where (t.isProtocol || !t.inherited.isEmpty) && !kinds.contains(t.name) {
                if t.inherited.contains(where: kinds.contains) { kinds.insert(t.name); changed = true }
            }
        }
        return kinds
    }

    /// An implementation's own needs: initializer parameters, stored properties and injected properties
    /// whose type is a registered or provided protocol.
    static func needs(of t: TypeFacts, known: Set<String>) -> [DependencyRef] {
        var byName: [String: DependencyRef] = [:]
        let refs = (t.initParameters + t.storedProperties).map { ($0.type.name, $0.type.lazy, $0.location) }
            + t.injected.map { ($0.type, false, $0.location) }
        for (name, lazy, location) in refs.sorted(by: { $0.2 < $1.2 }) where known.contains(DependencyBinding.unqualified(name)) {
            if var existing = byName[name] {
                existing.lazy = existing.lazy && lazy
                byName[name] = existing
            } else {
                byName[name] = DependencyRef(name: name, lazy: lazy, origin: origin(location))
            }
        }
        return byName.values.sorted { $0.name < $1.name }
    }

    static func origin(_ l: SourceLocation) -> ElementOrigin { ElementOrigin(registry: l, source: l) }
    static func key(_ o: ElementOrigin) -> String { o.source.map { "\($0.file):\(String(format: "%08d:%08d", $0.line, $0.column))" } ?? "" }
    static func unique(_ a: [String]) -> [String] { var s = Set<String>(); return a.filter { s.insert($0).inserted } }
}
