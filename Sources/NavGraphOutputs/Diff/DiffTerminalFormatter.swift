import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph
import NavGraphChecks

/// `navgraph diff` in the terminal: one section per kind of change, `+` added, `-` removed,
/// `~` changed; coloured only when the style says so. Every name is escaped.
public enum DiffTerminalFormatter {
    public static func format(_ d: NavigationDiff, style s: TerminalStyle) -> String {
        var out = s.paint("navgraph diff", .bold) + " \(s.escape(d.baseLabel)) \(s.arrow) \(s.escape(d.headLabel))\n"
        if d.isEmpty { return out + "No navigation changes.\n" }
        func section(_ title: String) { out += "\n" + s.paint(title, .bold) + "\n" }
        func line(_ mark: String, _ paint: TerminalStyle.Paint, _ text: String) {
            out += s.wrap(text, firstIndent: "  " + s.paint(mark, paint) + " ", indent: "    ").map { s.truncate($0) }.joined(separator: "\n") + "\n"
        }
        for kind in NavigationDiff.ElementKind.allCases {
            let changes = d.elements.filter { $0.kind == kind }
            guard !changes.isEmpty else { continue }
            section(kind.plural)
            for c in changes {
                let details = c.details.isEmpty ? "" : ": " + c.details.map(s.escape).joined(separator: "; ")
                switch c.change {
                case .added: line("+", .green, s.escape(c.name) + details)
                case .removed: line("-", .red, s.escape(c.name) + details)
                case .changed: line("~", .yellow, s.escape(c.name) + details)
                case .renamed: line("~", .yellow, "\(s.escape(c.oldName ?? "")) renamed to \(s.escape(c.name))" + details)
                }
            }
        }
        if !d.edges.isEmpty {
            section("Navigation")
            for e in d.edges { line(e.added ? "+" : "-", e.added ? .green : .red, edgeText(e.edge, s)) }
        }
        for sc in d.reachability {
            section("Reachability (scenario \(s.escape(sc.scenario)))")
            for l in sc.unreachable {
                line(s.cross, .red, "\(s.escape(l.name)) becomes unreachable; the base reached it:")
                for p in l.basePath {
                    let lead = "      " + String(repeating: " ", count: p.prefix { $0 == " " }.count)
                    out += s.wrap(s.escape(p), firstIndent: lead, indent: lead + "   ").map { s.truncate($0) }.joined(separator: "\n") + "\n"
                }
            }
            for r in sc.reachable { line("+", .green, "\(s.escape(r)) becomes reachable") }
        }
        if !d.introduced.isEmpty || !d.fixed.isEmpty {
            section("Findings")
            for f in d.introduced { line("+", f.severity == .error ? .boldRed : .yellow, findingText(f, s)) }
            for f in d.fixed { line("-", .green, "fixed: " + findingText(f, s)) }
        }
        if !d.unpairedScenarios.isEmpty {
            out += "\nScenarios only one side has (not compared): \(d.unpairedScenarios.map(s.escape).joined(separator: ", "))\n"
        }
        return out + "\n" + summary(d) + "\n"
    }

    /// `Screen -> route (style) -> Handler -> Screen`, or `entry route …`, or `… -> no handler`.
    public static func edgeText(_ e: NavigationDiff.NavigationEdge, _ s: TerminalStyle) -> String {
        let from = e.from.map(s.escape) ?? "entry"
        let style = e.style.map { " (\(s.escape($0)))" } ?? ""
        let to = e.to.map { "\(s.escape(e.handler ?? "")) \(s.arrow) \(s.escape($0))" } ?? "no handler"
        return "\(from) \(s.arrow) \(s.escape(e.route))\(style) \(s.arrow) \(to)"
    }

    package static func findingText(_ f: NavigationDiff.FindingChange, _ s: TerminalStyle) -> String {
        "\(f.severity.rawValue) [\(s.escape(f.rule))] \(s.escape(f.message))" + (f.location.map { " (\(s.escape($0)))" } ?? "")
    }

    /// One line of counts, the same in every format.
    public static func summary(_ d: NavigationDiff) -> String {
        func n(_ count: Int, _ what: String) -> String { TerminalReport.plural(count, what) }
        let added = d.elements.filter { $0.change == .added }.count, removed = d.elements.filter { $0.change == .removed }.count
        let changed = d.elements.count - added - removed
        return "\(added) added, \(removed) removed, \(changed) changed; \(n(d.edges.count, "navigation edge")) changed; "
            + "\(n(d.newlyUnreachable.count, "screen")) newly unreachable; \(n(d.introduced.count, "finding")) introduced, \(d.fixed.count) fixed"
    }
}
