import NavGraphKit

/// `navgraph diff --format markdown`: a pull-request comment. Tables of what changed (every cell
/// escaped: names cannot break a table, inject HTML or @-mention anyone) and a Mermaid picture of
/// the changed neighbourhood, which GitHub and GitLab render in comments.
///
/// A comment has to fit: GitHub refuses more than 65,536 characters. So the picture is left out
/// above `maxDiagramNodes` nodes (the SVG has it), lost paths are shown for the first
/// `maxPathsPerScenario` screens of a scenario, and the text is cut at `maxCharacters`.
public enum DiffMarkdownFormatter {
    public static let maxDiagramNodes = 120
    public static let maxPathsPerScenario = 20
    public static let maxCharacters = 60_000

    public static func format(_ diff: NavigationDiff, neighbourhood: DiffNeighbourhood) -> String {
        fit(full(diff, neighbourhood: neighbourhood))
    }

    static func full(_ diff: NavigationDiff, neighbourhood: DiffNeighbourhood) -> String {
        let cell = DiffMarkdown.cell
        var out = "### navgraph diff\n\n\(cell(DiffTerminalFormatter.summary(diff)))\n"
        if diff.isEmpty { return out + "\nNo navigation changes.\n" }
        if neighbourhood.nodes.count > maxDiagramNodes {
            out += "\nThe changed neighbourhood has \(neighbourhood.nodes.count) screens and dependencies, too many to draw here "
                + "(more than \(maxDiagramNodes)); `navgraph diff --format svg` draws it.\n"
        } else if !neighbourhood.nodes.isEmpty {
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
            for (i, l) in s.unreachable.enumerated() {
                guard i < maxPathsPerScenario else {
                    out += "- ❌ \(cell(l.name)) becomes unreachable\n"
                    continue
                }
                out += "- ❌ \(cell(l.name)) becomes unreachable; the base reached it:\n\n"
                out += DiffMarkdown.codeBlock(l.basePath.joined(separator: "\n"), indent: "  ")
            }
            if s.unreachable.count > maxPathsPerScenario {
                out += "\n(the base's paths of the first \(maxPathsPerScenario) only; `navgraph diff --format json` has them all)\n"
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

    /// `text` cut on a line boundary to `maxCharacters` (an open code block closed), with a note.
    static func fit(_ text: String) -> String {
        guard text.count > maxCharacters else { return text }
        var kept = "", fences = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            guard kept.count + line.count + 1 <= maxCharacters - 300 else { break }
            kept += line + "\n"
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { fences += 1 }
        }
        if fences % 2 == 1 { kept += "```\n" }
        return kept + "\n*Cut to fit a comment (\(maxCharacters) characters); `navgraph diff --format json` has the whole diff.*\n"
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
