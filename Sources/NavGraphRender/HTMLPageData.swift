import NavGraphKit

/// What the HTML page embeds as JSON (docs/rendering.md, "HTML"): the graph, how the diagram maps
/// onto the SVG, the findings and the flag scenarios. The scenarios and each one's findings come
/// from the pipeline (`ScenarioFindings`: one check run); the rest is computed here with the
/// library's own functions (`reachability(under:)`, `FlagsQuery.change`, `moves(opening:)`); the
/// page's script only looks up, colours, and walks the embedded moves.
/// Graph node `i` is `nodes[i]`; diagram node `d` is the SVG's `<g id="n<d>">`.
struct HTMLPageData: Encodable {
    struct Node: Encodable {
        var kind: String
        var name: String
        var module: String?
        var declared: Bool
        var source: String?
        var declaredAt: String?
        /// Features: `always`, `never`, `flag:x`, `runtime`.
        var enabled: String?
        var fallback: Int32?
        var entry: Bool
        /// The diagram node drawing it (its module's node when collapsed, its group's on the map); nil when not drawn.
        var svg: Int?
        /// On the map: the group whose picture draws it (`views.groups`).
        var group: Int?
    }

    /// The map's group pictures (docs/rendering.md, "The map"): group `k`'s SVG is the page's
    /// `<template id="ng-group-<k>">`; its diagram node `d` draws the graph nodes `members[d]`
    /// (its own screens, and screens of other groups it links with, greyed).
    struct GroupView: Encodable {
        var name: String
        var slug: String
        var modules: [String]
        var diagramEdges: [[Int]]
        var members: [[Int32]]
    }

    struct Views: Encodable {
        /// `modules` or `flows`: how the groups were made.
        var rule: String
        var groups: [GroupView]
    }

    struct Layout: Encodable {
        var engine: String
        var collapsed: Bool
        var edgeLabels: Bool
        var detail: String
        var layer: String
        var notes: [String]
        var drawnNodes: Int
        var drawnEdges: Int
    }

    struct FindingRow: Encodable {
        var rule: String
        var severity: String
        var message: String
        var location: String?
        /// Graph nodes the finding names.
        var elements: [Int32]
        var notes: [String]
    }

    struct Flag: Encodable {
        var name: String
        var declared: Bool
        var defaultValue: Bool?
        var gates: [Int32]
    }

    struct Scenario: Encodable {
        var name: String
        /// One value per `flags` entry.
        var values: [Bool]
        /// Flag-gated features switched off here (moves gated on them do not land).
        var disabled: [Int32]
        /// Indices into `findings`: what `check` reports under this scenario alone.
        var findings: [Int]
        /// Against the base scenario (`FlagsQuery.change`): `[feature, fallback or -1]`.
        var fallsBack: [[Int32]]
        var unreachable: [Int32]
        var gained: [Int32]
    }

    var app: String
    var title: String
    var layout: Layout
    var nodes: [Node]
    /// Graph edges: `[from, to, kind, via, lazy]`, kind 0 navigates, 1 routesTo, 2 fallback, 3 requires.
    var edges: [[Int32]]
    /// Presentation styles of navigates edges, by edge index.
    var edgeStyles: [String: String]
    /// Diagram edges `[tail, head]`: the SVG's `<g id="e<i>">`.
    var diagramEdges: [[Int]]
    var diagramNodes: Int
    /// Per feature, its landing moves with every flag on: `[navigates edge, handler, lands, gate, destination]`;
    /// the move lands unless `gate` (≥ 0) is disabled in the scenario. Same rule as `moves(opening:)`.
    var moves: [[[Int32]]]
    var findings: [FindingRow]
    var flags: [Flag]
    /// `combinations` (every combination of the flags) or `single` (each flag toggled alone from the base).
    var scenarioRule: String
    var base: Int
    var scenarios: [Scenario]
    /// The map's groups; absent when the page draws one diagram.
    var views: Views?
}

extension HTMLPageData {
    /// `found`: the page's flag scenarios (every combination of the flags, or each toggled alone:
    /// `FlagScenario.explored`) and each one's findings, which the page embeds and never computes.
    init(graph g: NavGraph, diagram: Diagram, engine: String, notes: [String], options: DiagramOptions,
         scenarios found: ScenarioFindings, groups: DiagramGroups? = nil, groupDiagrams: [Diagram] = []) {
        nodes = Self.nodes(g, drawnIn: diagram, groups: groups)
        if let groups {
            views = Views(rule: groups.rule, groups: zip(groups.groups, groupDiagrams).map { group, d in
                GroupView(name: group.name, slug: group.slug, modules: group.modules, diagramEdges: d.edges.map { [$0.tail, $0.head] },
                          members: d.nodes.map(\.members))
            })
        }
        var styles: [String: String] = [:]
        edges = g.edges.enumerated().map { i, e in
            if let s = e.style { styles["\(i)"] = s }
            return [e.from, e.to, Int32(e.kind.rawValue), e.via, e.lazy ? 1 : 0]
        }
        edgeStyles = styles
        diagramEdges = diagram.edges.map { [$0.tail, $0.head] }
        diagramNodes = diagram.nodes.count
        app = g.app ?? diagram.title
        title = diagram.title
        layout = Layout(engine: engine, collapsed: diagram.collapsed, edgeLabels: diagram.showsEdgeLabels,
                        detail: options.detail.rawValue, layer: options.layer.rawValue, notes: notes,
                        drawnNodes: diagram.nodes.count, drawnEdges: diagram.edges.count)
        let gates = g.flagGates().gates
        flags = found.flags.map { n in
            let declared = g.declaredFlags.first { $0.name == n }
            return Flag(name: n, declared: declared != nil, defaultValue: declared?.defaultValue,
                        gates: (gates[n] ?? []).compactMap { g.node(.feature, $0) })
        }
        var allOn = found.scenarios[found.start]
        for n in found.flags { allOn.values[n] = true }
        moves = Self.moves(g, under: allOn)
        scenarioRule = found.combinations ? "combinations" : "single"
        base = found.start
        (findings, scenarios) = Self.scenarios(g, found)
    }

    /// Every graph node, with the diagram node (and on the map, the group) that draws it.
    private static func nodes(_ g: NavGraph, drawnIn diagram: Diagram, groups: DiagramGroups?) -> [Node] {
        var drawnBy: [Int32: Int] = [:]
        for (i, n) in diagram.nodes.enumerated() { for m in n.members where drawnBy[m] == nil { drawnBy[m] = i } }
        let entryFeatures = Set(g.entryFeatures), entryRoutes = Set(g.entryRoutes)
        return g.nodes.indices.map { i in
            let id = Int32(i), n = g.nodes[i]
            var origin: ElementOrigin?
            var node = Node(kind: n.kind.label, name: n.name, module: n.module, declared: n.declared, entry: false, svg: drawnBy[id])
            switch n.kind {
            case .feature:
                if let f = g.feature(id) {
                    origin = f.origin
                    switch f.enabled {
                    case .always: node.enabled = "always"
                    case .never: node.enabled = "never"
                    case .flag(let x): node.enabled = "flag:" + x
                    case .runtime: node.enabled = "runtime"
                    }
                    node.fallback = f.fallback.flatMap { g.node(.feature, $0) }
                }
                node.entry = entryFeatures.contains(id)
            case .route:
                origin = g.declarationOrigin[i]
                node.entry = entryRoutes.contains(id)
            case .handler, .dependency: origin = g.declarationOrigin[i]
            }
            node.source = origin?.source?.description
            node.declaredAt = origin?.registry?.description
            node.group = groups?.groupOf[id]
            return node
        }
    }

    /// Per declared feature, its landing moves under `allOn` (every flag on), as `moves` describes them.
    private static func moves(_ g: NavGraph, under allOn: FlagScenario) -> [[[Int32]]] {
        g.nodes.indices.map { i in
            let f = Int32(i)
            guard g.isDeclaredFeature(f) else { return [] }
            var rows: [[Int32]] = []
            for e in g.outgoing[i] where g.edge(e).kind == .navigates {
                let edge = g.edge(e)
                for m in g.moves(opening: edge.to, from: f, style: edge.style, under: allOn) {
                    guard let lands = m.lands, let handler = m.handler else { continue }
                    let gate: Int32 = m.outcome == .shows ? (m.destination ?? -1) : -1
                    rows.append([e, handler, lands, gate, m.destination ?? -1])
                }
            }
            // Direct presentations: no handler (-1), never gated (built without `isEnabled()`).
            for e in g.outgoing[i] where g.edge(e).kind == .presents && g.isDeclaredFeature(g.edge(e).to) {
                rows.append([e, -1, g.edge(e).to, -1, g.edge(e).to])
            }
            return rows
        }
    }

    /// The findings of every scenario, each once (in order of first occurrence), and per scenario
    /// which of them it has and what it changes against the start scenario (`FlagsQuery.change`).
    private static func scenarios(_ g: NavGraph, _ found: ScenarioFindings) -> ([FindingRow], [Scenario]) {
        let startReach = g.reachability(under: found.scenarios[found.start])
        var rows: [FindingRow] = []
        var rowOf: [String: Int] = [:]
        // A row per finding as the page lists it (rule, severity, subject, message, location; the
        // notes of its first occurrence), found once per distinct finding.
        var rowOfDistinct = [Int?](repeating: nil, count: found.findings.distinct.count)
        var scenarios: [Scenario] = []
        for (s, distinctIndices) in zip(found.scenarios, found.findings.indices) {
            var indices: [Int] = []
            for d in distinctIndices.map({ Int($0) }) {
                if let row = rowOfDistinct[d] {
                    indices.append(row)
                    continue
                }
                let f = found.findings.distinct[d]
                let key = [f.ruleID, f.severity.rawValue, f.subject, f.message, f.location?.description ?? ""].joined(separator: "\u{1}")
                if rowOf[key] == nil {
                    rowOf[key] = rows.count
                    var ids: [Int32] = []
                    for name in f.elements { for k in NavGraph.NodeKind.allCases { if let id = g.node(k, name) { ids.append(id) } } }
                    rows.append(FindingRow(rule: f.ruleID, severity: f.severity.rawValue, message: f.message,
                                           location: f.location?.description, elements: Array(Set(ids)).sorted(),
                                           notes: f.notes.map { n in n.location.map { "\(n.message) (\($0))" } ?? n.message }))
                }
                rowOfDistinct[d] = rowOf[key]!
                indices.append(rowOf[key]!)
            }
            let change = FlagsQuery.change(g, from: startReach, to: g.reachability(under: s))
            let disabled = g.ids(of: .feature).filter { f in
                guard let info = g.feature(f), case .flag = info.enabled else { return false }
                return s.isEnabled(info.enabled) == false
            }
            scenarios.append(Scenario(
                name: s.name, values: found.flags.map { s.values[$0] ?? false }, disabled: disabled, findings: indices,
                fallsBack: change.fallsBack.map { [$0.feature, $0.fallback ?? -1] }, unreachable: change.unreachable,
                gained: change.gained))
        }
        return (rows, scenarios)
    }
}
