/// `unhandled-route`: a route that is opened but that no handler handles.
public enum UnhandledRoute: Check {
    public static let description = CheckDescription(
        id: "unhandled-route", name: "Unhandled route",
        summary: "A feature navigates to, an entry opens, or a deep link names a route that no handler handles.",
        explanation: """
            navigate(toRoute:) looks the handler up by Route.identifier; when no registered handler claims it, \
            RouterService calls its failureHandler(), a preconditionFailure() with no message: the app crashes \
            at the moment the user taps. A route of another routing system (`system:`) fails its own way, and \
            the message says how: no router conforms to a route protocol; Featherweight's setRoute matches no \
            pattern and shows nothing; Components' router.open finds no module; a module factory has no module \
            for the key.
            """,
        severity: .error,
        diagramMark: .unhandledRoute,
        triggering: [
            CheckExample("""
                entries: [{feature: Home}]
                routes: [{id: profile}]
                features: [{name: Home, navigates: [profile]}]
                """, subjects: ["Home -> profile"], at: ["3:37"]),
            CheckExample("""
                entries: [{feature: Home}]
                routes: [{id: profile}]
                features: [{name: Home}]
                deeplinks: [{url: "app://profile", route: profile}]
                """, subjects: ["app://profile -> profile"], at: ["4:13"]),
            CheckExample("""
                entries: [{feature: Home}]
                routes: [{id: welcome/about, system: featherweight}]
                features: [{name: Home, navigates: [welcome/about]}]
                """, subjects: ["Home -> welcome/about"], at: ["3:37"]),
        ],
        nonTriggering: [
            CheckExample("""
                entries: [{feature: Home}]
                routes: [{id: profile}]
                handlers: [{name: ProfileHandler, routes: {profile: Profile}}]
                features: [{name: Home, navigates: [profile]}, {name: Profile}]
                """)
        ])

    static func isHandled(_ route: Int32, _ g: NavGraph) -> Bool {
        g.outgoing[Int(route)].contains { g.edge($0).kind == .routesTo }
    }

    /// What an unhandled route of `system` does, after "opens 'route'".
    static func failure(_ system: RoutingSystem?) -> String {
        switch system ?? .routerService {
        case .routerService: return "which no handler handles: RouterService's failureHandler() crashes"
        case .protocolRoutes: return "which no router conforms to: nothing can open its screen"
        case .featherweight: return "which no route pattern matches: setRoute matches nothing and nothing is shown"
        case .components: return "which no registered module declares: router.open finds no module"
        case .moduleFactory: return "whose key the module factory has no module for: nothing is presented"
        }
    }

    public static func run(_ context: CheckContext) -> [Finding] {
        let g = context.graph
        let declared = Set(g.registry.routes.map(\.id))
        var system: [String: RoutingSystem] = [:]
        // A route id two systems declare: the first system by name (any order of input, one message).
        for r in g.registry.routes {
            guard let s = r.system else { continue }
            if let old = system[r.id], old.rawValue < s.rawValue { continue }
            system[r.id] = s
        }
        var out: [Finding] = []
        func unhandled(_ id: String) -> Bool {
            guard declared.contains(id), let r = g.node(.route, id) else { return false }
            return !isHandled(r, g)
        }
        for id in g.ids(of: .feature) {
            guard let f = g.feature(id) else { continue }
            var seen = Set<String>()
            for n in f.navigates.sorted(by: { $0.route < $1.route }) where unhandled(n.route) && seen.insert(n.route).inserted {
                out.append(context.finding(
                    self, "\(f.name) navigates to '\(n.route)', \(failure(system[n.route]))",
                    at: n.origin.primary != nil ? n.origin : f.origin, subject: "\(f.name) -> \(n.route)",
                    elements: [f.name, n.route], notes: context.reachability.reached[Int(id)] ? context.pathNotes(to: id) : [],
                    element: .feature(f.name)))
            }
        }
        for e in g.registry.entries {
            if case .route(let r) = e.target, unhandled(r) {
                out.append(context.finding(
                    self, system[r] == nil ? "entry route '\(r)' has no handler" : "entry route '\(r)', \(failure(system[r]))", at: e.origin, subject: "entry -> \(r)", elements: [r],
                    element: .entry(r)))
            }
        }
        for d in g.registry.deeplinks {
            guard let r = d.route, unhandled(r) else { continue }
            out.append(context.finding(
                self, "deep link \(d.displayName) opens '\(r)', " + (system[r] == nil ? "which no handler handles" : failure(system[r])), at: d.origin,
                subject: "\(d.displayName) -> \(r)", elements: [r], element: .deeplink(d.displayName)))
        }
        return out
    }
}
