import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph

/// `unused-route`: a route nobody opens.
public enum UnusedRoute: Check {
    public static let description = CheckDescription(
        id: "unused-route", name: "Unused route",
        summary: "A declared route that no feature navigates to, no entry opens and no deep link names.",
        explanation: """
            A route that nothing opens keeps a handler, a destination and often a whole feature module alive \
            for nothing. It is a warning: AnyRoute payloads from a server can still open it, which navgraph \
            cannot see.
            """,
        severity: .warning,
        triggering: [
            CheckExample("""
                entries: [{feature: Home}]
                routes: [{id: legacy}]
                handlers: [{name: LegacyHandler, routes: {legacy: Home}}]
                features: [{name: Home}]
                """, subjects: ["legacy"], at: ["2:10"])
        ],
        nonTriggering: [
            CheckExample("""
                entries: [{feature: Home}]
                routes: [{id: promo}]
                handlers: [{name: PromoHandler, routes: {promo: Home}}]
                features: [{name: Home}]
                deeplinks: [{anyRoute: 'promo|{}'}]
                """)
        ])

    public static func run(_ context: CheckContext) -> [Finding] {
        let g = context.graph, index = context.index
        // Opened: a navigates edge leads to it, an entry or a deep link (route or AnyRoute) names it.
        var opened = [Bool](repeating: false, count: g.nodeCount)
        for id in g.entryRoutes { opened[Int(id)] = true }
        for id in index.deeplinkRoutes where id >= 0 { opened[Int(id)] = true }
        for id in index.deeplinkAnyRoutes where id >= 0 { opened[Int(id)] = true }
        var out: [Finding] = []
        for id in g.ids(of: .route) where g.nodes[Int(id)].declared && !opened[Int(id)] {
            guard !g.incoming[Int(id)].contains(where: { g.edge($0).kind == .navigates }),
                  let r = g.routeDeclarations(id).first else { continue }
            out.append(context.finding(
                self, "route '\(r.id)' is never opened: no feature navigates to it, no entry or deep link names it",
                at: r.origin, subject: r.id, elements: [r.id], element: .route(r.id)))
        }
        return out
    }
}
