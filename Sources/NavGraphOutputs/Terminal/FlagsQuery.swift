import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph
import NavGraphChecks

/// `navgraph flags`: what each flag switches off. For every flag, reachability (the checks' own,
/// `reachability(under:)`) with the flag on and with it off, the other flags as in the scenario;
/// the features shown only when it is on are what switching it off costs.
public enum FlagsQuery {
    /// One flag's effect.
    public struct Effect: Sendable, Equatable {
        public var flag: String
        public var declared: Bool
        public var defaultValue: Bool?
        /// Features whose `isEnabled()` follows the flag.
        public var gates: [String]
        /// Shown with the flag on, still navigated to with it off: RouterService shows their
        /// fallback (name) or crashes (nil).
        public var fallsBack: [(feature: String, fallback: String?)]
        /// Shown with the flag on, not even navigated to with it off.
        public var unreachable: [String]
        /// Shown only with the flag off (fallbacks, typically).
        public var onlyWhenOff: [String]

        public static func == (a: Effect, b: Effect) -> Bool {
            a.flag == b.flag && a.declared == b.declared && a.defaultValue == b.defaultValue && a.gates == b.gates
                && a.fallsBack.map { "\($0.feature)|\($0.fallback ?? "")" } == b.fallsBack.map { "\($0.feature)|\($0.fallback ?? "")" }
                && a.unreachable == b.unreachable && a.onlyWhenOff == b.onlyWhenOff
        }
    }

    /// Every flag the registry declares or a feature follows, in name order.
    public static func effects(graph g: NavGraph, scenario: FlagScenario) -> [Effect] {
        let (names, gates) = flags(of: g)
        var out: [Effect] = []
        for flag in names {
            var on = scenario, off = scenario
            on.values[flag] = true
            off.values[flag] = false
            let rOn = g.reachability(under: on), rOff = g.reachability(under: off)
            var effect = Effect(
                flag: flag, declared: g.registry.flags.contains { $0.name == flag },
                defaultValue: g.registry.flags.first { $0.name == flag }?.defaultValue, gates: gates[flag] ?? [],
                fallsBack: [], unreachable: [], onlyWhenOff: [])
            let change = change(g, from: rOn, to: rOff)
            effect.fallsBack = change.fallsBack.map { (g.name($0.feature), $0.fallback.map(g.name)) }
            effect.unreachable = change.unreachable.map(g.name)
            effect.onlyWhenOff = change.gained.map(g.name)
            out.append(effect)
        }
        return out
    }

    /// The flags the registry declares or a feature follows, in name order, and the features
    /// each one gates (in id order).
    public static func flags(of g: NavGraph) -> (names: [String], gates: [String: [String]]) { g.flagGates() }

    /// What going from one scenario's reachability (`before`) to another's (`after`) does to the
    /// declared features, in id order: shown before and still navigated to after, but not shown →
    /// falls back (to its fallback when that is shown after; nil: RouterService crashes); shown
    /// before and not even navigated to after → unreachable; shown only after → gained.
    /// `navgraph flags` compares a flag on (before) with off (after); the HTML page compares the
    /// scenario it starts from with the one the flag toggles choose.
    public struct Change: Sendable, Equatable {
        public var fallsBack: [(feature: Int32, fallback: Int32?)] = []
        public var unreachable: [Int32] = []
        public var gained: [Int32] = []

        public static func == (a: Change, b: Change) -> Bool {
            a.fallsBack.map { [$0.feature, $0.fallback ?? -1] } == b.fallsBack.map { [$0.feature, $0.fallback ?? -1] }
                && a.unreachable == b.unreachable && a.gained == b.gained
        }
    }

    public static func change(_ g: NavGraph, from before: Reachability, to after: Reachability) -> Change {
        var c = Change()
        for f in g.declaredFeatures {
            let i = Int(f)
            if before.reached[i] && !after.reached[i] {
                if after.targeted[i] {
                    let fb = g.feature(f)?.fallback.flatMap { name -> Int32? in
                        guard let id = g.node(.feature, name), id != f, after.reached[Int(id)] else { return nil }
                        return id
                    }
                    c.fallsBack.append((f, fb))
                } else {
                    c.unreachable.append(f)
                }
            } else if !before.reached[i] && after.reached[i] {
                c.gained.append(f)
            }
        }
        return c
    }

    public static func render(graph g: NavGraph, scenario: FlagScenario, style s: TerminalStyle) -> String {
        let effects = effects(graph: g, scenario: scenario)
        if effects.isEmpty { return "No feature flags: nothing is switched by a flag.\n" }
        var out: [String] = []
        if scenario.values.count > 1 {
            out += s.wrap("Each flag switched on and off, the others as in scenario \(TerminalReport.scenarioText(scenario, s)).", firstIndent: "", indent: "  ")
        }
        for e in effects {
            if !out.isEmpty { out.append("") }  // a blank line between flags, none at the top
            let def = e.defaultValue.map { "default \($0 ? "on" : "off")" } ?? s.paint("not declared: counts as off", .yellow)
            out.append(s.paint(s.escape(e.flag), .bold) + " " + s.paint("(\(def))", .dim))
            out += s.wrap(e.gates.isEmpty ? "no feature" : e.gates.map { s.escape($0) }.joined(separator: ", "), firstIndent: "  gates: ", indent: "    ")
            if e.fallsBack.isEmpty && e.unreachable.isEmpty {
                out.append("  when off: " + s.paint("every screen stays reachable", .green))
            } else {
                out.append("  when off:")
                for (f, fb) in e.fallsBack {
                    let text = fb.map { "falls back to \(s.paint(s.escape($0), .yellow))" } ?? s.paint("disabled with no fallback: RouterService crashes", .red)
                    out += s.wrap("\(s.escape(f)) \(text)", firstIndent: "    \(s.bullet) ", indent: "      ")
                }
                if !e.unreachable.isEmpty {
                    out += s.wrap(e.unreachable.map { s.escape($0) }.joined(separator: ", "), firstIndent: "    \(s.bullet) unreachable: ", indent: "      ")
                }
            }
            if !e.onlyWhenOff.isEmpty {
                out += s.wrap(e.onlyWhenOff.map { s.escape($0) }.joined(separator: ", "), firstIndent: "  shown only when off: ", indent: "    ")
            }
        }
        return out.map { s.truncate($0) }.joined(separator: "\n") + "\n"
    }
}
