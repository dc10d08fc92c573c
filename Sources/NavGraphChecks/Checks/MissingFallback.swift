import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph

/// `missing-fallback`: a feature that can be disabled, reached through a route, without a fallback.
public enum MissingFallback: Check {
    public static let description = CheckDescription(
        id: "missing-fallback", name: "Missing fallback",
        summary: "A feature that can be disabled (flag: or runtime) has no fallback.",
        explanation: """
            When a navigated-to feature's isEnabled() returns false, RouterService asks \
            fallback(forRoute:) for a replacement; a nil answer is a crash in front of the user. Every feature \
            that can be disabled and is reached through a route needs a fallback. (Entries are built without \
            isEnabled(), and a feature reached only as a fallback is fallback-problem's concern.)
            """,
        severity: .error,
        diagramMark: .missingFallback,
        triggering: [
            CheckExample("""
                entries: [{feature: Home}]
                flags: {beta: false}
                routes: [{id: beta}]
                handlers: [{name: BetaHandler, routes: {beta: Beta}}]
                features:
                  - {name: Home, navigates: [beta]}
                  - {name: Beta, enabled: "flag:beta"}
                """, subjects: ["Beta"], at: ["7:27"])
        ],
        nonTriggering: [
            CheckExample("""
                entries: [{feature: Home}]
                routes: [{id: beta}]
                handlers: [{name: BetaHandler, routes: {beta: Beta}}]
                features:
                  - {name: Home, navigates: [beta], enabled: runtime}
                  - {name: Beta, enabled: runtime, fallback: Home}
                """)
        ])

    public static func run(_ context: CheckContext) -> [Finding] {
        let g = context.graph
        var out: [Finding] = []
        for id in g.ids(of: .feature) {
            guard g.withFeature(id, { $0.enabled.canBeDisabled && $0.fallback == nil }) == true, let f = g.feature(id) else { continue }
            let routes = g.incoming[Int(id)].map { g.edge($0) }.filter { $0.kind == .routesTo }
            guard !routes.isEmpty else { continue }
            let via = Set(routes.map { "'\(g.name($0.from))'" }).sorted().joined(separator: ", ")
            out.append(context.finding(
                self, "\(f.name) can be disabled (enabled: \(f.enabled)) but has no fallback: navigating to it while disabled crashes",
                at: f.enabledOrigin ?? f.origin, subject: f.name, elements: [f.name],
                notes: [Finding.Note("reached through \(via)")], element: .feature(f.name)))
        }
        return out
    }
}
