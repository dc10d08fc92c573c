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
        let reg = context.registry
        var used = Set<String>()
        for f in reg.features { for n in f.navigates { used.insert(n.route) } }
        for e in reg.entries { if case .route(let r) = e.target { used.insert(r) } }
        for d in reg.deeplinks {
            if let r = d.route { used.insert(r) }
            if let a = d.anyRoute, let bar = a.firstIndex(of: "|") { used.insert(String(a[..<bar])) }
        }
        var out: [Finding] = []
        var seen = Set<String>()
        for r in reg.routes.sorted(by: { $0.id < $1.id }) where !used.contains(r.id) && seen.insert(r.id).inserted {
            out.append(context.finding(
                self, "route '\(r.id)' is never opened: no feature navigates to it, no entry or deep link names it",
                at: r.origin, subject: r.id, elements: [r.id], element: .route(r.id)))
        }
        return out
    }
}
