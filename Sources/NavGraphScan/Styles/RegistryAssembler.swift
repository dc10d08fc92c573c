import NavGraphKit

/// Resolves names across files and builds the `Registry`: which types are features, routes and
/// handlers; route identifiers; handler mappings; attribution of navigate calls; dependency needs.
struct RegistryAssembler {
    let config: ScanConfiguration
    var warnings: [ScanWarning] = []
    /// Every navigation call site with how it was resolved (`navgraph scan --explain`).
    var explanations: [CallSiteExplanation] = []
    /// Fallback requirements learnt from the feature protocol's declaration (for signature checks).
    var fallbackRequirements: [String: DialectLearner.Requirement] = [:]
    /// Per feature type, names read by the types it is handed to (`readElsewhere(_:index:)`).
    var readElsewhere: [String: Set<String>] = [:]

    init(config: ScanConfiguration) { self.config = config }

    mutating func assemble(_ files: [FileFacts]) -> Registry {
        assemble(files, index: SemanticIndex(files: files))
    }

    mutating func assemble(_ files: [FileFacts], index: SemanticIndex) -> Registry {
        let kinds = Kinds(config: config, types: index.types)
        let (routes, routeID) = readRoutes(kinds)
        readElsewhere = Self.readElsewhere(kinds.featureTypes, index: index)
        var features = kinds.featureTypes.map { readFeature($0) }
        let (navigations, rootOpenings) = Self.navigations(in: files, kinds: kinds)
        attributeNavigations(navigations, features: &features, index: index, routeID: routeID, stops: attributionStops(kinds, index: index))
        let handlers = readHandlers(kinds.handlerTypes, files: files, routeID: routeID)
        let entries = readEntries(files.flatMap(\.entries) + rootOpenings, kinds: kinds, index: index, routeID: routeID)
        let (provided, dependencies) = readDependencies(files, concrete: kinds.concrete)
        let deeplinks = files.flatMap(\.deeplinks).map {
            DeepLink(anyRoute: $0.anyRoute, origin: Self.origin($0.location), ignore: $0.ignore)
        }
        return Registry(
            app: nil,
            entries: entries.sorted { ($0.name, $0.origin.source?.description ?? "") < ($1.name, $1.origin.source?.description ?? "") },
            flags: Self.runtimeFlags(of: features),
            provided: provided,
            routes: routes.sorted { ($0.id, $0.type ?? "", $0.module ?? "") < ($1.id, $1.type ?? "", $1.module ?? "") },
            handlers: handlers.sorted { ($0.name, $0.module ?? "") < ($1.name, $1.module ?? "") },
            features: features.sorted { ($0.name, $0.module ?? "") < ($1.name, $1.module ?? "") },
            dependencies: dependencies.sorted { ($0.protocol, $0.implementation ?? "", Self.key($0.origin)) < ($1.protocol, $1.implementation ?? "", Self.key($1.origin)) },
            deeplinks: deeplinks.sorted { ($0.anyRoute ?? "", Self.key($0.origin)) < ($1.anyRoute ?? "", Self.key($1.origin)) }
        )
    }

    /// The types that are features, routes and handlers: conforming (directly or through a refining
    /// protocol) to the configured protocols. Types that exist only under `#if DEBUG` (previews, debug
    /// menus) are not screens of the app.
    struct Kinds {
        let types: [TypeFacts]
        /// The names of the types that inherit each name (`RegistryAssembler.heirs`).
        let heirs: [String: [String]]
        let concrete: Subset
        let featureTypes: Subset
        let routeTypes: Subset
        let handlerTypes: Subset
        /// The concrete types that are the app's composition root (`TypeFacts.isCompositionRoot`):
        /// attribution stops at them, and their navigate calls are entries.
        let compositionRoots: Set<String>

        /// Some of `types`, by index: choosing them copies no `TypeFacts` (a copy retains each of
        /// its ~30 fields; four filtered arrays of copies were ~3 % of a 13,000-file scan's CPU).
        struct Subset: RandomAccessCollection {
            let types: [TypeFacts]
            let positions: [Int]
            var startIndex: Int { 0 }
            var endIndex: Int { positions.count }
            /// A borrow, not a copy (`_read`): reading a field of an element retains nothing else.
            subscript(i: Int) -> TypeFacts { _read { yield types[positions[i]] } }

            /// The elements that pass `test`, read by position (`filter` and `for … in` on a
            /// collection hand out a copy of every element, passing or not).
            @inline(__always)
            func matching(_ test: (TypeFacts) -> Bool) -> [TypeFacts] {
                var out: [TypeFacts] = []
                for p in positions where test(types[p]) { out.append(types[p]) }
                return out
            }
        }

        init(config: ScanConfiguration, types: [TypeFacts]) {
            self.types = types
            heirs = RegistryAssembler.heirs(of: types)
            let featureKinds = RegistryAssembler.closure(config.featureProtocols, heirs)
            let routeKinds = RegistryAssembler.closure(config.routeProtocols, heirs)
            let handlerKinds = RegistryAssembler.closure(config.handlerProtocols, heirs)
            let concrete = types.indices.filter { !types[$0].isProtocol && !types[$0].debugOnly }
            func conforming(_ kinds: Set<String>) -> Subset {
                Subset(types: types, positions: concrete.filter { types[$0].inherited.contains(where: kinds.contains) })
            }
            self.concrete = Subset(types: types, positions: concrete)
            featureTypes = conforming(featureKinds)
            routeTypes = conforming(routeKinds)
            handlerTypes = conforming(handlerKinds)
            compositionRoots = Set(concrete.filter { types[$0].isCompositionRoot }.map { types[$0].name })
        }
    }

    /// Each route type with its identifier (a warning when it cannot be read), and per type its id.
    mutating func readRoutes(_ kinds: Kinds) -> (routes: [Route], routeID: [String: String]) {
        var routeID: [String: String] = [:]
        var routes: [Route] = []
        // `identifier` as a protocol extension's default that names the conforming type: the
        // protocols (and refinements of them) whose conformers take their own name.
        let namingSelf = Self.closure(kinds.types.names(where: { $0.identifier?.value == StringFact.selfTypeName }), kinds.heirs)
        for t in kinds.routeTypes {
            var identifier = t.identifier
            if identifier == nil && t.inherited.contains(where: namingSelf.contains) {
                identifier = StringFact(value: StringFact.selfTypeName, location: t.location)
            }
            if identifier?.value == StringFact.selfTypeName { identifier?.value = t.name }
            guard let id = identifier else {
                warnings.append(.identifierUnreadable(t.name, at: t.location))
                continue
            }
            routeID[t.name] = routeID[t.name] ?? id.value
            routes.append(Route(
                id: id.value, type: t.name, module: t.module,
                parameters: t.storedProperties.map { Route.Parameter(name: $0.name, type: $0.typeText) },
                origin: Self.origin(t.location), ignore: t.ignore))
        }
        return (routes, routeID)
    }

    /// A feature type as a feature (its navigations are attributed later).
    mutating func readFeature(_ t: TypeFacts) -> Feature {
        // A fallback written with other labels than the protocol's requirement (which has a
        // default) is never called: the default runs.
        if let sig = t.fallbackSignature, let req = fallbackRequirements[sig.name], req.hasDefault, req.labels != sig.labels {
            func text(_ labels: [String]) -> String { sig.name + "(" + labels.map { $0 + ":" }.joined() + ")" }
            var f = Feature(
                name: t.name, module: t.module, enabled: t.enabled?.value ?? .always,
                enabledOrigin: t.enabled.map { Self.origin($0.location) },
                dependencies: [], origin: Self.origin(t.location), ignore: t.ignore)
            f.unusedFallback = UnusedFallback(declared: text(sig.labels), requirement: text(req.labels), origin: Self.origin(sig.location))
            f.dependencies = Self.dependencyRefs(t, readElsewhere: readElsewhere[t.name] ?? [])
            return f
        }
        warnings += t.pendingWarnings.filter { $0.kind == .fallbackUnreadable }
        return Feature(
            name: t.name, module: t.module, enabled: t.enabled?.value ?? .always,
            enabledOrigin: t.enabled.map { Self.origin($0.location) },
            fallback: t.fallback?.feature, fallbackOrigin: t.fallback.map { Self.origin($0.location) },
            dependencies: Self.dependencyRefs(t, readElsewhere: readElsewhere[t.name] ?? []),
            origin: Self.origin(t.location), ignore: t.ignore)
    }

    /// The types attribution does not walk through: routes, handlers, the router's registration
    /// code, and the app's composition roots.
    func attributionStops(_ kinds: Kinds, index: SemanticIndex) -> Set<String> {
        var stops = Set(kinds.routeTypes.map(\.name) + kinds.handlerTypes.map(\.name))
        for c in index.calls where config.registerFunctions.contains(c.callee.name) || config.routerTypes.contains(c.callee.name) {
            if let t = c.enclosingTypes.last { stops.insert(t) }
        }
        stops.formUnion(kinds.compositionRoots)
        return stops
    }

    /// The app's navigate calls, and those written in its composition root (a SwiftUI `App`, the app
    /// or scene delegate), which open the first screen: entries. No feature builds a composition root.
    /// Navigation written in debug-only types (previews, debug menus) is not the app's.
    static func navigations(in files: [FileFacts], kinds: Kinds) -> (navigations: [NavigateFact], rootOpenings: [EntryFact]) {
        let roots = kinds.compositionRoots
        let debugOnly = Set(kinds.types.names(where: \.debugOnly))
        var navigations: [NavigateFact] = []
        var rootOpenings: [EntryFact] = []
        for n in files.flatMap(\.navigations) where !n.enclosingTypes.contains(where: debugOnly.contains) {
            if case .value(let v) = n.target, let top = n.enclosingTypes.last, roots.contains(top) {
                rootOpenings.append(EntryFact(target: .route(v), location: n.location, ignore: [], function: n.function, enclosingTypes: n.enclosingTypes, module: n.module))
            } else {
                navigations.append(n)
            }
        }
        return (navigations, rootOpenings)
    }

    /// Each registered handler type with the feature it shows for each of its routes.
    mutating func readHandlers(_ handlerTypes: Kinds.Subset, files: [FileFacts], routeID: [String: String]) -> [RouteHandler] {
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
        return handlers
    }

    /// The entries: the first feature or route the router starts with (a route followed to its
    /// type), a SwiftUI `App` whose `body` builds a feature, and `navgraph: entry` annotations.
    mutating func readEntries(_ facts: [EntryFact], kinds: Kinds, index: SemanticIndex, routeID: [String: String]) -> [Entry] {
        var entries: [Entry] = []
        for e in facts {
            switch e.target {
            case .feature(let f):
                entries.append(Entry(target: .feature(f), origin: Self.origin(e.location), ignore: e.ignore))
            case .route(let v):
                let resolver = ValueResolver(index: index)
                let function = index.function(e.function, inFile: e.location.file)
                let site = ValueResolver.Site(location: e.location, enclosingTypes: e.enclosingTypes, module: e.module)
                let result = resolver.resolve(v, in: .init(function: function, owner: function.flatMap { index.functions[$0].owner } ?? e.enclosingTypes.first), site: site)
                var found = false
                for made in result.made {
                    if case .construct(let t, _) = made.value, let id = routeID[DependencyBinding.unqualified(t)] {
                        entries.append(Entry(target: .route(id), origin: Self.origin(e.location), ignore: e.ignore))
                        found = true
                    }
                }
                if !found { warnings.append(.entryUnreadable(v.summary, at: e.location)) }
            }
        }
        let featureNames = Set(kinds.featureTypes.map(\.name))
        for t in kinds.concrete.matching({ $0.inherited.contains("App") }) {
            for f in t.allReferences.sorted() where featureNames.contains(f) {
                entries.append(Entry(target: .feature(f), origin: Self.origin(t.location)))
            }
        }
        for t in kinds.featureTypes { if let l = t.entryAnnotation { entries.append(Entry(target: .feature(t.name), origin: Self.origin(l))) } }
        for t in kinds.routeTypes {
            if let l = t.entryAnnotation, let id = routeID[t.name] { entries.append(Entry(target: .route(id), origin: Self.origin(l))) }
        }
        return entries
    }

    /// The router the app instantiates (a provided dependency) and the dependencies it registers,
    /// each with what its implementation needs.
    func readDependencies(_ files: [FileFacts], concrete: Kinds.Subset) -> (provided: [ProvidedDependency], dependencies: [DependencyBinding]) {
        let routers = files.flatMap(\.routerInstantiations).sorted()
        let provided = routers.first.map { [ProvidedDependency(name: config.routerProtocol, origin: Self.origin($0))] } ?? []
        let regs = files.flatMap(\.dependencyRegistrations)
        let known = Set(regs.map { DependencyBinding.unqualified($0.protocolName) } + provided.map(\.name))
        let typeByName = Dictionary(grouping: concrete.indices, by: { concrete[$0].name })
        let dependencies: [DependencyBinding] = regs.map { r in
            let impl = r.implementation.flatMap { n in
                (typeByName[n]?.first { concrete[$0].module == r.module } ?? typeByName[n]?.first).map { concrete[$0] }
            }
            return DependencyBinding(
                protocol: r.protocolName, implementation: r.implementation, module: impl?.module ?? r.module,
                dependencies: impl.map { Self.needs(of: $0, known: known) } ?? [],
                origin: Self.origin(r.location), ignore: r.ignore)
        }
        return (provided, dependencies)
    }

    /// Flags the code reads are the app's flags: declared with a run-time default (the
    /// configuration's `flags:` block gives real defaults and owners).
    static func runtimeFlags(of features: [Feature]) -> [FeatureFlag] {
        var flags: [String: FeatureFlag] = [:]
        for f in features {
            guard case .flag(let name) = f.enabled else { continue }
            let origin = f.enabledOrigin ?? f.origin
            if let existing = flags[name], Self.key(existing.origin) <= Self.key(origin) { continue }
            flags[name] = FeatureFlag(name: name, defaultValue: false, runtime: true, origin: origin)
        }
        return flags.values.sorted { $0.name < $1.name }
    }

    // MARK: Attribution

    /// Each navigate call's route is followed by `ValueResolver` to the call sites that decide it;
    /// each such site belongs to the feature it is in, or to every feature whose `build` reaches its
    /// type (`TypeReferenceGraph`). What cannot be followed or attributed is a warning.
    private mutating func attributeNavigations(
        _ navigations: [NavigateFact], features: inout [Feature], index: SemanticIndex, routeID: [String: String],
        stops: Set<String>
    ) {
        let featureIndex = Dictionary(features.indices.map { (features[$0].name, $0) }, uniquingKeysWith: { a, _ in a })
        let graph = TypeReferenceGraph(index: index, features: features.map { ($0.name, $0.module) }, stopAt: stops, buildFunctions: Set(config.buildFunctions))
        let resolver = ValueResolver(index: index)

        func owners(_ site: ValueResolver.Site) -> [Int] { graph.owners(of: site, features: featureIndex) }

        var added: [Int: [Navigation]] = [:]
        for n in navigations {
            let callSite = ValueResolver.Site(
                location: n.location, enclosingTypes: n.enclosingTypes, module: n.module, function: index.function(n.function, inFile: n.location.file))
            var record = NavigationRecord(location: n.location, written: "")
            record.setCallers(owners(callSite).map { features[$0].name })
            var targets: [(route: String, site: ValueResolver.Site, chain: [String])] = []
            var unknownRoutes = Set<String>()
            switch n.target {
            case .routeID(let r):
                record.setWritten("// navgraph:navigates \(r)")
                targets.append((r, callSite, ["annotation"]))
            case .value(let v):
                record.setWritten(v.summary)
                let function = index.function(n.function, inFile: n.location.file)
                let context = ValueResolver.Context(function: function, owner: function.flatMap { index.functions[$0].owner } ?? n.enclosingTypes.first)
                let result = resolver.resolve(v, in: context, site: callSite)
                for made in result.made {
                    guard case .construct(let type, _) = made.value else {
                        record.unfollowed("'\(made.value.summary)' is not a route type", chain: made.chain)
                        continue
                    }
                    let simple = DependencyBinding.unqualified(type)
                    guard let id = routeID[simple] else {
                        // Warned once per call and type (navigate-unknown-route), below.
                        unknownRoutes.insert(simple)
                        record.reported("'\(simple)' is not a route type with a readable identifier", chain: made.chain)
                        continue
                    }
                    targets.append((id, made.site, made.chain))
                }
                for m in Set(result.misses) { record.unfollowed(m.reason, chain: m.chain) }
            }
            for t in targets where record.isNew(route: t.route, site: t.site) {
                let fis = owners(t.site)
                if fis.isEmpty {
                    record.unattributed(route: t.route, site: t.site, chain: t.chain, verb: "navigated to", owner: "no feature's build reaches")
                    continue
                }
                record.resolved(route: t.route, features: fis.map { features[$0].name }, site: t.site.location, chain: t.chain)
                for o in fis {
                    added[o, default: []].append(Navigation(route: t.route, style: n.style, origin: Self.origin(t.site.location)))
                }
            }
            for r in unknownRoutes.sorted() { warnings.append(.navigateUnknownRoute(r, at: n.location)) }
            let done = record.finished()
            warnings += done.warnings
            explanations.append(done.explanation)
        }
        for (fi, navs) in added {
            var seen = Set<String>()
            // Each location's key made once, not in every comparison.
            let keys = navs.map { Self.key($0.origin) }
            let order = navs.indices.sorted { (navs[$0].route, navs[$0].style ?? "", keys[$0]) < (navs[$1].route, navs[$1].style ?? "", keys[$1]) }
            features[fi].navigates = order.map { navs[$0] }.filter { seen.insert("\($0.route)|\($0.style ?? "")").inserted }
        }
    }

    // MARK: Helpers

    /// Per feature type, the names read by the other types whose functions take it as a parameter: a
    /// feature that hands itself on (`scenesFactory.resolveLibraryScene(for: self)`) has its
    /// dependencies read there (`LibraryRemoteService(apiFactory: feature.api)` in an assembler's
    /// `assemble(using feature: LibraryFeature)`). One pass over the functions' parameters.
    static func readElsewhere(_ features: Kinds.Subset, index: SemanticIndex) -> [String: Set<String>] {
        let names = Set(features.map(\.name))
        var readers: [String: Set<String>] = [:]
        for f in index.functions {
            guard let owner = f.owner else { continue }
            for p in f.parameters where p.typeName != owner && names.contains(p.typeName) { readers[p.typeName, default: []].insert(owner) }
        }
        return readers.mapValues { owners in
            owners.reduce(into: Set<String>()) { read, o in
                for i in index.typesByName[o] ?? [] { read.formUnion(index.types[i].references) }
            }
        }
    }

    /// `readElsewhere`: names read by the types that take the feature as a parameter (`readElsewhere(_:index:)`).
    static func dependencyRefs(_ t: TypeFacts, readElsewhere: Set<String> = []) -> [DependencyRef] {
        t.injected.map { d in
            let used = d.viaDependenciesStruct ? t.memberReferences.contains(d.name)
                : t.references.contains(d.name) || readElsewhere.contains(d.name)
            return DependencyRef(name: d.type, used: used, origin: Self.origin(d.location))
        }
    }

    private struct ModuleName: Hashable {
        var module: String?
        var name: String
        /// A protocol and a concrete type of one name are two declarations (they are in two real
        /// modules the scan could not tell apart: a framework's `protocol Feature` and an app's
        /// `final class Feature`), never one type.
        var isProtocol = false
    }

    /// Declarations keyed by module and name, each with its extensions folded in. An extension
    /// of a type declared in another module (or not scanned) joins the only declaration of that name,
    /// or stands on its own.
    static func mergeTypes(_ all: [TypeFacts]) -> [TypeFacts] {
        var merged: [TypeFacts] = []
        var index: [ModuleName: Int] = [:]
        // Indices sorted by location (no two declarations share one), not the `TypeFacts` themselves,
        // which copied each twice; `byName` replaces a pass over `merged` per extension.
        var byName: [String: [Int]] = [:]
        let order = all.indices.sorted { all[$0].location < all[$1].location }
        for k in order where !all[k].isExtension {
            let key = ModuleName(module: all[k].module, name: all[k].name, isProtocol: all[k].isProtocol)
            if let i = index[key] {
                merged[i].absorb(all[k])
            } else {
                index[key] = merged.count
                byName[all[k].name, default: []].append(merged.count)
                merged.append(all[k])
            }
        }
        for k in order where all[k].isExtension {
            let e = all[k]
            // (Of a protocol and a concrete type of that name in the module, the concrete one.)
            if let i = index[ModuleName(module: e.module, name: e.name)] ?? index[ModuleName(module: e.module, name: e.name, isProtocol: true)] {
                merged[i].absorb(e)
            } else if let same = byName[e.name], same.count == 1 {
                merged[same[0]].absorb(e)
            } else {
                var own = e
                own.isExtension = false
                index[ModuleName(module: e.module, name: e.name)] = merged.count
                byName[e.name, default: []].append(merged.count)
                merged.append(own)
            }
        }
        return merged
    }

    /// The given protocols plus every protocol (or class) in the sources that inherits from one,
    /// directly or through others: a walk down `heirs` from the given names, O(names + inheritance
    /// clauses). (It was a fixpoint of passes over every type, one pass per level of refinement:
    /// ~2 % of a re-scan.)
    static func closure(_ base: [String], _ heirs: [String: [String]]) -> Set<String> {
        var kinds = Set(base)
        var stack = Array(kinds)
        while let name = stack.popLast() {
            for heir in heirs[name] ?? [] where kinds.insert(heir).inserted { stack.append(heir) }
        }
        return kinds
    }

    /// By name, the names of the types whose inheritance clause lists it (read by index: `for t in
    /// types` copies every `TypeFacts`).
    static func heirs(of types: [TypeFacts]) -> [String: [String]] {
        var heirs: [String: [String]] = [:]
        for i in types.indices {
            for parent in types[i].inherited { heirs[parent, default: []].append(types[i].name) }
        }
        return heirs
    }

    /// An implementation's own needs: initializer parameters, stored properties and injected properties
    /// whose type is a registered or provided protocol.
    static func needs(of t: TypeFacts, known: Set<String>) -> [DependencyRef] {
        var byName: [String: DependencyRef] = [:]
        // Stored properties are needs only where no initializer is written (memberwise): otherwise the
        // initializer's parameters say what the factory must pass.
        let refs = (t.initParameters + (t.declaresInit ? [] : t.storedProperties)).map { ($0.type.name, $0.type.lazy, $0.location) }
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
    /// "file:LLLLLLLL:CCCCCCCC" (line and column zero-padded to eight digits): the sort key of a
    /// source location. Sorts call it O(n log n) times, so it is built by hand (`String(format:)`
    /// cost a Foundation round trip a call: ~1 % of a 13,000-file scan's CPU).
    static func key(_ o: ElementOrigin) -> String {
        guard let s = o.source else { return "" }
        return s.file + ":" + padded(s.line) + ":" + padded(s.column)
    }

    /// `n` zero-padded to eight digits, as `%08d` writes it.
    static func padded(_ n: Int) -> String {
        guard n >= 0 else { return String(format: "%08d", n) }
        let digits = String(n)
        return digits.count >= 8 ? digits : String(repeating: "0", count: 8 - digits.count) + digits
    }
    static func unique(_ a: [String]) -> [String] { var s = Set<String>(); return a.filter { s.insert($0).inserted } }
}
