import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph
import NavGraphChecks
import NavGraphOutputs

/// Writes a configuration as `.navgraph.yml` text that `ConfigurationLoader` reads back to the
/// same configuration (`navgraph config --dump`). Every key is written, sorted where the file
/// has no order of its own, so two dumps of one configuration are byte-identical.
public enum ConfigurationWriter {
    public static func yaml(_ c: Configuration) -> String {
        let q = { (s: String) in RegistryWriter.q(s) }
        func list(_ items: [String]) -> String { "[" + items.map(q).joined(separator: ", ") + "]" }
        /// `key:` and one indented line per item, or `key: empty` when there is none.
        func block(_ key: String, empty: String, _ lines: [String]) -> String {
            lines.isEmpty ? "\(key): \(empty)\n" : "\(key):\n" + lines.map { "  \($0)\n" }.joined()
        }
        var out = "# navgraph configuration (command line > .navgraph.yml > defaults)\n"
        out += "registries: \(list(c.registries))\n"
        out += block("entries", empty: "[]", c.entries.map { e in
            switch e.target {
            case .feature(let n): return "- {feature: \(q(n))}"
            case .route(let n): return "- {route: \(q(n))}"
            }
        })
        out += block("rules", empty: "{}", c.rules.keys.sorted().map { id in
            let s = c.rules[id]!
            var parts: [String] = []
            if let e = s.enabled { parts.append("enabled: \(e)") }
            if let sev = s.severity { parts.append("severity: \(sev.rawValue)") }
            return "\(q(id)): {\(parts.joined(separator: ", "))}"
        })
        out += "opt-in: \(list(c.optIn))\n"
        out += "exclude:\n  modules: \(list(c.excludedModules))\n  names: \(list(c.excludedNames))\n"
        out += block("scenarios", empty: "{}", c.scenarios.map { s in
            "\(q(s.name)): {" + s.flags.keys.sorted().map { "\(q($0)): \(s.flags[$0]!)" }.joined(separator: ", ") + "}"
        })
        out += block("flags", empty: "{}", c.flags.map { f in
            var parts: [String] = []
            if let d = f.defaultValue { parts.append("default: \(d)") }
            if let o = f.owner { parts.append("owner: \(q(o))") }
            return "\(q(f.name)): {\(parts.joined(separator: ", "))}"
        })
        out += "strict: \(c.strict.map(String.init(describing:)) ?? "null")\n"
        out += "reporter: \(c.reporter.map { q($0.rawValue) } ?? "null")\n"
        out += block("reports", empty: "{}", c.reports.map { "\(q($0.format.rawValue)): \(q($0.path))" })
        out += "baseline: \(c.baseline.map(q) ?? "null")\n"
        out += "scan: \(c.scan.map(flow) ?? "{}")\n"
        if !c.unfollowed.isEmpty {
            out += block("unfollowed", empty: "[]", c.unfollowed.map { "- {at: \(q($0.at)), opens: \(list($0.opens))}" })
        }
        return out
    }

    /// A raw node in YAML flow style, keeping plain scalars plain and quoted ones quoted.
    public static func flow(_ node: RawNode) -> String {
        switch node {
        case .scalar(let s, let plain, _):
            if plain && (RawNode.isNull(s) || RawNode.bool(s) != nil || Int(s) != nil || Double(s) != nil) {
                return s.isEmpty ? "null" : s
            }
            return RegistryWriter.q(s, forceQuotes: !plain)
        case .sequence(let items, _):
            return "[" + items.map(flow).joined(separator: ", ") + "]"
        case .mapping(let pairs, _):
            return "{" + pairs.map { "\(flow($0.key)): \(flow($0.value))" }.joined(separator: ", ") + "}"
        }
    }
}
