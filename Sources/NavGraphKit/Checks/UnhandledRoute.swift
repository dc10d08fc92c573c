/// `unhandled-route`: a route that is opened but that no handler handles.
public enum UnhandledRoute: Check {
    public static let description = CheckDescription(
        id: "unhandled-route", name: "Unhandled route",
        summary: "A feature navigates to, an entry opens, or a deep link names a route that no handler handles.",
        explanation: """
            navigate(toRoute:) looks the handler up by Route.identifier; when no registered handler claims it, \
            RouterService calls its failureHandler(), a preconditionFailure() with no message: the app crashes \
            at the moment the user taps.
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

    public static func run(_ context: CheckContext) -> [Finding] {
        let g = context.graph
        let declared = Set(g.registry.routes.map(\.id))
        var out: [Finding] = []
        func unhandled(_ id: String) -> Bool {
            guard declared.contains(id), let r = g.node(.route, id) else { return false }
            return !isHandled(r, g)
        }
        for id in g.ids(of: .feature) {
            guard let f = g.featureInfo[id] else { continue }
            var seen = Set<String>()
            for n in f.navigates.sorted(by: { $0.route < $1.route }) where unhandled(n.route) && seen.insert(n.route).inserted {
                out.append(context.finding(
                    self, "\(f.name) navigates to '\(n.route)', which no handler handles: RouterService's failureHandler() crashes",
                    at: n.origin.primary != nil ? n.origin : f.origin, subject: "\(f.name) -> \(n.route)",
                    elements: [f.name, n.route], notes: context.reachability.reached[Int(id)] ? context.pathNotes(to: id) : [],
                    element: .feature(f.name)))
            }
        }
        for e in g.registry.entries {
            if case .route(let r) = e.target, unhandled(r) {
                out.append(context.finding(
                    self, "entry route '\(r)' has no handler", at: e.origin, subject: "entry -> \(r)", elements: [r],
                    element: .entry(r)))
            }
        }
        for d in g.registry.deeplinks {
            guard let r = d.route, unhandled(r) else { continue }
            out.append(context.finding(
                self, "deep link \(d.displayName) opens '\(r)', which no handler handles", at: d.origin,
                subject: "\(d.displayName) -> \(r)", elements: [r], element: .deeplink(d.displayName)))
        }
        return out
    }
}
