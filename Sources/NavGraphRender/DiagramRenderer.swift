import Foundation
import NavGraphKit

/// `navgraph render`'s pipeline: build the diagram, pick what `dot` can afford, lay it out in a
/// child process, and fall back when a layout dies or runs out of time:
/// 1. as asked (edge labels only up to `maxLabelledEdges`; bounded dot settings on big graphs);
/// 2. without edge labels (route ids stay in tooltips);
/// 3. with sfdp instead of dot;
/// 4. with modules collapsed, laid out by dot.
/// Every fallback taken is reported in `notes`.
public struct DiagramRenderer: Sendable {
    public var renderer: GraphvizRenderer

    public init(renderer: GraphvizRenderer = GraphvizRenderer()) { self.renderer = renderer }

    /// The rendered bytes of each requested format, in the order asked.
    public struct Outcome: Sendable {
        public var files: [(format: DiagramFormat, data: Data)]
        /// What the user should know: automatic collapse, labels left out, fallbacks used.
        public var notes: [String]
        /// Graphviz warnings of the layout that was kept.
        public var warnings: [String]
        /// What failed layouts printed, whole (a crash's backtrace): for `--verbose`, never the page.
        public var details: [String] = []
        /// The diagram that was drawn.
        public var diagram: Diagram
        public var engine: String
    }

    /// `page` is what the HTML format needs beyond the diagram (its start scenario, check options).
    public func render(graph: NavGraph, findings: [Finding], options: DiagramOptions,
                       formats: [DiagramFormat], page: HTMLPage.Context = .init()) throws(RenderError) -> Outcome {
        let builder = DiagramBuilder(graph: graph, findings: findings)
        let first = try builder.build(options)
        var notes = first.notes
        var devices: [String] = []
        for f in formats { if let d = f.graphvizDevice, !devices.contains(d) { devices.append(d) } }

        var plans = try plan(first, builder: builder, options: options, notes: &notes)
        if devices.isEmpty { plans = [plans[0]] }  // DOT and Mermaid need no layout
        var lastError: RenderError?
        var details: [String] = []
        for (i, p) in plans.enumerated() {
            let dot = try GraphvizRenderer.dot(for: p.diagram, engine: p.engine, bounded: p.bounded)
            var result = GraphvizRenderer.Result(outputs: [], warnings: [], stray: "", seconds: 0)
            if !devices.isEmpty {
                do {
                    result = try renderer.render(dot: dot, engine: p.engine, formats: devices)
                } catch {
                    switch error {
                    case .timedOut, .crashed, .layoutFailed:
                        lastError = error
                        details.append("\(p.summary) with \(p.engine): \(error)")
                        if i + 1 < plans.count { notes.append("\(error.brief) on \(p.summary); trying \(plans[i + 1].summary) (--verbose shows graphviz's output)") }
                        continue
                    default: throw error
                    }
                }
            }
            if i > 0 { notes.append("drew \(p.summary) instead") }
            if !result.stray.isEmpty {
                let lines = result.stray.split(whereSeparator: \.isNewline)
                notes.append("graphviz printed \(lines.count) message\(lines.count == 1 ? "" : "s") of its own, e.g. \(lines[0])")
            }
            let allNotes = notes + p.diagram.notes.filter { !notes.contains($0) }
            var files: [(DiagramFormat, Data)] = []
            func output(_ device: String?) throws(RenderError) -> Data {
                guard let device, let i = devices.firstIndex(of: device), i < result.outputs.count else {
                    throw .system("graphviz returned no \(device ?? "?") output")
                }
                return result.outputs[i]
            }
            for f in formats {
                switch f {
                case .dot: files.append((f, Data(dot.utf8)))
                case .mermaid: files.append((f, Data(MermaidWriter.write(p.diagram).utf8)))
                case .html:
                    files.append((f, try HTMLPage.write(svg: try output("svg"), graph: graph, diagram: p.diagram, engine: p.engine,
                                                        notes: allNotes, options: options, context: page)))
                default: files.append((f, try output(f.graphvizDevice)))
                }
            }
            var outcome = Outcome(files: files, notes: allNotes, warnings: result.warnings, diagram: p.diagram, engine: p.engine)
            outcome.details = details
            return outcome
        }
        throw lastError ?? .system("no layout was tried")
    }

    struct Plan {
        var diagram: Diagram
        var engine: String
        var bounded: Bool
        var summary: String
    }

    /// The attempts, first the one the options and thresholds choose, then the fallbacks.
    func plan(_ first: Diagram, builder: DiagramBuilder, options: DiagramOptions,
              notes: inout [String]) throws(RenderError) -> [Plan] {
        let t = options.thresholds
        var d = first
        switch options.edgeLabels {
        case .all: d.showsEdgeLabels = true
        case .none: d.showsEdgeLabels = false
        case .auto:
            let labelled = d.edges.filter { $0.label != nil }.count
            let limit = d.collapsed ? t.maxLabelledModuleLinks : t.maxLabelledEdges
            d.showsEdgeLabels = labelled <= limit
            if !d.showsEdgeLabels {
                notes.append("\(labelled) labelled edges is more than \(limit): edge labels left out of the "
                    + "picture (they are in the edge tooltips; --edge-labels all to force them)")
            }
        }
        var engine = options.engine.rawValue
        if engine == "dot" && d.nodes.count > t.sfdpAboveNodes {
            engine = "sfdp"
            notes.append("\(d.nodes.count) nodes is more than dot can lay out in time (\(t.sfdpAboveNodes)): using sfdp, which draws no module boxes")
        }
        func plan(_ d: Diagram, _ engine: String, _ summary: String) -> Plan {
            Plan(diagram: d, engine: engine,
                 bounded: engine == "dot" && (d.nodes.count > t.boundedDotAboveNodes || d.isDense), summary: summary)
        }
        var plans = [plan(d, engine, "the diagram with \(engine)")]
        var bare = d
        if bare.showsEdgeLabels && bare.edges.contains(where: { $0.label != nil }) {
            bare.showsEdgeLabels = false
            bare.notes.append("fallback: edge labels left out (route ids are in the tooltips)")
            plans.append(plan(bare, engine, "the diagram without edge labels"))
        }
        if engine != "sfdp" {
            var s = bare
            s.notes.append("fallback: laid out with sfdp (no module boxes)")
            plans.append(plan(s, "sfdp", "the diagram with sfdp"))
        }
        if !d.collapsed && options.collapseModules != .never {
            var o = options
            o.collapseModules = .always
            var c = try builder.build(o)
            c.showsEdgeLabels = c.edges.count <= t.maxLabelledModuleLinks
            if c.nodes.count > 1 {
                c.notes.append("fallback: modules collapsed into one node each")
                plans.append(plan(c, "dot", "the modules collapsed"))
            }
        }
        return plans
    }
}
