import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph
import NavGraphChecks

/// `navgraph report`: a readable, width-aware account of a registry — summary, findings by rule,
/// flow trees from each entry, hubs, deepest screens, dead ends and modules.
///
/// A pure function of its inputs: the CLI decides colour and width, tests pin them.
public enum TerminalReport {
    public static func render(graph g: NavGraph, findings: [Finding], scenario: FlagScenario, style s: TerminalStyle) -> String {
        var out: [String] = []
        let app = g.registry.app.map { s.escape($0) } ?? "navigation registry"
        let title = "\(app) \(s.unicode ? "—" : "-") navigation report"
        out.append(s.paint(title, .bold))
        out.append(contentsOf: s.wrap("scenario: \(scenarioText(scenario, s))", firstIndent: "", indent: "  "))
        out.append(s.heavyRule(min(s.width, max(StringWidth.of(title), 20))))
        out += summary(g, findings, s)
        out += findingsSection(findings, s)
        out += flows(g, scenario, s)
        out += hubs(g, scenario, s)
        out += deepest(g, scenario, s)
        out += deadEnds(g, scenario, s)
        out += modules(g, scenario, s)
        return out.map { s.truncate($0) }.joined(separator: "\n") + "\n"
    }

    /// `default (a=on, b=off)`.
    package static func scenarioText(_ scenario: FlagScenario, _ s: TerminalStyle) -> String {
        let values = scenario.values.keys.sorted().map { "\(s.escape($0))=\(scenario.values[$0]! ? "on" : "off")" }
        return s.escape(scenario.name) + (values.isEmpty ? "" : " (\(values.joined(separator: ", ")))")
    }

    package static func heading(_ text: String, _ s: TerminalStyle) -> [String] {
        ["", s.paint(text, .bold), s.rule(min(s.width, StringWidth.of(text)))]
    }

    package static func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }

    package static func summary(_ g: NavGraph, _ findings: [Finding], _ s: TerminalStyle) -> [String] {
        let r = g.registry
        var modules = Set<String>()
        for f in r.features { if let m = f.module { modules.insert(m) } }
        for x in r.routes { if let m = x.module { modules.insert(m) } }
        for h in r.handlers { if let m = h.module { modules.insert(m) } }
        for d in r.dependencies { if let m = d.module { modules.insert(m) } }
        let counts = [
            plural(Set(r.features.map(\.name)).count, "feature"), plural(Set(r.routes.map(\.id)).count, "route"),
            plural(Set(r.handlers.map(\.name)).count, "handler"), plural(Set(r.dependencies.map(\.protocol)).count, "dependency").replacingOccurrences(of: "dependencys", with: "dependencies"),
            plural(modules.count, "module"), plural(r.entries.count, "entry").replacingOccurrences(of: "entrys", with: "entries"),
            plural(Set(r.flags.map(\.name)).count, "flag"),
        ]
        var out = heading("Summary", s)
        out += s.wrap(counts.joined(separator: " \(s.unicode ? "·" : "|") "), firstIndent: "  ", indent: "  ")
        let e = findings.filter { $0.severity == .error }.count
        let w = findings.filter { $0.severity == .warning }.count
        let n = findings.filter { $0.severity == .note }.count
        let parts = [
            s.paint(plural(e, "error"), e > 0 ? .red : .green), s.paint(plural(w, "warning"), w > 0 ? .yellow : .green),
            plural(n, "note"),
        ]
        out.append("  findings: " + parts.joined(separator: ", "))
        return out
    }

    package static func findingsSection(_ findings: [Finding], _ s: TerminalStyle) -> [String] {
        var out = heading("Findings", s)
        if findings.isEmpty {
            out.append("  " + s.paint("none", .green))
            return out
        }
        var rules: [String] = []
        var byRule: [String: [Finding]] = [:]
        for f in findings {
            if byRule[f.ruleID] == nil { rules.append(f.ruleID) }
            byRule[f.ruleID, default: []].append(f)
        }
        for rule in rules {
            let group = byRule[rule]!
            let worst = group.map(\.severity).max() ?? .note
            out.append("  " + s.paint(s.escape(rule), severityPaint(worst)) + s.paint(" (\(group.count))", .dim))
            for f in group {
                let sev = StringWidth.pad(f.severity.rawValue, 7)
                let loc = f.location.map { s.escape($0.description) } ?? "(no location)"
                out.append("    " + s.paint(sev, severityPaint(f.severity)) + " " + s.paint(loc, .dim))
                out += s.wrap(s.escape(f.message), firstIndent: "            ", indent: "            ")
                for note in f.notes {
                    let where_ = note.location.map { " (\(s.escape($0.description)))" } ?? ""
                    let lines = s.wrap(s.escape(note.message) + where_, firstIndent: "            \(s.unicode ? "↳" : ">") ", indent: "              ")
                    out += lines.map { s.paint($0, .dim) }
                }
            }
        }
        return out
    }

    package static func severityPaint(_ sev: Severity) -> TerminalStyle.Paint {
        switch sev {
        case .error: return .boldRed
        case .warning: return .yellow
        case .note: return .blue
        }
    }
}

/// Column counting for plain text (no colour sequences).
package enum StringWidth {
    package static func of(_ s: String) -> Int { TerminalStyle.visibleWidth(s) }
    package static func pad(_ s: String, _ n: Int) -> String { TerminalStyle.pad(s, n) }
}
