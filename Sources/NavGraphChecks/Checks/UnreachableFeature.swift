import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph

/// `unreachable-feature`: a screen no entry can reach.
public enum UnreachableFeature: Check {
    public static let description = CheckDescription(
        id: "unreachable-feature", name: "Unreachable feature",
        summary: "A feature that no entry can reach through navigates → route → handler → feature.",
        explanation: """
            A feature that no entry point can reach is dead code that still ships, still resolves its \
            dependencies in tests, and usually means a route was renamed or a handler forgot to claim it. \
            Reachability follows RouterService: entries are built directly, a route leads to every feature a \
            handler maps it to, and the fallback of a feature that can be disabled counts as reachable whenever \
            that feature is. Unreachable in every flag scenario is an error; unreachable only under some flags \
            is a warning that names those scenarios. When the registry lists navigation calls a scan could \
            not follow (`unfollowed:`), a feature one of them could lead to is only a warning ("may be \
            unreachable") until `.navgraph.yml` states what those calls open.
            """,
        severity: .error, dependsOnFlags: true,
        scenarioPolicy: .warningWhenPartial,
        diagramMark: .unreachableFeature,
        readsReachability: true,
        triggering: [
            CheckExample("""
                entries: [{feature: Home}]
                features:
                  - {name: Home}
                  - {name: Orphan}
                """, subjects: ["Orphan"], at: ["4:5"]),
            CheckExample("""
                entries: [{feature: Home}]
                routes: [{id: settings}]
                handlers: [{name: SettingsHandler, routes: {settings: Settings}}]
                features:
                  - {name: Home}
                  - {name: Settings}
                """, subjects: ["Settings"], at: ["6:5"]),
        ],
        nonTriggering: [
            CheckExample("""
                entries: [{feature: Home}]
                flags: {beta: false}
                routes: [{id: beta}]
                handlers: [{name: BetaHandler, routes: {beta: Beta}}]
                features:
                  - {name: Home, navigates: [beta]}
                  - {name: Beta, enabled: "flag:beta", fallback: BetaUnavailable}
                  - {name: BetaUnavailable}
                """)
        ])

    public static func run(_ context: CheckContext) -> [Finding] {
        findings(context, among: context.graph.declaredFeatures)
    }

    /// `run` in a first scenario of `occurrences`: only the wanted features are looked at.
    public static func runFirst(_ all: ScenarioSetContext, scenario s: Int, wanted: Set<String>) -> [Finding] {
        let context = all.context(s).focused(on: wanted, targeted: all.reach.targeted, scenario: s)
        return findings(context, among: all.ids(of: wanted))
    }

    /// The findings of the features `among` (in order) that the scenario does not target.
    private static func findings(_ context: CheckContext, among features: [Int32]) -> [Finding] {
        let g = context.graph
        var out: [Finding] = []
        context.withTargeted { targeted in
            for id in features where !targeted(id) {
                let name = g.name(id)
                guard context.wants(name) else { continue }
                out.append(context.finding(
                    self, "\(name) is unreachable: no entry leads to it", at: context.featureOrigin(id), subject: name,
                    elements: [name], notes: whyNot(id, context), element: .feature(name)))
            }
        }
        return out
    }

    /// What would lead to the feature, and why it does not.
    package static func whyNot(_ id: Int32, _ context: CheckContext) -> [Finding.Note] {
        let g = context.graph
        var notes: [Finding.Note] = []
        var routes: [String] = []
        for e in g.incoming[Int(id)] {
            let edge = g.edge(e)
            switch edge.kind {
            case .routesTo:
                let route = edge.from
                let openers = g.incoming[Int(route)].map { g.edge($0) }.filter { $0.kind == .navigates }.map { g.name($0.from) }
                if openers.isEmpty {
                    routes.append("route '\(g.name(route))' (handled by \(g.name(edge.via))) is opened by no feature")
                } else {
                    routes.append("route '\(g.name(route))' is opened only by unreachable \(openers.sorted().joined(separator: ", "))")
                }
            case .fallback:
                let owner = g.name(edge.from)
                if g.withFeature(edge.from, { !$0.enabled.canBeDisabled }) == true {
                    routes.append("it is the fallback of \(owner), which is never disabled")
                } else {
                    routes.append("it is the fallback of \(owner), which is never navigated to through a route")
                }
            case .presents:
                routes.append("it is presented directly only by unreachable \(g.name(edge.from))")
            default: break
            }
        }
        if routes.isEmpty { notes.append(Finding.Note("no handler maps any route to it and it is not an entry")) }
        for line in routes.sorted() { notes.append(Finding.Note(line)) }
        return notes
    }
}

extension UnreachableFeature {
    /// A declared feature is reported in the scenarios where it is not targeted; message and
    /// notes do not depend on the scenario.
    public static func occurrences(_ context: ScenarioSetContext) -> [ScenarioOccurrence]? {
        let g = context.graph
        let targeted = context.reach.targeted
        var out: [ScenarioOccurrence] = []
        for id in g.declaredFeatures {
            let missing = targeted.missing(id)
            guard !missing.isEmpty else { continue }
            out.append(ScenarioOccurrence(subject: g.name(id), element: .feature(g.name(id)), scenarios: missing, worst: description.severity))
        }
        return out
    }
}
