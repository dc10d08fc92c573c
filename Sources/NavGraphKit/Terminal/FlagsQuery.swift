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
        var names = Set(g.registry.flags.map(\.name))
        var gates: [String: [String]] = [:]
        for f in g.featureInfo.keys.sorted() {
            if case .flag(let x) = g.featureInfo[f]!.enabled {
                names.insert(x)
                gates[x, default: []].append(g.name(f))
            }
        }
        var out: [Effect] = []
        for flag in names.sorted() {
            var on = scenario, off = scenario
            on.values[flag] = true
            off.values[flag] = false
            let rOn = g.reachability(under: on), rOff = g.reachability(under: off)
            var effect = Effect(
                flag: flag, declared: g.registry.flags.contains { $0.name == flag },
                defaultValue: g.registry.flags.first { $0.name == flag }?.defaultValue, gates: gates[flag] ?? [],
                fallsBack: [], unreachable: [], onlyWhenOff: [])
            for f in g.ids(of: .feature) where g.featureInfo[f] != nil {
                let i = Int(f)
                if rOn.reached[i] && !rOff.reached[i] {
                    if rOff.targeted[i] {
                        let fb = g.featureInfo[f]?.fallback.flatMap { name -> String? in
                            guard let id = g.node(.feature, name), id != f, rOff.reached[Int(id)] else { return nil }
                            return name
                        }
                        effect.fallsBack.append((g.name(f), fb))
                    } else {
                        effect.unreachable.append(g.name(f))
                    }
                } else if !rOn.reached[i] && rOff.reached[i] {
                    effect.onlyWhenOff.append(g.name(f))
                }
            }
            out.append(effect)
        }
        return out
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
