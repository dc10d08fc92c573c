import NavGraphKit

/// A diagram as a Mermaid flowchart (GitHub renders it in Markdown): plain text, no layout.
/// Ids are synthetic (`n0`, `c0`); names go into quoted labels with Mermaid's entity codes.
public enum MermaidWriter {
    public static func write(_ d: Diagram) -> String {
        var out = "---\ntitle: \"\(Escaping.mermaid(d.title))\"\n---\nflowchart LR\n"
        func line(_ n: Int, _ indent: String) {
            let node = d.nodes[n]
            let (open, close) = shape(node.kind)
            out += "\(indent)n\(n)\(open)\"\(Escaping.mermaid(node.label))\"\(close)\n"
        }
        for (c, cluster) in d.clusters.enumerated() {
            out += "  subgraph c\(c)[\"\(Escaping.mermaid(cluster.label))\"]\n"
            for n in d.nodes.indices where d.nodes[n].cluster == c { line(n, "    ") }
            out += "  end\n"
        }
        for n in d.nodes.indices where d.nodes[n].cluster == nil { line(n, "  ") }
        for e in d.edges {
            let arrow: String
            switch e.relation {
            case _ where e.marks.contains(.removed): arrow = "-.->"
            case .fallback, .requiresLazy: arrow = "-.->"
            case .direct: arrow = "-.-o"
            default: arrow = e.marks.contains(.cycle) || e.marks.contains(.unhandled) ? "==>" : "-->"
            }
            let label = (d.showsEdgeLabels ? e.label : nil).map { "|\"\(Escaping.mermaid($0))\"|" } ?? ""
            out += "  n\(e.tail) \(arrow)\(label) n\(e.head)\n"
        }
        let classes: [(String, Diagram.Marks, String)] = [
            ("entry", .entry, "fill:#D7F5DD,stroke:#2E8540,stroke-width:2px"),
            ("unreachable", .unreachable, "fill:#E0E0E0,stroke:#888888,stroke-dasharray:4 3,color:#666666"),
            ("disabled", .disabled, "stroke:#D35400,stroke-width:2px"),
            ("problem", [.missingFallback, .cycle, .unhandled], "fill:#FDE2E1,stroke:#C0392B,stroke-width:3px"),
            ("changed", .changed, "fill:#FFF4D6,stroke:#B7950B,stroke-width:2px"),
            ("added", .added, "fill:#D7F5DD,stroke:#2E8540,stroke-width:2px"),
            ("removed", .removed, "fill:#FDE2E1,stroke:#C0392B,stroke-width:2px,stroke-dasharray:5 4"),
        ]
        for (name, marks, css) in classes {
            let members = d.nodes.indices.filter { !d.nodes[$0].marks.isDisjoint(with: marks) }
            guard !members.isEmpty else { continue }
            out += "  classDef \(name) \(css)\n"
            out += "  class \(members.map { "n\($0)" }.joined(separator: ",")) \(name)\n"
        }
        // Diff colouring of edges (linkStyle counts edges in the order written).
        let linkStyles: [(Diagram.Marks, String)] = [
            (.changed, "stroke:#B7950B,stroke-width:2px"), (.added, "stroke:#2E8540,stroke-width:2px"),
            (.removed, "stroke:#C0392B,stroke-width:2px,stroke-dasharray:5 4"),
        ]
        for (mark, css) in linkStyles {
            let members = d.edges.indices.filter { d.edges[$0].marks.contains(mark) }
            guard !members.isEmpty else { continue }
            out += "  linkStyle \(members.map(String.init).joined(separator: ",")) \(css)\n"
        }
        return out
    }

    private static func shape(_ k: Diagram.NodeKind) -> (String, String) {
        switch k {
        case .feature, .module: return ("(", ")")
        case .route: return ("([", "])")
        case .handler: return ("{{", "}}")
        case .dependency: return ("[[", "]]")
        case .unhandledRoute: return ("[/", "/]")
        case .group: return ("[", "]")
        }
    }
}
