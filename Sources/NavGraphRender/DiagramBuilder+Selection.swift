import NavGraphKit

extension DiagramBuilder {
    /// The graph nodes `--focus/--depth`, `--from`, `--to` and `--module` leave in (all when none
    /// is given), and the greyed context around a `--module` selection. Several selectors intersect.
    func selection(_ o: DiagramOptions) throws(RenderError) -> (selected: [Bool], context: [Bool]) {
        let n = graph.nodeCount
        var selected = Array(repeating: true, count: n)
        var context = Array(repeating: false, count: n)
        func intersect(_ other: [Bool]) { for i in 0..<n where !other[i] { selected[i] = false } }

        if let name = o.from { intersect(walk(from: try lookup(name, "--from"), forward: true, backward: false, o)) }
        if let name = o.to { intersect(walk(from: try lookup(name, "--to"), forward: false, backward: true, o)) }
        if let name = o.focus {
            intersect(walk(from: try lookup(name, "--focus"), forward: true, backward: true, o, depth: max(0, o.depth)))
        }
        if let m = o.module {
            guard graph.nodes.contains(where: { $0.module == m }) else { throw .unknownElement(option: "--module", name: m) }
            var inModule = graph.nodes.map { $0.module == m }
            let members = (0..<Int32(n)).filter { inModule[Int($0)] }
            // Routes and handlers often carry no module: keep those touching the module's elements.
            let touching = walk(from: members, forward: true, backward: true, o, depth: 0)
            let near = walk(from: members, forward: true, backward: true, o, depth: 1)
            for i in 0..<n where !inModule[i] {
                let kind = graph.nodes[i].kind
                if kind == .route || kind == .handler {
                    inModule[i] = touching[i]
                } else if near[i] {
                    context[i] = true
                }
            }
            for i in 0..<n where !inModule[i] && !context[i] { selected[i] = false }
            for i in 0..<n where context[i] && !selected[i] { context[i] = false }
        }
        return (selected, context)
    }

    /// Features first, then routes, dependencies, handlers with that name.
    private func lookup(_ name: String, _ option: String) throws(RenderError) -> [Int32] {
        for k in [NavGraph.NodeKind.feature, .route, .dependency, .handler] {
            if let id = graph.node(k, name) { return [id] }
        }
        throw .unknownElement(option: option, name: name)
    }

    /// Breadth-first over the layer's relations. Depth counts screens: stepping onto a route or
    /// handler is free, so `--depth 1` in the screens view means one navigation away.
    func walk(from starts: [Int32], forward: Bool, backward: Bool, _ o: DiagramOptions, depth: Int? = nil) -> [Bool] {
        var seen = Array(repeating: false, count: graph.nodeCount)
        var level = starts
        for s in starts { seen[Int(s)] = true }
        var d = 0
        while !level.isEmpty {
            var next: [Int32] = []
            var i = 0
            while i < level.count {  // `level` grows with free steps
                let v = level[i]
                i += 1
                var steps: [Int32] = []
                if forward { for e in graph.outgoing[Int(v)] where follows(graph.edge(e), o) { steps.append(graph.edge(e).to) } }
                if backward { for e in graph.incoming[Int(v)] where follows(graph.edge(e), o) { steps.append(graph.edge(e).from) } }
                for w in steps where !seen[Int(w)] {
                    let free = graph.nodes[Int(w)].kind == .route || graph.nodes[Int(w)].kind == .handler
                    if free {
                        seen[Int(w)] = true
                        level.append(w)
                    } else if depth.map({ d < $0 }) ?? true {
                        seen[Int(w)] = true
                        next.append(w)
                    }
                }
            }
            level = next
            d += 1
        }
        // Handlers are not on edges (they are an edge's `via`): keep those of kept route edges.
        for e in graph.edges where e.kind == .routesTo && seen[Int(e.from)] && seen[Int(e.to)] {
            seen[Int(e.via)] = true
        }
        return seen
    }

    private func follows(_ e: NavGraph.Edge, _ o: DiagramOptions) -> Bool {
        switch e.kind {
        case .navigates, .routesTo, .fallback, .presents: return o.layer != .dependencies
        case .requires: return o.layer != .navigation
        }
    }
}
