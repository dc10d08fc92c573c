import NavGraphKit

/// Route enums, the AppRouter family without module keys: a router's method whose first parameter
/// is an enum the app declares (`func route(to destination: Destination)`, `func process(route:
/// AppTransition)`, often the requirement of a `protocol Router { associatedtype Route … }`), called
/// with its cases (`router?.route(to: .detail(id))`). The method decides what each case shows: a
/// `switch` over the parameter whose case bodies present a screen (`pushViewController`, `present`,
/// `setViewControllers`, … of a value the analysis follows), or a method of the enum itself that
/// switches over `self` and makes the screen or a type (a coordinator) whose own code presents one.
///
/// Route = a case that shows a screen (id `Enum.case`); handler = the router method; screen = a view
/// controller or SwiftUI view a case shows, or one whose code calls the router; edge = a call with a
/// case, attributed like every style's (`StyleNavigations`); a call in the router's own code (its
/// `start()`) is opened from where that method is called: an entry in the composition root. A case
/// that shows no screen the scan can see (a `.back` that pops) is no route, and a call with it is a
/// call not followed; a call whose case the scan cannot read is one too. Never a guess.
struct RouteEnumExtractor: StyleExtractor {
    static let style = RoutingStyle.routeEnum

    static func detect(in index: SemanticIndex, files: [FileFacts]) -> Bool {
        !Model(index).routers.isEmpty
    }

    static func extract(from index: SemanticIndex, files: [FileFacts], config: ScanConfiguration) -> StyleExtraction {
        let model = Model(index)
        var out = StyleExtraction()
        var routes: [Route] = []
        var handlers: [RouteHandler] = []
        var mapped = Set<String>()
        for r in model.routers {
            let fn = index.functions[r.function]
            guard let e = Model.enumFacts(r.enumName, index) else { continue }
            var mappings: [RouteHandler.Mapping] = []
            for c in e.enumCases where !(r.screens[c.name] ?? [:]).isEmpty {
                let id = "\(r.enumName).\(c.name)"
                if !routes.contains(where: { $0.id == id }) {
                    routes.append(Route(id: id, type: r.enumName, module: e.module, origin: RegistryAssembler.origin(c.location)))
                }
                for (screen, at) in (r.screens[c.name] ?? [:]).sorted(by: { $0.key < $1.key }) {
                    mappings.append(.init(route: id, feature: screen, origin: RegistryAssembler.origin(at)))
                    mapped.insert(screen)
                }
            }
            let sorted = mappings.sorted { ($0.route, $0.feature) < ($1.route, $1.feature) }
            if let d = r.destination {
                // Every method appending to a SwiftUI path has the stack's destination as its handler: one.
                if !handlers.contains(where: { $0.name == d.name && $0.origin.source == d.location }) {
                    handlers.append(RouteHandler(name: d.name, module: d.module, routes: sorted, origin: RegistryAssembler.origin(d.location)))
                }
                continue
            }
            handlers.append(RouteHandler(name: fn.signature, module: fn.module, routes: sorted, origin: RegistryAssembler.origin(fn.location)))
        }
        // Every screen of the sources may be one that calls a router; those that do not, and that no
        // case shows, are left out afterwards (they belong to no route of this style).
        let candidates = index.types.names(where: { !$0.isProtocol && !$0.debugOnly }).filter(model.isScreen).sorted()
        let (components, rootScreens, hosted) = swiftUIStructure(model, candidates: candidates, mapped: mapped)
        var features = candidates.filter { !components.contains($0) }.compactMap { name -> Feature? in
            guard let t = index.type(named: name) else { return nil }
            return Feature(name: name, module: t.module, origin: RegistryAssembler.origin(t.location), ignore: t.ignore)
        }
        var navigations = StyleNavigations(index: index, features: features, stops: model.routerTypes, verb: "shown")
        var resolver = ValueResolver(index: index)
        resolver.enumCasesAreValues = true
        for (call, routers) in model.calls {
            let site = resolver.site(ofCall: call)
            let written = ValueExpr.call(call.callee, call.arguments).summary
            guard let arg = Model.routeArgument(of: call) else { continue }
            var targets: [StyleNavigations.Target] = []
            var unresolved: [CallSiteExplanation.Unresolved] = []
            var nothing: [CallSiteExplanation.Unresolved] = []
            var values: [(ValueExpr, ValueResolver.Site, [String])] = [(arg, site, [])]
            if case .array(let cases) = arg {
                // A path set whole: the stack shows every case in it.
                values = cases.map { ($0, site, []) }
            } else if Model.caseName(arg) == nil {
                let result = resolver.resolve(arg, in: resolver.context(ofCall: call), site: site)
                values = result.made.map { ($0.value, $0.site, $0.chain) }
                for m in Set(result.misses) { unresolved.append(.init(reason: m.reason, chain: m.chain)) }
            }
            for (v, at, chain) in values {
                out.decidedSites.insert(at.location)
                guard let name = Model.caseName(v) else {
                    unresolved.append(.init(reason: "'\(v.summary)' is not a case of \(routers.map(\.enumName).sorted().joined(separator: " or "))", chain: chain))
                    continue
                }
                let shown = routers.filter { $0.screens[name]?.isEmpty == false }
                let enums = routers.map(\.enumName).sorted().joined(separator: " or ")
                if routers.contains(where: { $0.opaque.contains(name) }) {
                    unresolved.append(.init(reason: "case .\(name) of \(enums) shows a screen the scan cannot follow", chain: chain))
                } else if shown.isEmpty {
                    // The case presents no screen of the sources (it pops, dismisses, or shows a framework
                    // controller): the call opens no route of the graph, which the registry says by
                    // naming the case alone.
                    nothing.append(.init(reason: "case .\(name) of \(enums) presents no screen of the sources", chain: chain, route: "\(routers[0].enumName).\(name)"))
                }
                for r in shown {
                    let route = "\(r.enumName).\(name)"
                    // The router's own code (`start()` opening the first case) opens it where that method is called.
                    let from = model.ownCallers(of: call, router: r)
                    if from.isEmpty {
                        targets.append(.init(route: route, site: at, chain: chain))
                    } else {
                        let f = call.function.map { index.functions[$0].signature } ?? ""
                        targets += from.map { StyleNavigations.Target(route: route, site: resolver.site(ofCall: $0), chain: chain + ["\(f) opens .\(name)"]) }
                    }
                }
            }
            navigations.record(at: call.location, written: written, targets: targets, unresolved: unresolved, showsNothing: nothing)
        }
        navigations.apply(to: &features)
        for (screen, at) in rootScreens.sorted(by: { $0.key < $1.key }) where !components.contains(screen) {
            navigations.addEntry(Entry(target: .feature(screen), origin: RegistryAssembler.origin(at)))
        }
        for i in features.indices {
            for (screen, at) in (hosted[features[i].name] ?? [:]).sorted(by: { $0.key < $1.key }) where !components.contains(screen) {
                features[i].presents.append(Presentation(feature: screen, style: "child", origin: RegistryAssembler.origin(at)))
            }
        }
        features = features.filter { mapped.contains($0.name) || !$0.navigates.isEmpty || rootScreens[$0.name] != nil || !$0.presents.isEmpty }
        out.warnings += navigations.warnings
        out.explanations = navigations.explanations
        out.routerTypes = model.routerTypes
        out.registry = navigations.registry(routes: routes, handlers: handlers, features: features)
        return out
    }

    /// SwiftUI's structure around the route enums. A view that no case shows and no presentation
    /// shows (`NavigationLink`, `.sheet`), built inside another screen's code (`MovieScrollableList`
    /// in `MovieList.body`), is part of that screen, no screen of its own: its navigate calls are the
    /// screens' that build it (`StyleNavigations` attributes them through who builds it). The screens a
    /// composition root (the `App`) builds outside its destinations' switches are the first shown:
    /// entries, and screens of the registry because the root builds them. A screen hosting a stack
    /// shows the stack's first view with it (`hosted`: a `child` presentation).
    ///
    /// Cost: nothing when the sources have no destination; else one pass over the candidates'
    /// references, three over the calls (joined once), and the values the root's calls return, each
    /// followed once.
    static func swiftUIStructure(
        _ model: Model, candidates: [String], mapped: Set<String>
    ) -> (components: Set<String>, roots: [String: SourceLocation], hosted: [String: [String: SourceLocation]]) {
        let index = model.index
        guard !model.destinationRanges.isEmpty else { return ([], [:], [:]) }
        let candidateSet = Set(candidates)
        let calls = index.calls + index.callsWithoutArguments
        var presented = Set<String>()
        for c in calls {
            guard let form = DirectPresentations.form(of: c) else { continue }
            for v in form.values { viewsUnderModifiers(v, into: &presented) }
        }
        // Which candidates' code references each type: one pass over their references.
        var builtBy: [String: Set<String>] = [:]
        for name in candidates {
            guard let t = index.type(named: name) else { continue }
            for r in t.typeReferences where r != name && candidateSet.contains(r) { builtBy[r, default: []].insert(name) }
        }
        var components = Set<String>()
        for name in candidates where !mapped.contains(name) && !presented.contains(name) && builtBy[name] != nil {
            guard let t = index.type(named: name), t.inherited.contains("View") else { continue }
            components.insert(name)
        }
        let roots = StyleNavigations.roots(index)
        func inDestination(_ l: SourceLocation) -> Bool { model.destinationRanges.contains { $0.from.file == l.file && $0.from <= l && l <= $0.to } }
        var rootScreens: [String: SourceLocation] = [:]
        var resolver = ValueResolver(index: index)
        resolver.modifiersKeepViews = true
        for c in calls {
            guard let top = c.enclosingTypes.last, roots.contains(top), !inDestination(c.location), c.callee.name != "navigationDestination",
                  !model.destinationFunctionNames.contains(c.callee.name) else { continue }
            // Built there (`ShelfView()`), or returned by what is called there (`appContent()`,
            // `ViewFactory.makeHome()`).
            var made: Set<String> = []
            if case .implicit = c.callee.receiver, candidateSet.contains(c.callee.name) {
                made = [c.callee.name]
            } else if c.callee.name.first?.isLowercase == true {
                made = resolver.madeTypes(.call(c.callee, c.arguments), in: resolver.context(ofCall: c), site: resolver.site(ofCall: c)).types
            }
            for t in made where candidateSet.contains(t) { rootScreens[t] = min(rootScreens[t] ?? c.location, c.location) }
        }
        // A screen hosting a stack (`NavigationStack(path: $path) { FirstStepView(path: $path) }` in a
        // flow view a sheet shows): the stack's first view is shown with it, a `child` presentation.
        var hosted: [String: [String: SourceLocation]] = [:]
        for c in calls where c.callee.name == "NavigationStack" {
            guard let host = c.enclosingTypes.last, candidateSet.contains(host), !roots.contains(host) else { continue }
            var made = Set<String>()
            for v in c.trailing { viewsUnderModifiers(v, into: &made) }
            for t in made where t != host && mapped.contains(t) { hosted[host, default: [:]][t] = c.location }
        }
        return (components, rootScreens, hosted)
    }

    /// The views a SwiftUI content value makes: `FirstStepView(…)` under its modifiers
    /// (`.navigationTitle(…)`, `.navigationDestination(…)`), in each branch of a choice.
    static func viewsUnderModifiers(_ v: ValueExpr, into out: inout Set<String>) {
        switch v {
        case .construct(let t, _): out.insert(DependencyBinding.unqualified(t))
        case .choice(let options), .array(let options): for o in options { viewsUnderModifiers(o, into: &out) }
        case .call(let callee, _):
            if case .value(let base) = callee.receiver { viewsUnderModifiers(base, into: &out) }
        default: break
        }
    }
}
