import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph

/// `disabled-feature`: a feature switched off under the current flags, and what that hides.
public enum DisabledFeature: Check {
    public static let description = CheckDescription(
        id: "disabled-feature", name: "Disabled feature",
        summary: "A feature disabled under the current flags, and the screens that become unreachable because of it.",
        explanation: """
            A feature whose isEnabled() is false under the checked flags is replaced by its fallback when \
            navigated to; everything only it leads to disappears from the app. Reached and without a fallback, \
            RouterService crashes (an error); otherwise this is a warning that lists what the flag hides.
            """,
        severity: .warning, dependsOnFlags: true,
        diagramMark: .disabledFeature,
        readsReachability: true,
        triggering: [
            CheckExample("""
                entries: [{feature: Home}]
                flags: {siri: false}
                routes: [{id: siri}, {id: shortcut_detail}]
                handlers: [{name: SiriHandler, routes: {siri: Siri, shortcut_detail: ShortcutDetail}}]
                features:
                  - {name: Home, navigates: [siri]}
                  - {name: Siri, enabled: "flag:siri", fallback: SiriUnavailable, navigates: [shortcut_detail]}
                  - {name: SiriUnavailable}
                  - {name: ShortcutDetail}
                """, subjects: ["Siri"], at: ["7:27"]),
            CheckExample("""
                entries: [{feature: Home}]
                routes: [{id: old}]
                handlers: [{name: OldHandler, routes: {old: Old}}]
                features:
                  - {name: Home, navigates: [old]}
                  - {name: Old, enabled: false}
                """, subjects: ["Old"], at: ["6:26"]),
        ],
        nonTriggering: [
            CheckExample("""
                entries: [{feature: Home}]
                flags: {siri: true}
                routes: [{id: siri}]
                handlers: [{name: SiriHandler, routes: {siri: Siri}}]
                features:
                  - {name: Home, navigates: [siri]}
                  - {name: Siri, enabled: "flag:siri", fallback: Home}
                """)
        ])

    public static func run(_ context: CheckContext) -> [Finding] {
        let g = context.graph
        let off = g.disabledFeatures(under: context.scenario)
        guard !off.isEmpty else { return [] }
        // What would be reached if every disabled feature were on; each newly reached screen is
        // blamed on the first disabled feature on its way. Walked before the scenario's own
        // reachability is asked for, so it runs while another thread computes that (the runner
        // starts this rule beside the first); the walk is kept unless the filter below drops a feature.
        let speculative = g.reachability(under: context.scenario, forceEnabled: Set(off))
        let r = context.reachability
        var disabled: [Int32] = []
        for id in off {
            // An entry that no route reaches is built without isEnabled(): not disabled in practice.
            if r.asEntry[Int(id)] && !r.throughRoute[Int(id)] { continue }
            disabled.append(id)
        }
        guard !disabled.isEmpty else { return [] }
        let unlocked = disabled.count == off.count ? speculative : g.reachability(under: context.scenario, forceEnabled: Set(disabled))
        let disabledSet = Set(disabled)
        var hidden: [Int32: [String]] = [:]
        forEachHidden(g, unlocked: unlocked, targeted: { r.targeted[Int($0)] }, disabled: { disabledSet.contains($0) }) {
            hidden[$0, default: []].append(g.name($1))
        }
        return findings(
            context, reported: disabled.filter { context.wants(g.name($0)) }, targeted: { r.targeted[Int($0)] },
            pathNotes: { context.pathNotes(to: $0) }, hidden: hidden)
    }

    /// The findings for the disabled features `reported` (in order, those `context` wants):
    /// `targeted`, what the scenario navigates to; `pathNotes`, the explaining path to a targeted
    /// feature; `hidden`, per disabled feature, the names of the screens it hides.
    static func findings(
        _ context: CheckContext, reported: [Int32], targeted: (Int32) -> Bool, pathNotes: (Int32) -> [Finding.Note],
        hidden: [Int32: [String]]
    ) -> [Finding] {
        let g = context.graph
        var out: [Finding] = []
        for id in reported {
            let f = g.feature(id)!
            let why: String
            switch f.enabled {
            case .flag(let flag): why = "flag \(flag) is off"
            default: why = "enabled: false"
            }
            var notes: [Finding.Note] = []
            let reached = targeted(id)
            let hasFallback = f.fallback.flatMap { g.node(.feature, $0) }.map { g.isDeclaredFeature($0) } ?? false
            if reached { notes += pathNotes(id) }
            if let h = hidden[id], !h.isEmpty {
                notes.append(Finding.Note("unreachable because of it: \(h.sorted().joined(separator: ", "))"))
            }
            var message = "\(f.name) is disabled (\(why))"
            var severity = Severity.warning
            if reached && !hasFallback {
                message += " and is navigated to without a fallback: RouterService crashes"
                severity = .error
            } else if reached, let fb = f.fallback {
                // Working as designed: report it only when the flag hides more than the screen itself.
                guard let h = hidden[id], !h.isEmpty else { continue }
                message += "; users get \(fb) instead"
            } else {
                message += " and no entry reaches it"
            }
            out.append(context.finding(
                self, message, at: f.enabledOrigin ?? f.origin, subject: f.name, elements: [f.name], notes: notes,
                element: .feature(f.name), severity: severity))
        }
        return out
    }

    /// Each screen `unlocked` reaches (every disabled feature on) that the scenario does not target,
    /// with the first disabled feature on its way (its explaining step chain) to blame:
    /// `body(blamed, screen)`, screens in id order. Each screen's blame is found once (`blameOf`),
    /// so a walk costs O(n) steps however long the chains.
    package static func forEachHidden(
        _ g: NavGraph, unlocked: Reachability, targeted: (Int32) -> Bool, disabled: (Int32) -> Bool, _ body: (Int32, Int32) -> Void
    ) {
        func up(_ c: Int32) -> Int32? {
            switch unlocked.step[Int(c)]?.kind {
            case .route(let from, _, _, _)?: return from
            case .fallback(let of)?: return of
            case .direct(let from, _)?: return from
            default: return nil
            }
        }
        // Per node: the first disabled feature from it up (itself when disabled), -1 none, -2 not yet known.
        var blameOf = [Int32](repeating: -2, count: g.nodeCount)
        var chain: [Int32] = []
        func blame(from start: Int32?) -> Int32 {
            chain.removeAll(keepingCapacity: true)
            var cur = start
            var found: Int32 = -1
            while let c = cur {
                if blameOf[Int(c)] != -2 {
                    found = blameOf[Int(c)]
                    break
                }
                if disabled(c) {
                    found = c
                    blameOf[Int(c)] = c
                    break
                }
                // Steps go up the walk's order, so a chain ends; a node met again (never, by that
                // order) ends it without blame, as a bounded walk up the steps would.
                blameOf[Int(c)] = -1
                chain.append(c)
                cur = up(c)
            }
            for c in chain { blameOf[Int(c)] = found }
            return found
        }
        for id in g.ids(of: .feature) where unlocked.reached[Int(id)] && !targeted(id) {
            let b = blame(from: up(id))
            if b >= 0 { body(b, id) }
        }
    }
}
