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
        /// The map's group pictures (empty without the map): written as `<name><suffix>.<ext>`.
        public var groupFiles: [(suffix: String, format: DiagramFormat, data: Data)] = []
        /// The map's groups; nil when the full view was drawn.
        public var groups: DiagramGroups?
    }

    /// `page` is what the HTML format needs beyond the diagram (its flag scenarios and their findings).
    /// Above the map's threshold (or with `view: .map`) the files are the map's, and `groupFiles`
    /// holds one picture per group (`DiagramGroups`); the HTML page holds the map and every group.
    public func render(graph: NavGraph, findings: [Finding], options: DiagramOptions,
                       formats: [DiagramFormat], page: HTMLPage.Context? = nil) throws(RenderError) -> Outcome {
        let builder = DiagramBuilder(graph: graph, findings: findings)
        if let groups = try builder.groups(options) {
            return try renderMap(groups, builder: builder, graph: graph, options: options, formats: formats, page: page)
        }
        let first = try builder.build(options)
        let drawn = try draw(first, builder: builder, options: options, devices: devices(formats), collapseFallback: true)
        var files: [(DiagramFormat, Data)] = []
        for f in formats {
            if f == .html {
                files.append((f, try HTMLPage.write(svg: try drawn.output("svg"), graph: graph, diagram: drawn.diagram, engine: drawn.engine,
                                                    notes: drawn.notes, options: options, context: page)))
            } else {
                files.append((f, try drawn.file(f)))
            }
        }
        var outcome = Outcome(files: files, notes: drawn.notes, warnings: drawn.warnings, diagram: drawn.diagram, engine: drawn.engine)
        outcome.details = drawn.details
        outcome.notes += drawn.pngNotes
        return outcome
    }

    private func devices(_ formats: [DiagramFormat]) -> [String] {
        var devices: [String] = []
        for f in formats { if let d = f.graphvizDevice, !devices.contains(d) { devices.append(d) } }
        return devices
    }

    /// One diagram laid out (after the fallbacks it needed) and rendered as `devices`.
    struct Drawn {
        var dot: String
        var outputs: [String: Data]
        var diagram: Diagram
        var engine: String
        var notes: [String]
        var warnings: [String]
        var details: [String]
        /// Cairo scaled a PNG down to fit its bitmap limit: said out loud, never silently.
        var pngNotes: [String] = []

        func output(_ device: String) throws(RenderError) -> Data {
            guard let d = outputs[device] else { throw .system("graphviz returned no \(device) output") }
            return d
        }
        func file(_ f: DiagramFormat) throws(RenderError) -> Data {
            switch f {
            case .dot: return Data(dot.utf8)
            case .mermaid: return Data(MermaidWriter.write(diagram).utf8)
            default: return try output(f.graphvizDevice ?? "svg")
            }
        }
    }

    func draw(_ first: Diagram, builder: DiagramBuilder, options: DiagramOptions, devices: [String],
              collapseFallback: Bool) throws(RenderError) -> Drawn {
        var notes = first.notes
        var plans = try plan(first, builder: builder, options: options, notes: &notes, collapseFallback: collapseFallback)
        if devices.isEmpty { plans = [plans[0]] }  // DOT and Mermaid need no layout
        var lastError: RenderError?
        var details: [String] = []
        for (i, p) in plans.enumerated() {
            let dot = try GraphvizRenderer.dot(for: p.diagram, engine: p.engine, bounded: p.bounded)
            var result = GraphvizRenderer.Result(outputs: [], warnings: [], stray: "", seconds: 0)
            if !devices.isEmpty {
                // Big pictures' PNGs through the shim's encoder (same pixels, a third of the CPU);
                // small ones through cairo's, byte for byte as before.
                let fast = p.diagram.nodes.count > options.thresholds.fastPNGAboveNodes
                let asked = devices.map { $0 == "png" && fast ? GraphvizRenderer.fastPNG : $0 }
                do {
                    result = try renderer.render(dot: dot, engine: p.engine, formats: asked)
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
            var outputs: [String: Data] = [:]
            for (k, d) in devices.enumerated() where k < result.outputs.count { outputs[d] = result.outputs[k] }
            var drawn = Drawn(dot: dot, outputs: outputs, diagram: p.diagram, engine: p.engine, notes: allNotes,
                              warnings: result.warnings, details: details)
            let said = result.warnings + result.stray.split(whereSeparator: \.isNewline).map(String.init)
            if devices.contains("png"), let w = said.first(where: { $0.contains("too large for cairo") }) {
                drawn.pngNotes.append("the PNG is larger than cairo's bitmap limit (32,767 pixels a side) and was scaled down (\(w)); "
                    + "the map view (--view map) splits the picture into groups that fit, and the SVG is not scaled")
            }
            return drawn
        }
        throw lastError ?? .system("no layout was tried")
    }

    /// The map and a picture per group; the HTML page holds them all. A group picture whose PNG
    /// would pass cairo's bitmap limit (32,767 pixels a side; cairo would scale it down) is split:
    /// its flow or module is cut into parts of half its size, and the groups are drawn again.
    private func renderMap(_ first: DiagramGroups, builder: DiagramBuilder, graph: NavGraph, options: DiagramOptions,
                           formats: [DiagramFormat], page: HTMLPage.Context?) throws(RenderError) -> Outcome {
        let devs = devices(formats)
        var groups = first
        var caps: [String: Int] = [:]
        var splitNotes: [String] = []
        var groupDrawn: [Drawn] = []
        var targets: [String] = []
        let wantGroups = options.groupPictures || formats.contains(.html)
        while true {
            targets = !options.groupPictures ? [] : options.groupLinkPrefix.map { p in groups.groups.map { "\(p)\($0.slug).svg" } } ?? []
            groupDrawn = try drawGroups(groups, wantGroups ? groups.groups.count : 0, targets: targets, builder: builder,
                                        options: options, devices: devs)
            var changed = false
            for (k, d) in groupDrawn.enumerated() where !d.pngNotes.isEmpty && groups.groups[k].screens.count > 1 {
                let g = groups.groups[k]
                let key = g.family ?? g.name
                let half = (g.screens.count + 1) / 2
                if half < caps[key] ?? Int.max {
                    caps[key] = half
                    changed = true
                    splitNotes.append("group \(g.name): its PNG would pass cairo's bitmap limit (32,767 pixels a side); "
                        + "\(g.family == nil ? "it is" : "its \(g.family!.hasSuffix(" flow") ? "flow" : "module") is") cut into parts of at most \(half) screens")
                }
            }
            if !changed { break }
            groups = DiagramBuilder.grouping(graph, thresholds: options.thresholds, caps: caps)
        }
        var map = builder.mapDiagram(groups, options: options)
        map.linkTargets = targets
        let n = builder.graph.ids(of: .feature).count
        let why = options.view == .map ? "--view map" : "\(n) screens is more than \(options.thresholds.mapAboveScreens)"
        map.notes.append("\(why): drew a map of \(groups.groups.count) groups (\(groups.rule == "flows" ? "modules under the entries' flows" : "one per module")) "
            + "and a picture per group (--view full draws every screen in one picture)")
        let drawnMap = try draw(map, builder: builder, options: options, devices: devs, collapseFallback: false)
        var notes = drawnMap.notes + drawnMap.pngNotes + splitNotes
        var details = drawnMap.details
        for (k, drawn) in groupDrawn.enumerated() {
            for note in drawn.notes + drawn.pngNotes { notes.append("group \(groups.groups[k].name): \(note)") }
            details += drawn.details.map { "group \(groups.groups[k].name): \($0)" }
        }
        var files: [(DiagramFormat, Data)] = []
        var groupFiles: [(suffix: String, format: DiagramFormat, data: Data)] = []
        for f in formats {
            if f == .html {
                let own = Set(targets)
                let svgs = try groupDrawn.map { d throws(RenderError) in HTMLPage.withoutOwnLinks(try d.output("svg"), own) }
                files.append((f, try HTMLPage.write(svg: HTMLPage.withoutOwnLinks(try drawnMap.output("svg"), own), graph: graph,
                                                    diagram: drawnMap.diagram, engine: drawnMap.engine, notes: notes, options: options,
                                                    context: page, groups: groups, groupSVGs: svgs, groupDiagrams: groupDrawn.map(\.diagram))))
                continue
            }
            files.append((f, try drawnMap.file(f)))
            for (k, d) in groupDrawn.enumerated() where options.groupPictures { groupFiles.append(("-" + groups.groups[k].slug, f, try d.file(f))) }
        }
        var outcome = Outcome(files: files, notes: notes, warnings: drawnMap.warnings, diagram: drawnMap.diagram, engine: drawnMap.engine)
        outcome.details = details
        outcome.groupFiles = groupFiles
        outcome.groups = groups
        return outcome
    }

    /// The first `count` group pictures, laid out in parallel (each layout in its own child; the
    /// shim's lock covers only building the DOT and forking). Results in group order: deterministic.
    private func drawGroups(_ groups: DiagramGroups, _ count: Int, targets: [String], builder: DiagramBuilder,
                            options: DiagramOptions, devices devs: [String]) throws(RenderError) -> [Drawn] {
        let results = parallelMap(count) { k -> Result<Drawn, RenderError> in
            var d = builder.groupDiagram(groups, k, options: options)
            d.linkTargets = targets
            var o = options
            o.thresholds.maxLabelledEdges = min(o.thresholds.maxLabelledEdges, o.thresholds.maxLabelledGroupEdges)
            do throws(RenderError) {
                return .success(try draw(d, builder: builder, options: o, devices: devs, collapseFallback: false))
            } catch {
                return .failure(error)
            }
        }
        var out: [Drawn] = []
        for result in results {
            switch result {
            case .success(let d): out.append(d)
            case .failure(let e): throw e
            }
        }
        return out
    }

    struct Plan {
        var diagram: Diagram
        var engine: String
        var bounded: Bool
        var summary: String
    }

    /// The attempts, first the one the options and thresholds choose, then the fallbacks.
    func plan(_ first: Diagram, builder: DiagramBuilder, options: DiagramOptions,
              notes: inout [String], collapseFallback: Bool = true) throws(RenderError) -> [Plan] {
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
        if collapseFallback && !d.collapsed && options.collapseModules != .never {
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
