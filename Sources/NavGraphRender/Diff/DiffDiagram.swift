import Foundation
import NavGraphKit

/// A diff's changed neighbourhood as a `Diagram`, so it is drawn by the same writers as every
/// other picture: Mermaid for pull-request comments, DOT through graphviz for SVG and PNG.
/// Added elements are green, removed ones red and dashed, changed ones amber.
public enum DiffDiagram {
    public static func build(_ diff: NavigationDiff, neighbourhood n: DiffNeighbourhood) -> Diagram {
        var d = Diagram(title: "navgraph diff: \(diff.baseLabel) -> \(diff.headLabel)")
        let details = Dictionary(grouping: diff.elements.filter { $0.kind == .screen || $0.kind == .dependency }, by: \.name)
        for node in n.nodes {
            var marks = marks(node.status)
            if node.entry { marks.insert(.entry) }
            let kind: Diagram.NodeKind
            switch node.kind {
            case .screen: kind = .feature
            case .dependency: kind = .dependency
            case .unhandledRoute: kind = .unhandledRoute
            }
            let facts = (details[node.name] ?? []).flatMap(\.details)
            let tooltip = ([node.label, node.status.rawValue] + facts).joined(separator: "\n")
            d.nodes.append(Diagram.Node(kind: kind, marks: marks, label: node.label, tooltip: tooltip, cluster: nil))
        }
        for e in n.edges {
            let relation: Diagram.Relation
            switch e.kind {
            case .navigates: relation = .navigates
            case .fallback: relation = .fallback
            case .requires: relation = e.lazy ? .requiresLazy : .requires
            }
            let what = e.label ?? e.kind.rawValue
            d.edges.append(Diagram.Edge(tail: e.from, head: e.to, relation: relation, marks: marks(e.status), label: e.label,
                                        tooltip: "\(what) (\(e.status.rawValue))"))
        }
        return d
    }

    static func marks(_ s: DiffNeighbourhood.Status) -> Diagram.Marks {
        switch s {
        case .added: return .added
        case .removed: return .removed
        case .changed: return .changed
        case .unchanged: return []
        }
    }

    /// The diagram drawn by graphviz (dot) as each of `formats` (`svg`, `png`), in order.
    public static func render(_ d: Diagram, formats: [DiagramFormat], renderer: GraphvizRenderer = GraphvizRenderer()) throws(RenderError) -> [Data] {
        let dot = try GraphvizRenderer.dot(for: d)
        return try renderer.render(dot: dot, engine: "dot", formats: formats.map(\.rawValue)).outputs
    }
}
