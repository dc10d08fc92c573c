import ArgumentParser
import Foundation
import NavGraphKit
import NavGraphRender

extension DiagramFormat: ExpressibleByArgument {}
extension LayoutEngine: ExpressibleByArgument {}
extension DiagramOptions.Detail: ExpressibleByArgument {}
extension DiagramOptions.Layer: ExpressibleByArgument {}
extension DiagramOptions.Collapse: ExpressibleByArgument {}
extension DiagramOptions.EdgeLabels: ExpressibleByArgument {}
extension DiagramOptions.View: ExpressibleByArgument {}

/// `navgraph render`: diagrams of the navigation graph, with the findings drawn on them.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw the navigation graph (SVG, DOT, PNG, JSON, Mermaid, interactive HTML) with its findings marked.",
        discussion: """
            Files are written atomically as <dir>/<name>.<ext> (svg, dot, png, json, mmd, html), one per format.
            The HTML page is self-contained: pan, zoom, search, details, findings, flag toggles, paths.
            Above 120 screens the picture is a map: groups of screens (modules, or modules under the entries'
            flows), links between groups counted, each group coloured by its worst finding, and one picture
            per group beside it (<name>-<group>.<ext>, linked from the map's SVG); the HTML page opens groups
            in place. --view full draws every screen in one picture.
            Big graphs: route labels are dropped, modules collapsed or sfdp used automatically, and a layout
            that crashes or runs out of --layout-timeout falls back; each step is noted on stderr.
            See docs/rendering.md.
            """
    )

    @OptionGroup var input: InputOptions

    @Option(name: [.customShort("f"), .long], help: "Output format (repeatable): svg, dot, png, json, mermaid, html.")
    var format: [DiagramFormat] = []

    @Option(name: .shortAndLong, help: "Directory to write into.")
    var output: String = "Output"

    @Option(help: "File name without extension (default: the first registry's file name).")
    var name: String?

    @Option(help: "screens (routes folded into edges) or full (routes, handlers, dependencies as nodes).")
    var detail: DiagramOptions.Detail = .screens

    @Option(help: "navigation, dependencies or all.")
    var layer: DiagramOptions.Layer = .navigation

    @Option(help: "Layout engine: dot, sfdp, neato, fdp, circo, twopi.")
    var engine: LayoutEngine = .dot

    @Option(help: "Show only the neighbourhood of this feature, route or dependency.")
    var focus: String?

    @Option(help: "With --focus: how many screens away.")
    var depth: Int = 2

    @Option(help: "Show only what this entry (feature or route) can reach.")
    var from: String?

    @Option(help: "Show only what reaches this element.")
    var to: String?

    @Option(help: "Show only this module (neighbours greyed).")
    var module: String?

    @Option(help: "auto (the map above 120 screens), map (groups, a picture each), full (every screen in one picture).")
    var view: DiagramOptions.View = .auto

    @Flag(name: .customLong("map-only"), help: "With the map: write the map without the group pictures (the HTML page still holds them).")
    var mapOnly = false

    @Option(name: .customLong("collapse-modules"), help: "One node per module: auto, always, never.")
    var collapseModules: DiagramOptions.Collapse = .auto

    @Option(name: .customLong("edge-labels"), help: "Route ids on edges: auto, all, none.")
    var edgeLabels: DiagramOptions.EdgeLabels = .auto

    @Option(name: .customLong("layout-timeout"), help: "Seconds one layout attempt may take before falling back.")
    var layoutTimeout: Double = 60

    @Flag(name: .customLong("no-legend"), help: "Leave the legend out.")
    var noLegend = false

    @Flag(name: .shortAndLong, help: "Also print what a failed layout printed (graphviz's own messages, a crash's backtrace).")
    var verbose = false

    func validate() throws {
        if depth < 0 { throw ValidationError("--depth must be 0 or more") }
        if layoutTimeout <= 0 { throw ValidationError("--layout-timeout must be more than 0 seconds") }
        if let name, name.isEmpty || name.contains("/") || name.hasPrefix(".") {
            throw ValidationError("--name must be a plain file name")
        }
    }

    func run() throws {
        let loaded = try input.load()
        CLIOutput.printDiagnostics(loaded.warnings)
        var options = DiagramOptions()
        options.detail = detail
        options.layer = layer
        options.engine = engine
        options.focus = focus
        options.depth = depth
        options.from = from
        options.to = to
        options.module = module
        options.collapseModules = collapseModules
        options.edgeLabels = edgeLabels
        options.legend = !noLegend
        options.view = view
        options.groupPictures = !mapOnly
        options.groupLinkPrefix = Self.percentEncoded(stem) + "-"
        let app = loaded.registry.app ?? stem
        options.title = loaded.scenario.name == "default" ? app : "\(app) (\(loaded.scenario.name))"
        let formats = format.isEmpty ? [.svg] : format.reduce(into: [DiagramFormat]()) { if !$0.contains($1) { $0.append($1) } }

        let renderer = DiagramRenderer(renderer: GraphvizRenderer(timeout: layoutTimeout))
        let outcome: DiagramRenderer.Outcome
        do {
            let found = loaded.renderFindings(page: formats.contains(.html))
            outcome = try renderer.render(
                graph: loaded.graph, findings: found.diagram, options: options, formats: formats, page: found.page.map(HTMLPage.Context.init))
        } catch {
            CLIOutput.stderr("navgraph: error: \(error)\n")
            throw ExitCode(ExitStatus.badInput)
        }
        for note in outcome.notes { CLIOutput.stderr("navgraph: note: \(note)\n") }
        if verbose { for d in outcome.details { CLIOutput.stderr("navgraph: verbose: \(d)\n") } }
        do {
            let done = try RenderFiles.write(outcome, stem: stem, into: URL(fileURLWithPath: output))
            for url in done.written { CLIOutput.stdout(url.relativePath + "\n") }
            if !done.removed.isEmpty {
                CLIOutput.stderr("navgraph: note: removed \(done.removed.count) group picture\(done.removed.count == 1 ? "" : "s") an earlier render "
                    + "wrote that this one no longer draws: \(done.removed.prefix(5).joined(separator: ", "))\(done.removed.count > 5 ? ", …" : "")\n")
            }
            for name in done.kept { CLIOutput.stderr("navgraph: note: kept \(name): an earlier render wrote it, but it changed since\n") }
            if StageTimes.enabled { CLIOutput.stderr(StageTimes.table()) }
        } catch {
            CLIOutput.stderr("navgraph: error: \(error)\n")
            throw ExitCode(ExitStatus.badInput)
        }
    }

    /// A file name as a relative URL: everything but unreserved ASCII percent-encoded.
    static func percentEncoded(_ name: String) -> String {
        var out = ""
        for b in name.utf8 {
            let c = Character(Unicode.Scalar(b))
            if b < 128 && (c.isLetter || c.isNumber || "-._~".contains(c)) { out.append(c) } else {
                out += "%" + String(b, radix: 16, uppercase: true).leftPadded(2)
            }
        }
        return out
    }

    /// `--name`, else the first registry path's file name without extension.
    private var stem: String {
        if let name { return name }
        guard let first = input.paths.first else { return "navgraph" }
        let url = URL(fileURLWithPath: first)
        let base = url.deletingPathExtension().lastPathComponent
        return base == "registry" ? url.deletingLastPathComponent().lastPathComponent : base
    }
}


private extension String {
    func leftPadded(_ n: Int) -> String { count >= n ? self : String(repeating: "0", count: n - count) + self }
}
