import NavGraphKit

/// Turns a graph and its findings into a `Diagram`: which nodes and edges, in which module
/// cluster, with which marks and tooltips. Pure: the same input gives the same diagram.
public struct DiagramBuilder: Sendable {
    public let graph: NavGraph
    public let findings: [Finding]

    public init(graph: NavGraph, findings: [Finding]) {
        self.graph = graph
        self.findings = findings
    }

    /// The diagram `options` ask for. Collapses modules itself when `collapseModules` is `auto`
    /// and the diagram would exceed `thresholds.collapseAboveNodes` (and says so in `notes`).
    public func build(_ options: DiagramOptions) throws(RenderError) -> Diagram {
        let (selected, context) = try selection(options)
        let index = FindingIndex(graph: graph, findings: findings)
        var shown = Array(repeating: false, count: graph.nodeCount)
        for (i, node) in graph.nodes.enumerated() where selected[i] {
            switch node.kind {
            case .feature: shown[i] = true
            case .route, .handler: shown[i] = options.detail == .full && options.layer != .dependencies
            case .dependency: shown[i] = options.layer != .navigation
            }
        }
        let count = shown.lazy.filter { $0 }.count
        let modules = Set(graph.nodes.indices.filter { shown[$0] }.map { graph.nodes[$0].module ?? "" })
        var collapse = options.collapseModules == .always
        var notes: [String] = []
        if options.collapseModules == .auto, count > options.thresholds.collapseAboveNodes, modules.count > 1 {
            collapse = true
            notes.append("\(count) nodes is more than \(options.thresholds.collapseAboveNodes): modules collapsed "
                + "into one node each (use --module M or --focus NAME to see one part, or --collapse-modules never)")
        }
        var d = Diagram(title: options.title ?? graph.app ?? "navgraph")
        d.legend = options.legend
        d.notes = notes
        var builder = Assembly(graph: graph, index: index, shown: shown, selected: selected, context: context, options: options)
        if collapse {
            builder.collapsed(into: &d)
        } else {
            builder.expanded(into: &d)
        }
        return d
    }
}

/// One diagram's assembly: graph node id → diagram node, module → cluster.
struct Assembly {
    let graph: NavGraph
    let index: FindingIndex
    let shown: [Bool]
    let selected: [Bool]
    let context: [Bool]
    let options: DiagramOptions
    var nodeOf: [Int32: Int] = [:]

    init(graph: NavGraph, index: FindingIndex, shown: [Bool], selected: [Bool], context: [Bool], options: DiagramOptions) {
        self.graph = graph
        self.index = index
        self.shown = shown
        self.selected = selected
        self.context = context
        self.options = options
    }

    private var shownIDs: [Int32] { (0..<Int32(graph.nodeCount)).filter { shown[Int($0)] } }

    // MARK: expanded view

    mutating func expanded(into d: inout Diagram) {
        let ids = shownIDs
        let modules = Array(Set(ids.compactMap { graph.nodes[Int($0)].module })).sorted()
        var clusterOf: [String: Int] = [:]
        var used: Set<String> = []
        for m in modules {
            clusterOf[m] = d.clusters.count
            d.clusters.append(.init(name: Self.clusterName(m, used: &used), label: m, tooltip: "module \(m)"))
        }
        for id in ids {
            let node = graph.nodes[Int(id)]
            var marks = index.marks[Int(id)]
            if context[Int(id)] { marks.insert(.context) }
            if !node.declared { marks.insert(.undeclared) }
            if node.kind == .feature && graph.entryFeatures.contains(id) { marks.insert(.entry) }
            if node.kind == .route && graph.entryRoutes.contains(id) { marks.insert(.entry) }
            if node.kind == .route && !graph.outgoing[Int(id)].contains(where: { graph.edge($0).kind == .routesTo }) {
                marks.insert(.unhandled)
            }
            nodeOf[id] = d.nodes.count
            d.nodes.append(.init(
                kind: Self.kind(node.kind), marks: marks, label: node.name, tooltip: tooltip(id, marks),
                cluster: node.module.flatMap { clusterOf[$0] }, members: [id]))
        }
        // Features an entry route opens are entries too.
        for r in graph.entryRoutes {
            for e in graph.outgoing[Int(r)] where graph.edge(e).kind == .routesTo {
                if let n = nodeOf[graph.edge(e).to] { d.nodes[n].marks.insert(.entry) }
            }
        }
        if options.layer != .dependencies {
            if options.detail == .screens { foldedNavigation(into: &d) } else { fullNavigation(into: &d) }
        }
        if options.layer != .navigation { dependencyEdges(into: &d) }
    }

    private mutating func foldedNavigation(into d: inout Diagram) {
        var stubOf: [Int32: Int] = [:]
        for f in shownIDs where graph.nodes[Int(f)].kind == .feature {
            guard let tail = nodeOf[f] else { continue }
            var byHead: [Int: (routes: [String], lines: [String])] = [:]
            for e in graph.outgoing[Int(f)] {
                let nav = graph.edge(e)
                switch nav.kind {
                case .navigates:
                    let route = nav.to
                    let how = nav.style.map { " (\($0))" } ?? ""
                    let dests = graph.outgoing[Int(route)].map { graph.edge($0) }.filter { $0.kind == .routesTo }
                    if dests.isEmpty && selected[Int(route)] {
                        let stub: Int
                        if let s = stubOf[route] { stub = s } else {
                            stub = d.nodes.count
                            stubOf[route] = stub
                            let marks = index.marks[Int(route)].union(.unhandled)
                            d.nodes.append(.init(
                                kind: .unhandledRoute, marks: marks, label: graph.name(route),
                                tooltip: tooltip(route, marks), cluster: nil, members: [route]))
                        }
                        d.edges.append(.init(
                            tail: tail, head: stub, relation: .navigates, marks: .unhandled, label: graph.name(route),
                            tooltip: "\(graph.name(f)) opens '\(graph.name(route))'\(how): no handler claims it"))
                    }
                    for r in dests {
                        guard let head = nodeOf[r.to] else { continue }
                        var entry = byHead[head] ?? ([], [])
                        if !entry.routes.contains(graph.name(route)) { entry.routes.append(graph.name(route)) }
                        entry.lines.append("\(graph.name(f)) opens '\(graph.name(route))'\(how), handled by \(graph.name(r.via)) -> \(graph.name(r.to))")
                        byHead[head] = entry
                    }
                case .fallback:
                    guard let head = nodeOf[nav.to] else { continue }
                    d.edges.append(.init(
                        tail: tail, head: head, relation: .fallback, marks: [], label: nil,
                        tooltip: "\(graph.name(nav.to)) is the fallback of \(graph.name(f))"))
                case .presents:
                    guard let head = nodeOf[nav.to] else { continue }
                    d.edges.append(Self.directEdge(graph, tail: tail, head: head, from: f, edge: nav))
                default: break
                }
            }
            for head in byHead.keys.sorted() {
                let (routes, lines) = byHead[head]!
                let label = routes.count <= 2 ? routes.joined(separator: ", ") : "\(routes[0]), \(routes[1]) +\(routes.count - 2)"
                d.edges.append(.init(tail: tail, head: head, relation: .navigates, marks: [], label: label,
                                     tooltip: lines.joined(separator: "\n")))
            }
        }
    }

    private mutating func fullNavigation(into d: inout Diagram) {
        var handled: Set<Int64> = [], built: [Int64: [String]] = [:], builtOrder: [Int64] = []
        for id in shownIDs {
            guard let tail = nodeOf[id] else { continue }
            for e in graph.outgoing[Int(id)] {
                let edge = graph.edge(e)
                guard let head = nodeOf[edge.to] else { continue }
                switch edge.kind {
                case .navigates:
                    let how = edge.style.map { " (\($0))" } ?? ""
                    d.edges.append(.init(tail: tail, head: head, relation: .opens, marks: [], label: edge.style,
                                         tooltip: "\(graph.name(id)) opens '\(graph.name(edge.to))'\(how)"))
                case .fallback:
                    d.edges.append(.init(tail: tail, head: head, relation: .fallback, marks: [], label: nil,
                                         tooltip: "\(graph.name(edge.to)) is the fallback of \(graph.name(id))"))
                case .routesTo:
                    guard let h = nodeOf[edge.via] else { continue }
                    if handled.insert(Int64(tail) << 32 | Int64(h)).inserted {
                        d.edges.append(.init(tail: tail, head: h, relation: .handledBy, marks: [], label: nil,
                                             tooltip: "'\(graph.name(id))' is handled by \(graph.name(edge.via))"))
                    }
                    let key = Int64(h) << 32 | Int64(head)
                    if built[key] == nil { builtOrder.append(key) }
                    built[key, default: []].append(graph.name(id))
                case .presents:
                    d.edges.append(Self.directEdge(graph, tail: tail, head: head, from: id, edge: edge))
                case .requires: break
                }
            }
        }
        for key in builtOrder.sorted() {
            let h = Int(key >> 32), f = Int(key & 0xffff_ffff)
            let routes = built[key]!
            d.edges.append(.init(tail: h, head: f, relation: .routesTo, marks: [], label: nil,
                                 tooltip: "\(d.nodes[h].label) maps \(routes.map { "'\($0)'" }.joined(separator: ", ")) to \(d.nodes[f].label)"))
        }
    }

    /// A `presents` edge: drawn apart from the router's edges, labelled with how it is shown.
    static func directEdge(_ graph: NavGraph, tail: Int, head: Int, from: Int32, edge: NavGraph.Edge) -> Diagram.Edge {
        let how = edge.style.map { " (\($0))" } ?? ""
        return .init(tail: tail, head: head, relation: .direct, marks: [], label: edge.style.map { "direct: \($0)" } ?? "direct",
                     tooltip: "\(graph.name(from)) presents \(graph.name(edge.to)) directly\(how), around the router")
    }

    private mutating func dependencyEdges(into d: inout Diagram) {
        for id in shownIDs {
            guard let tail = nodeOf[id] else { continue }
            for e in graph.outgoing[Int(id)] {
                let edge = graph.edge(e)
                guard edge.kind == .requires, let head = nodeOf[edge.to] else { continue }
                let cycle = graph.nodes[Int(id)].kind == .dependency && index.isCycleEdge(id, edge.to)
                d.edges.append(.init(
                    tail: tail, head: head, relation: edge.lazy ? .requiresLazy : .requires, marks: cycle ? .cycle : [],
                    label: nil,
                    tooltip: "\(graph.name(id)) requires \(graph.name(edge.to))\(edge.lazy ? " (lazily)" : "")\(cycle ? ": on a dependency cycle" : "")"))
            }
        }
    }

    // MARK: collapsed view

    mutating func collapsed(into d: inout Diagram) {
        let ids = shownIDs
        let noModule = "(no module)"
        let names = Array(Set(ids.map { graph.nodes[Int($0)].module ?? noModule })).sorted()
        var groupOf: [String: Int] = [:]
        for (i, m) in names.enumerated() { groupOf[m] = i }
        var members = Array(repeating: [Int32](), count: names.count)
        for id in ids { members[groupOf[graph.nodes[Int(id)].module ?? noModule]!].append(id) }
        d.collapsed = true
        for (g, m) in names.enumerated() {
            var marks = Diagram.Marks()
            var lines: [String] = []
            var byMark: [(Diagram.Marks, String, [String])] = [
                (.unreachable, "unreachable", []), (.missingFallback, "without fallback", []),
                (.disabled, "disabled", []), (.cycle, "on a dependency cycle", []), (.finding, "with other findings", []),
            ]
            var kinds: [NavGraph.NodeKind: Int] = [:]
            for id in members[g] {
                let node = graph.nodes[Int(id)]
                kinds[node.kind, default: 0] += 1
                var mk = index.marks[Int(id)]
                if node.kind == .feature && graph.entryFeatures.contains(id) { mk.insert(.entry) }
                marks.formUnion(mk.subtracting(.context))
                for i in byMark.indices where mk.contains(byMark[i].0) { byMark[i].2.append(node.name) }
            }
            let counts = NavGraph.NodeKind.allCases.compactMap { k in kinds[k].map { "\($0) \(k.label)\($0 == 1 ? "" : "s")" } }
            lines.append("module \(m): \(counts.joined(separator: ", "))")
            for (_, what, list) in byMark where !list.isEmpty {
                lines.append("\(list.count) \(what): \(list.prefix(10).joined(separator: ", "))\(list.count > 10 ? ", …" : "")")
            }
            let features = kinds[.feature] ?? 0
            d.nodes.append(.init(kind: .module, marks: marks, label: "\(m)\n\(features) screen\(features == 1 ? "" : "s")",
                                 tooltip: lines.joined(separator: "\n"), cluster: nil, members: members[g]))
        }
        // Links between modules: folded navigation, fallbacks, dependencies.
        var counts: [Int64: (count: Int, samples: [String], relation: Diagram.Relation)] = [:]
        func link(_ a: Int32, _ b: Int32, _ text: String, _ relation: Diagram.Relation) {
            let ga = groupOf[graph.nodes[Int(a)].module ?? noModule]!, gb = groupOf[graph.nodes[Int(b)].module ?? noModule]!
            guard ga != gb else { return }
            let key = Int64(ga) << 32 | Int64(gb)
            var entry = counts[key] ?? (0, [], relation)
            entry.count += 1
            if entry.samples.count < 10 { entry.samples.append(text) }
            counts[key] = entry
        }
        for id in ids {
            for e in graph.outgoing[Int(id)] {
                let edge = graph.edge(e)
                switch edge.kind {
                case .navigates where options.layer != .dependencies:
                    for r in graph.outgoing[Int(edge.to)] where graph.edge(r).kind == .routesTo && shown[Int(graph.edge(r).to)] {
                        link(id, graph.edge(r).to, "\(graph.name(id)) -> \(graph.name(graph.edge(r).to)) via '\(graph.name(edge.to))'", .aggregate)
                    }
                case .fallback where options.layer != .dependencies && shown[Int(edge.to)]:
                    link(id, edge.to, "\(graph.name(edge.to)) is the fallback of \(graph.name(id))", .aggregate)
                case .requires where options.layer != .navigation && shown[Int(edge.to)]:
                    link(id, edge.to, "\(graph.name(id)) requires \(graph.name(edge.to))", .aggregate)
                default: break
                }
            }
        }
        for key in counts.keys.sorted() {
            let c = counts[key]!
            d.edges.append(.init(
                tail: Int(key >> 32), head: Int(key & 0xffff_ffff), relation: c.relation, marks: [], label: "\(c.count)",
                tooltip: "\(c.count) link\(c.count == 1 ? "" : "s"):\n" + c.samples.joined(separator: "\n") + (c.count > c.samples.count ? "\n…" : "")))
        }
    }

    // MARK: text

    private func tooltip(_ id: Int32, _ marks: Diagram.Marks) -> String {
        let node = graph.nodes[Int(id)]
        var lines = ["\(node.kind.label) \(node.name)"]
        if let m = node.module { lines.append("module: \(m)") }
        var origin: ElementOrigin?
        switch node.kind {
        case .feature:
            if let f = graph.feature(id) {
                origin = f.origin
                if f.enabled != .always { lines.append("enabled: \(f.enabled)") }
                if let fb = f.fallback { lines.append("fallback: \(fb)") }
            }
        case .route, .handler, .dependency: origin = graph.declarationOrigin[Int(id)]
        }
        if let s = origin?.source { lines.append("source: \(s)") }
        if let r = origin?.registry { lines.append("declared at: \(r)") }
        if !node.declared { lines.append("referenced but not declared") }
        if marks.contains(.entry) { lines.append("entry") }
        lines += index.lines[Int(id)]
        return lines.joined(separator: "\n")
    }

    static func kind(_ k: NavGraph.NodeKind) -> Diagram.NodeKind {
        switch k {
        case .feature: return .feature
        case .route: return .route
        case .handler: return .handler
        case .dependency: return .dependency
        }
    }

    /// `cluster_` + the module with every character outside `[A-Za-z0-9_]` made `_`, made unique.
    static func clusterName(_ module: String, used: inout Set<String>) -> String {
        let safe = String(module.unicodeScalars.map { s -> Character in
            (s.isASCII && (s.properties.isAlphabetic || ("0"..."9").contains(s) || s == "_")) ? Character(s) : "_"
        })
        var name = "cluster_\(safe)"
        var n = 2
        while used.contains(name) {
            name = "cluster_\(safe)_\(n)"
            n += 1
        }
        used.insert(name)
        return name
    }
}
