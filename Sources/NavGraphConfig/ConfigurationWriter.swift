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
        var out = "# navgraph configuration (command line > .navgraph.yml > defaults)\n"
        out += "registries: \(list(c.registries))\n"
        if c.entries.isEmpty {
            out += "entries: []\n"
        } else {
            out += "entries:\n"
            for e in c.entries {
                switch e.target {
                case .feature(let n): out += "  - {feature: \(q(n))}\n"
                case .route(let n): out += "  - {route: \(q(n))}\n"
                }
            }
        }
        if c.rules.isEmpty {
            out += "rules: {}\n"
        } else {
            out += "rules:\n"
            for id in c.rules.keys.sorted() {
                let s = c.rules[id]!
                var parts: [String] = []
                if let e = s.enabled { parts.append("enabled: \(e)") }
                if let sev = s.severity { parts.append("severity: \(sev.rawValue)") }
                out += "  \(q(id)): {\(parts.joined(separator: ", "))}\n"
            }
        }
        out += "opt-in: \(list(c.optIn))\n"
        out += "exclude:\n  modules: \(list(c.excludedModules))\n  names: \(list(c.excludedNames))\n"
        if c.scenarios.isEmpty {
            out += "scenarios: {}\n"
        } else {
            out += "scenarios:\n"
            for s in c.scenarios {
                let flags = s.flags.keys.sorted().map { "\(q($0)): \(s.flags[$0]!)" }.joined(separator: ", ")
                out += "  \(q(s.name)): {\(flags)}\n"
            }
        }
        if c.flags.isEmpty {
            out += "flags: {}\n"
        } else {
            out += "flags:\n"
            for f in c.flags {
                var parts: [String] = []
                if let d = f.defaultValue { parts.append("default: \(d)") }
                if let o = f.owner { parts.append("owner: \(q(o))") }
                out += "  \(q(f.name)): {\(parts.joined(separator: ", "))}\n"
            }
        }
        out += "strict: \(c.strict.map(String.init(describing:)) ?? "null")\n"
        out += "reporter: \(c.reporter.map { q($0.rawValue) } ?? "null")\n"
        if c.reports.isEmpty {
            out += "reports: {}\n"
        } else {
            out += "reports:\n"
            for r in c.reports { out += "  \(q(r.format.rawValue)): \(q(r.path))\n" }
        }
        out += "baseline: \(c.baseline.map(q) ?? "null")\n"
        out += "scan: \(c.scan.map(flow) ?? "{}")\n"
        if !c.unfollowed.isEmpty {
            out += "unfollowed:\n"
            for s in c.unfollowed { out += "  - {at: \(q(s.at)), opens: \(list(s.opens))}\n" }
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
