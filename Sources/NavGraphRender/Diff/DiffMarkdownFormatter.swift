import NavGraphKit

/// `navgraph diff --format markdown`: a pull-request comment. Tables of what changed (every cell
/// escaped: names cannot break a table, inject HTML or @-mention anyone) and a Mermaid picture of
/// the changed neighbourhood, which GitHub and GitLab render in comments.
public enum DiffMarkdownFormatter {
    public static func format(_ diff: NavigationDiff, neighbourhood: DiffNeighbourhood) -> String {
        let cell = DiffMarkdown.cell
        var out = "### navgraph diff\n\n\(cell(DiffTerminalFormatter.summary(diff)))\n"
        if diff.isEmpty { return out + "\nNo navigation changes.\n" }
        if !neighbourhood.nodes.isEmpty {
            out += "\n```mermaid\n" + MermaidWriter.write(DiffDiagram.build(diff, neighbourhood: neighbourhood)) + "```\n"
        }
        if !diff.elements.isEmpty {
            out += "\n| | Kind | Name | How |\n|---|---|---|---|\n"
            for c in diff.elements {
                let name = c.oldName.map { "\(cell($0)) → \(cell(c.name))" } ?? cell(c.name)
                out += "| \(sign(c.change)) | \(c.kind.rawValue) | \(name) | \(c.details.map(cell).joined(separator: "<br>")) |\n"
            }
        }
        if !diff.edges.isEmpty {
            out += "\n| | From | Route | Handler | To |\n|---|---|---|---|---|\n"
            for e in diff.edges {
                let route = cell(e.edge.route) + (e.edge.style.map { " (\(cell($0)))" } ?? "")
                out += "| \(e.added ? "➕" : "➖") | \(e.edge.from.map(cell) ?? "*entry*") | \(route) | \(e.edge.handler.map(cell) ?? "") | \(e.edge.to.map(cell) ?? "*no handler*") |\n"
            }
        }
        for s in diff.reachability {
            out += "\n**Reachability, scenario \(cell(s.scenario))**\n\n"
            for l in s.unreachable {
                out += "- ❌ \(cell(l.name)) becomes unreachable; the base reached it:\n\n"
                out += DiffMarkdown.codeBlock(l.basePath.joined(separator: "\n"), indent: "  ")
            }
            for r in s.reachable { out += "- ✅ \(cell(r)) becomes reachable\n" }
        }
        if !diff.introduced.isEmpty || !diff.fixed.isEmpty {
            out += "\n| | Severity | Rule | Location | Message |\n|---|---|---|---|---|\n"
            for (list, sign) in [(diff.introduced, "new"), (diff.fixed, "fixed")] {
                for f in list {
                    out += "| \(sign) | \(f.severity.rawValue) | \(cell(f.rule)) | \(cell(f.location ?? "")) | \(cell(f.message)) |\n"
                }
            }
        }
        return out
    }

    static func sign(_ c: NavigationDiff.ChangeKind) -> String {
        switch c {
        case .added: return "➕"
        case .removed: return "➖"
        case .changed: return "✏️"
        case .renamed: return "🔀"
        }
    }
}
