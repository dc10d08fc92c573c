import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph

/// `fallback-problem`: fallbacks that cannot work as written.
public enum FallbackProblem: Check {
    public static let description = CheckDescription(
        id: "fallback-problem", name: "Fallback problem",
        summary: "A fallback to an unknown feature, to itself, to a feature that can be disabled, a fallback that is never used, or one whose signature the framework never calls.",
        explanation: """
            RouterService builds a fallback without asking its isEnabled() and does not chain fallbacks, so a \
            fallback that can itself be disabled shows a screen that was meant to be off, and a fallback to an \
            unknown type does not compile in the app. An entry feature is built by \
            navigationController(withInitialFeature:) without asking isEnabled(), so the fallback of a feature \
            that is only ever an entry is dead code (and its fallback screen is unreachable). Where the app's copy \
            of the feature protocol requires `fallback(for:)` and gives it a default, a feature that writes \
            `fallback(forRoute:)` compiles, but the framework calls the default (nil): its fallback never runs \
            (`unusedFallback`, found by the scanner).
            """,
        severity: .warning,
        suggestsNames: true,
        triggering: [
            CheckExample("""
                entries: [{feature: Root}]
                flags: {f: true}
                features:
                  - {name: Root, enabled: "flag:f", fallback: RootFallback}
                  - {name: RootFallback}
                """, subjects: ["Root"], at: ["4:47"]),
            CheckExample("""
                entries: [{feature: Home}]
                routes: [{id: a}]
                handlers: [{name: H, routes: {a: A}}]
                features:
                  - {name: Home, navigates: [a]}
                  - {name: A, enabled: runtime, fallback: Missing}
                """, subjects: ["A"], at: ["6:43"]),
            CheckExample("""
                entries: [{feature: Home}]
                routes: [{id: a}]
                handlers: [{name: H, routes: {a: A}}]
                features:
                  - {name: Home, navigates: [a]}
                  - {name: A, enabled: runtime, fallback: B}
                  - {name: B, enabled: runtime, fallback: Home}
                """, subjects: ["A"], at: ["6:43"]),
            CheckExample("""
                entries: [{feature: Home}]
                routes: [{id: a}]
                handlers: [{name: H, routes: {a: A}}]
                features:
                  - {name: Home, navigates: [a]}
                  - {name: A, unusedFallback: {declared: "fallback(forRoute:)", requirement: "fallback(for:)"}}
                """, subjects: ["A"], at: ["6:31"]),
        ],
        nonTriggering: [
            CheckExample("""
                entries: [{feature: Home}]
                routes: [{id: a}]
                handlers: [{name: H, routes: {a: A}}]
                features:
                  - {name: Home, navigates: [a]}
                  - {name: A, enabled: runtime, fallback: Home}
                """)
        ])

    public static func run(_ context: CheckContext) -> [Finding] {
        let g = context.graph
        let entries = Set(g.entryFeatures)
        var out: [Finding] = []
        for id in g.ids(of: .feature) {
            guard g.withFeature(id, { $0.unusedFallback != nil }) == true, let f = g.feature(id), let u = f.unusedFallback else { continue }
            out.append(context.finding(
                self, "\(f.name) implements \(u.declared), but its protocol requires \(u.requirement), whose default implementation runs instead: this fallback is never called",
                at: u.origin.primary == nil ? f.origin : u.origin, subject: f.name, elements: [f.name], element: .feature(f.name), severity: .error))
        }
        for id in g.ids(of: .feature) {
            guard g.withFeature(id, { $0.fallback != nil }) == true, let f = g.feature(id), let fb = f.fallback else { continue }
            let at = f.fallbackOrigin ?? f.origin
            let element = ElementRef.feature(f.name)
            guard let fbID = g.node(.feature, fb), let fbEnabled = g.withFeature(fbID, { $0.enabled }) else {
                out.append(context.finding(
                    self, "fallback '\(fb)' of \(f.name) is not a known feature\(context.index.suggestions(.feature).hint(for: fb))",
                    at: at, subject: f.name, elements: [f.name], element: element, severity: .error))
                continue
            }
            if fbID == id {
                out.append(context.finding(
                    self, "\(f.name) falls back to itself: when it is disabled RouterService builds it anyway",
                    at: at, subject: f.name, elements: [f.name], element: element, severity: .error))
                continue
            }
            if fbEnabled.canBeDisabled {
                out.append(context.finding(
                    self, "fallback \(fb) of \(f.name) can itself be disabled (enabled: \(fbEnabled)): RouterService builds fallbacks without asking isEnabled() and does not chain them",
                    at: at, subject: f.name, elements: [f.name, fb], element: element))
            }
            let throughRoute = g.incoming[Int(id)].contains { g.edge($0).kind == .routesTo }
            if entries.contains(id) && !throughRoute {
                out.append(context.finding(
                    self, "fallback \(fb) of \(f.name) is never used: \(f.name) is only ever an entry, which navigationController(withInitialFeature:) builds without asking isEnabled()",
                    at: at, subject: f.name, elements: [f.name, fb],
                    notes: [Finding.Note("no route leads to \(f.name); make \(fb) reachable another way or remove the fallback")],
                    element: element))
            }
        }
        return out
    }
}
