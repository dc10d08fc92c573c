import NavGraphKit

import CGraphviz

/// Writes a `Diagram` as DOT through libcgraph (the shim): synthetic ids `n0, n1…`, clusters
/// `cluster_<module>`, attribute values from `DiagramStyle`, user text only in escaped labels and
/// tooltips. Nodes and edges carry their synthetic id as `id` too, so the SVG's `<g id="n3">` is
/// diagram node 3 and `<g id="e5">` diagram edge 5. Callers hold `GraphvizRenderer.lock`.
enum GraphvizGraph {
    static func dot(for d: Diagram, engine: String, bounded: Bool) throws(RenderError) -> String {
        guard let g = ngv_graph_new("navgraph", 0) else { throw .system("graphviz could not create a graph") }
        defer { ngv_graph_free(g) }
        let root = ngv_root(g)
        for (k, v) in DiagramStyle.nodeDefaults { ngv_declare(g, 1, k, v) }
        for (k, v) in DiagramStyle.edgeDefaults { ngv_declare(g, 2, k, v) }
        // Declared before any cluster exists so that clusters start from these defaults, not the root's values.
        ngv_declare(g, 1, "label", "\\N")
        ngv_declare(g, 1, "tooltip", "")
        ngv_declare(g, 2, "label", "")
        ngv_declare(g, 2, "tooltip", "")
        ngv_declare(g, 0, "label", "")
        ngv_declare(g, 0, "tooltip", "")

        var clusters: [UnsafeMutableRawPointer?] = []
        for c in d.clusters {
            let sub = ngv_subgraph(g, nil, c.name)
            for (k, v) in DiagramStyle.cluster { ngv_set(sub, k, v) }
            ngv_set(sub, "label", Escaping.dot(c.label))
            ngv_set(sub, "tooltip", Escaping.dot(c.tooltip))
            clusters.append(sub)
        }
        var handles: [UnsafeMutableRawPointer?] = []
        handles.reserveCapacity(d.nodes.count)
        for (i, n) in d.nodes.enumerated() {
            let h = ngv_node(g, n.cluster.map { clusters[$0] } ?? nil, "n\(i)")
            ngv_set(h, "id", "n\(i)")  // SVG `<g id="n<i>">`: how the HTML page finds diagram node i
            for (k, v) in DiagramStyle.node(n.kind, n.marks) { ngv_set(h, k, v) }
            ngv_set(h, "label", Escaping.dot(n.label))
            ngv_set(h, "tooltip", Escaping.dot(n.tooltip))
            // Only navgraph's own relative file names (percent-encoded): the group picture to open.
            if let k = n.link, k < d.linkTargets.count { ngv_set(h, "URL", Escaping.dot(d.linkTargets[k])) }
            handles.append(h)
        }
        if d.legend {
            let h = ngv_node(g, nil, "legend")
            ngv_set(h, "shape", "plaintext")
            ngv_set(h, "style", "solid")
            ngv_set_html(h, "label", DiagramStyle.legend(for: d))
            ngv_set(h, "tooltip", "legend")
        }
        for (i, e) in d.edges.enumerated() {
            let h = ngv_edge(g, handles[e.tail], handles[e.head], "e\(i)")
            ngv_set(h, "id", "e\(i)")
            for (k, v) in DiagramStyle.edge(e.relation, e.marks) { ngv_set(h, k, v) }
            if d.showsEdgeLabels, let l = e.label {
                // The map's counts sit at the arrow heads: dot's edge labels become nodes of the layout,
                // and with the map's clusters they crashed graphviz 2.42 (signal 6) in the layout child.
                if d.isMap {
                    ngv_set(h, "headlabel", Escaping.dot(l))
                    ngv_set(h, "labelfontcolor", DiagramStyle.blue)
                    ngv_set(h, "labelfontsize", "10")
                    ngv_set(h, "labeldistance", "1.8")
                    ngv_set(h, "labelangle", "-30")
                } else {
                    ngv_set(h, "label", Escaping.dot(l))
                }
            }
            ngv_set(h, "tooltip", Escaping.dot(e.tooltip))
        }
        // Root values last: a cluster created after them would inherit them.
        for (k, v) in DiagramStyle.graph(engine: engine, bounded: bounded, dense: d.isDense) { ngv_set(root, k, v) }
        ngv_set(root, "label", Escaping.dot(d.title))
        ngv_set(root, "tooltip", Escaping.dot(d.title))

        var length = 0
        guard let text = ngv_write_dot(g, &length) else { throw .system("graphviz could not write DOT") }
        defer { ngv_free(text) }
        return String(decoding: UnsafeRawBufferPointer(start: text, count: length), as: UTF8.self)
    }
}
