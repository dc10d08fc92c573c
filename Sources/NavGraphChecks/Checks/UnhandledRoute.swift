import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph

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
        readsReachability: true,
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

    /// What an unhandled route of `system` does, after "opens 'route'".
    package static func failure(_ system: RoutingSystem?) -> String {
        switch system ?? .routerService {
        case .routerService: return "which no handler handles: RouterService's failureHandler() crashes"
        case .protocolRoutes: return "which no router conforms to: nothing can open its screen"
        case .featherweight: return "which no route pattern matches: setRoute matches nothing and nothing is shown"
        case .components: return "which no registered module declares: router.open finds no module"
        case .moduleFactory: return "whose key the module factory has no module for: nothing is presented"
        case .routeEnum: return "whose case the router shows no screen for: nothing is shown"
        }
    }

    public static func run(_ context: CheckContext) -> [Finding] {
        let g = context.graph, index = context.index
        // Handled = some handler mapping claims it (each mapping is a routesTo edge).
        func unhandled(_ r: Int32) -> Bool { index.isDeclared(r) && index.claims(of: r).isEmpty }
        /// A route id two systems declare: the first system by name (any order of input, one message).
        func system(_ r: Int32) -> RoutingSystem? {
            g.routeDeclarations(r).compactMap(\.system).min { $0.rawValue < $1.rawValue }
        }
        var out: [Finding] = []
        for id in g.declaredFeatures {
            index.forEachTarget(of: id, .navigates) { target in
                guard unhandled(target) else { return }
                let f = g.feature(id)!
                let route = g.name(target)
                let n = f.navigates.first { $0.route == route }!
                out.append(context.finding(
                    self, "\(f.name) navigates to '\(route)', \(failure(system(target)))",
                    at: n.origin.primary != nil ? n.origin : f.origin, subject: "\(f.name) -> \(route)",
                    elements: [f.name, route], notes: context.reachability.reached[Int(id)] ? context.pathNotes(to: id) : [],
                    element: .feature(f.name)))
            }
        }
        for (i, e) in index.entries.enumerated() {
            if case .route(let r) = e.target, unhandled(index.entryTargets[i]) {
                let s = system(index.entryTargets[i])
                out.append(context.finding(
                    self, s == nil ? "entry route '\(r)' has no handler" : "entry route '\(r)', \(failure(s))", at: e.origin, subject: "entry -> \(r)", elements: [r],
                    element: .entry(r)))
            }
        }
        for (i, d) in index.deeplinks.enumerated() {
            let id = index.deeplinkRoutes[i]
            guard let r = d.route, unhandled(id) else { continue }
            let s = system(id)
            out.append(context.finding(
                self, "deep link \(d.displayName) opens '\(r)', " + (s == nil ? "which no handler handles" : failure(s)), at: d.origin,
                subject: "\(d.displayName) -> \(r)", elements: [r], element: .deeplink(d.displayName)))
        }
        return out
    }
}
