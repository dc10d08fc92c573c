import NavGraphKit

extension ProtocolRoutesExtractor.Model {
    /// The registry, in the order the steps run: routes and the default implementations that map them,
    /// the calls of route methods as edges and entries (deep-link routers' branches as links), the
    /// coordinator methods screens call, the composition root's screens, the screens, and declared
    /// capabilities no screen opens.
    func extraction() -> StyleExtraction {
        var out = StyleExtraction()
        var registry = Registry()
        let routeNames = routes.keys.sorted()
        (registry.routes, registry.handlers) = routesAndHandlers(routeNames)
        let owned = owned()
        let root = rootReach()
        let methods = routeMethods(routeNames)
        let calls = (index.calls + index.callsWithoutArguments).sorted { $0.location < $1.location }
        // Deep-link routers: each branch is a link; its route calls are the link's, not edges or entries.
        let links = deepLinks(byMethod: methods.byMethod)
        registry.deeplinks = links.deeplinks
        var found = Found(entries: links.entries)
        out.explanations += links.explanations
        let callers = MethodCallers(index: index)
        for c in calls {
            readRouteCall(c, methods: methods, skipping: links.calls, owned: owned, root: root, callers: callers, into: &found, out: &out)
        }
        readCoordinatorCalls(calls, owned: owned, into: &found, out: &out)
        // The screens the composition root builds (a tab bar, a first screen, a SwiftUI app's
        // `WindowGroup { ContentView() }`) are entries: each is a screen of the registry because the
        // root builds it (`features(…)`), so it is shown first, whether or not a route builds it or
        // it opens one. A container the root builds (the article's `MainTabBarController(
        // viewControllers: [router.makeShopTab(), …])`) is the first thing shown, whatever fills it.
        for s in root.screens {
            found.entries.append(Entry(target: .feature(s), origin: RegistryAssembler.origin(index.type(named: s)!.location)))
        }
        registry.features = features(navigates: found.navigates, rootScreens: root.screens)
        out.warnings += unusedCapabilities(used: found.used, owned: owned)
        var seenEntries = Set<String>()
        let entries = found.entries.sorted { RegistryAssembler.key($0.origin) < RegistryAssembler.key($1.origin) }.filter { seenEntries.insert($0.name).inserted }
        registry.entries = entries.sorted { ($0.name, RegistryAssembler.key($0.origin)) < ($1.name, RegistryAssembler.key($1.origin)) }
        registry.features.sort { ($0.name, $0.module ?? "") < ($1.name, $1.module ?? "") }
        out.registry = registry
        return out
    }

    /// What the calls of route methods give, per screen and per function.
    struct Found {
        /// Routes each screen uses through any of their requirements (for unused capabilities).
        var used: [String: Set<String>] = [:]
        var navigates: [String: [Navigation]] = [:]
        var entries: [Entry]
        /// Routes each function opens itself (for coordinator methods called from screens).
        var directOpens: [Int: Set<String>] = [:]
    }

    /// Routes, and the default implementations that map them (a handler when a router adopts them).
    func routesAndHandlers(_ routeNames: [String]) -> ([Route], [RouteHandler]) {
        var adopters: [String: [String]] = [:]
        for t in index.types where !t.isProtocol && !t.debugOnly {
            for r in adoptedRoutes(of: t.name) { adopters[r, default: []].append(t.name) }
        }
        var out: ([Route], [RouteHandler]) = ([], [])
        for name in routeNames {
            let r = routes[name]!
            let params = r.requirements.first?.parameters.map { Route.Parameter(name: $0.name, type: $0.typeText) } ?? []
            out.0.append(Route(id: name, type: r.type.name, module: r.type.module, parameters: params, origin: RegistryAssembler.origin(r.type.location)))
            guard adopters[name] != nil, let screen = r.screen, let impl = r.defaults.first else { continue }
            let loc = index.functions[impl].location
            out.1.append(RouteHandler(
                name: "extension \(name)", module: r.type.module,
                routes: [.init(route: name, feature: screen, origin: RegistryAssembler.origin(loc))],
                origin: RegistryAssembler.origin(loc)))
        }
        return out
    }

    /// Per method name, the routes that require it (or a variant of it), and the routes with any
    /// method of that name.
    func routeMethods(_ routeNames: [String]) -> (byMethod: [String: [String]], anyMethod: [String: [String]]) {
        var byMethod: [String: [String]] = [:]
        var anyMethod: [String: [String]] = [:]
        for name in routeNames {
            for q in routes[name]!.requirements { byMethod[q.name, default: []].append(name) }
            for v in routes[name]!.variants where !(byMethod[index.functions[v].name] ?? []).contains(name) {
                byMethod[index.functions[v].name, default: []].append(name)
            }
            for q in routes[name]!.allNames.sorted() { anyMethod[q, default: []].append(name) }
        }
        return (byMethod, anyMethod)
    }

    /// A call of a route method, attributed to the screens whose build reaches the calling type (an
    /// entry in the composition root). Calls inside a deep-link router's branches are the link's.
    func readRouteCall(
        _ c: CallFact, methods: (byMethod: [String: [String]], anyMethod: [String: [String]]), skipping linkCalls: Set<SourceLocation>,
        owned: [String: [String: Int]], root: (distance: [String: Int], screens: [String]), callers: MethodCallers,
        into found: inout Found, out: inout StyleExtraction
    ) {
        if let some = methods.anyMethod[c.callee.name], let t = c.enclosingTypes.first(where: { !Self.owners(of: $0, in: owned).isEmpty }) {
            for s in Self.owners(of: t, in: owned) { found.used[s, default: []].formUnion(some) }
        }
        if linkCalls.contains(c.location) { return }
        guard let candidates = methods.byMethod[c.callee.name] else { return }
        if case .type = c.callee.receiver { return }
        // Inside a route's own default implementation (`readCallInRoute`). Anywhere else in a
        // protocol's extension (a helper that fills a tab bar with `router.makeFeed()`), the call
        // belongs to whoever calls that helper (`attribution`, by the method's callers).
        if let inner = c.enclosingTypes.first, index.isProtocol(inner),
            readCallInRoute(c, route: inner, candidates: candidates, into: &found, out: &out)
        {
            return
        }
        var matching = candidates.filter { p in self.opens(p, c) }
        // `openLogin()` written without a receiver is the route's only in a type that adopts
        // it and does not declare its own `openLogin()` (a view controller's private `createMap()`).
        if case .implicit = c.callee.receiver {
            guard let inner = c.enclosingTypes.first else { return }
            let own = index.functions.contains { $0.owner == inner && $0.name == c.callee.name && !$0.inProtocol }
            let adopted = adoptedRoutes(of: inner)
            matching = own ? [] : matching.filter(adopted.contains)
        }
        guard !matching.isEmpty else {
            countCallWithoutDeclaration(c, candidates: candidates, out: &out)
            return
        }
        if let f = c.function { found.directOpens[f, default: []].formUnion(matching) }
        var record = NavigationRecord(location: c.location, written: ValueExpr.call(c.callee, c.arguments).summary)
        // The nearest of the screens' builds and the composition root decides (a coordinator the
        // app delegate holds opens the first screen, even if a screen also refers to it); then the
        // callers of the method the call is in (`attribution`).
        var visiting = Set<Int>()
        var (owners, inRoot) = attribution(
            types: c.enclosingTypes, function: c.function, owned: owned, root: root, methods: callers, visiting: &visiting)
        // A closure the code stores on another object (a factory wiring `viewModel.onDone = { … }`)
        // runs as that object's code: where the call's own types belong to no screen, the object's do.
        if owners.isEmpty, !inRoot, c.closureObject != nil {
            let objectTypes = ValueResolver(index: index).closureObjectTypes(of: c)
            (owners, inRoot) = attribution(types: objectTypes, function: nil, owned: owned, root: root, methods: callers, visiting: &visiting)
        }
        for p in matching {
            if !owners.isEmpty {
                for s in owners {
                    found.navigates[s, default: []].append(Navigation(route: p, style: routes[p]!.styleByMethod[c.callee.name], origin: RegistryAssembler.origin(c.location)))
                }
                record.resolved(route: p, features: owners, site: c.location, chain: ["\(c.callee.name) is required by \(p)"])
            }
            if inRoot {
                found.entries.append(Entry(target: .route(p), origin: RegistryAssembler.origin(c.location)))
                record.resolved(route: p, features: [], site: c.location, chain: ["\(c.callee.name) in the composition root: an entry"])
            } else if owners.isEmpty {
                record.unattributed(
                    route: p, site: .init(location: c.location, enclosingTypes: c.enclosingTypes, module: c.module),
                    chain: ["\(c.callee.name) is required by \(p)"], verb: "opened", owner: "no screen's build reaches")
            }
        }
        let done = record.finished()
        out.warnings += done.warnings
        out.explanations.append(done.explanation)
    }

    /// A call on a value whose declared type is a route protocol declaring `c`'s method name (or a
    /// type adopting one), written with labels that fit no declaration of that name the scanner sees
    /// (`router.openLogin(animated: false)` where the sources declare only `openLogin()`): by Swift's
    /// rules it calls an overload the scanner cannot see, so it is counted as a navigate call not
    /// followed, which may open those routes (`unfollowed:` with `routes:`), never dropped. A value
    /// of a type the scanner does not know (`UIApplication.shared.open(url, options: [:])`) is not
    /// a router's, and a call some declaration of the name accepts is read as that function.
    func countCallWithoutDeclaration(_ c: CallFact, candidates: [String], out: inout StyleExtraction) {
        guard case .value(let base) = c.callee.receiver else { return }
        guard !(index.functionsByName[c.callee.name] ?? []).contains(where: { index.functions[$0].accepts(c) }) else { return }
        let resolver = ValueResolver(index: index)
        guard let declared = resolver.declaredType(of: base, in: resolver.context(ofCall: c)) else { return }
        var opened = Set<String>()
        for part in declared.split(separator: "&") {
            let name = part.trimmingCharacters(in: .whitespaces)
            opened.formUnion(routeIDs[name] ?? [])
            opened.formUnion(adoptedRoutes(of: name))
        }
        let routes = candidates.filter(opened.contains).sorted()
        guard !routes.isEmpty else { return }
        let written = ValueExpr.call(c.callee, c.arguments).summary
        let labels = (c.labels + c.trailingLabels).map { $0 + ":" }.joined()
        let reason = "no declaration of '\(c.callee.name)' the scanner sees takes the labels (\(labels)) it is called with"
        var record = NavigationRecord(location: c.location, written: written)
        for (k, route) in routes.enumerated() {
            record.reported(
                reason, chain: ["\(c.callee.name) is required by \(route)"], route: route,
                warning: k == 0 ? .navigateUnresolved(written, [reason], at: c.location) : nil)
        }
        let done = record.finished()
        out.warnings += done.warnings
        out.explanations.append(done.explanation)
    }

    /// A call of another route's method inside `route`'s default implementation builds or opens that
    /// route as part of the screen the implementation builds (a tab bar filled with
    /// `router.makeFeed()`, a screen whose done-closure opens the next route): an edge from that
    /// screen. A call of the route's own methods (`openTabs()` calling `openTabs(animated:)`) gives
    /// none, and neither does a call inside a protocol that is no route.
    /// Whether the call is in one of the protocol's routes' own implementations (then it is read
    /// here, and gives an edge or nothing).
    func readCallInRoute(_ c: CallFact, route protocolName: String, candidates: [String], into found: inout Found, out: inout StyleExtraction) -> Bool {
        // The route of the protocol whose default (or variant) the call is in.
        guard let f = c.function,
            let route = (routeIDs[protocolName] ?? []).first(where: { routes[$0]!.defaults.contains(f) || routes[$0]!.variants.contains(f) }),
            let screen = routes[route]?.screen
        else { return false }
        let matching = candidates.filter { $0 != route && opens($0, c) }
        guard !matching.isEmpty else { return true }
        var record = NavigationRecord(location: c.location, written: ValueExpr.call(c.callee, c.arguments).summary)
        for p in matching {
            found.navigates[screen, default: []].append(
                Navigation(route: p, style: routes[p]!.styleByMethod[c.callee.name], origin: RegistryAssembler.origin(c.location)))
            record.resolved(
                route: p, features: [screen], site: c.location,
                chain: ["\(c.callee.name) is required by \(p)", "called in \(route)'s default implementation, which builds \(screen)"])
        }
        let done = record.finished()
        out.warnings += done.warnings
        out.explanations.append(done.explanation)
        return true
    }

    /// A coordinator's method that opens routes (`Coordinator.shared.presentInitialScreen()`, or
    /// `Coordinator.start()`), called from a screen: the screen opens those routes.
    func readCoordinatorCalls(_ calls: [CallFact], owned: [String: [String: Int]], into found: inout Found, out: inout StyleExtraction) {
        let opens = Self.transitiveOpens(found.directOpens, index: index, calls: calls)
        for c in calls {
            let type: String
            switch c.callee.receiver {
            case .type(let t): type = t
            case .value(.staticMember(let t, _)): type = t
            default: continue
            }
            let targets = index.functions.indices
                .filter { index.functions[$0].owner == type && index.functions[$0].name == c.callee.name && index.functions[$0].accepts(c) }
                .reduce(into: Set<String>()) { $0.formUnion(opens[$1] ?? []) }
            guard !targets.isEmpty, !c.enclosingTypes.contains(type) else { continue }
            var owners: [String] = []
            for t in c.enclosingTypes {
                owners = Self.owners(of: t, in: owned)
                if !owners.isEmpty { break }
            }
            guard !owners.isEmpty else { continue }
            var explanation = CallSiteExplanation(location: c.location, kind: .navigate, written: ValueExpr.call(c.callee, c.arguments).summary)
            for p in targets.sorted() {
                for s in owners {
                    found.navigates[s, default: []].append(Navigation(route: p, origin: RegistryAssembler.origin(c.location)))
                }
                explanation.resolved.append(.init(route: p, features: owners, site: c.location, chain: ["\(type).\(c.callee.name) opens \(p)"]))
            }
            out.explanations.append(explanation)
        }
    }

    /// The screens: one a route builds, one the composition root builds, or one that navigates; each
    /// with its edges once per route.
    func features(navigates: [String: [Navigation]], rootScreens: [String]) -> [Feature] {
        var features: [Feature] = []
        for s in screens.sorted() {
            let t = index.type(named: s)!
            var seen = Set<String>()
            let navs = (navigates[s] ?? [])
                .sorted { ($0.route, RegistryAssembler.key($0.origin)) < ($1.route, RegistryAssembler.key($1.origin)) }
                .filter { seen.insert($0.route).inserted }
            guard routes.values.contains(where: { $0.screen == s }) || rootScreens.contains(s) || !navs.isEmpty else { continue }
            features.append(Feature(
                name: s, module: t.module, navigates: navs, origin: RegistryAssembler.origin(t.location), ignore: t.ignore))
        }
        return features
    }

    /// Whether `type` holds an instance of itself in a property (`static let shared = AppRouter()`):
    /// one object every screen may reach.
    func isSharedInstance(_ type: String) -> Bool {
        (index.typesByName[type] ?? []).contains { i in
            index.types[i].propertyValues.values.contains { values in
                values.contains { v in
                    if case .construct(let t, _) = v.value { return DependencyBinding.unqualified(t) == type }
                    return false
                }
            }
        }
    }

    /// Declared capabilities (`typealias Routes = A & B`) a screen never opens.
    func unusedCapabilities(used: [String: Set<String>], owned: [String: [String: Int]]) -> [ScanWarning] {
        var warnings: [ScanWarning] = []
        for alias in index.typeAliases.sorted(by: { $0.location < $1.location }) {
            guard let owner = alias.owner, alias.name == "Routes" else { continue }
            // The app's one router (`static let shared = AppRouter()`) lists what the whole app opens
            // through it, not one screen's capabilities: a route nobody opens is `unused-route`.
            if isSharedInstance(owner) { continue }
            let declared = Set(alias.types.flatMap { expand($0, owner: owner) }.flatMap { n in routeIDs[n] ?? Array(adoptedRoutes(of: n)) })
            for s in Self.owners(of: owner, in: owned) {
                let opened = used[s] ?? []
                for r in declared.subtracting(opened).sorted() {
                    warnings.append(.unusedCapability(r, owner: owner, screen: s, at: alias.location))
                }
            }
        }
        return warnings
    }
}
