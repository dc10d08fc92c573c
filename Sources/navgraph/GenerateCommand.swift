import ArgumentParser
import Foundation
import NavGraphKit
import NavGraphRender
import NavGraphSynthetic

/// `navgraph generate` (hidden): a deterministic synthetic registry for benchmarks
/// (scripts/bench.sh, docs/performance.md), and optionally the same app as Swift sources.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Write a deterministic synthetic registry (and Swift sources) for benchmarks.",
        shouldDisplay: false
    )

    enum Format: String, ExpressibleByArgument { case yaml, json }

    @Option(help: "Number of features.")
    var features: Int = 1000

    @Option(help: "Number of modules (default: features / 100).")
    var modules: Int?

    @Option(help: "Random seed: the same seed gives the same registry.")
    var seed: UInt64 = 1

    @Option(help: "yaml or json.")
    var format: Format = .yaml

    @Option(name: .shortAndLong, help: "Write the registry here instead of standard output.")
    var output: String?

    @Option(help: "Also write the app as a RouterService-style Swift source tree into this directory.")
    var swift: String?

    @Option(
        name: .customLong("measurement-dot"),
        help: "Also write the app's diagram as DOT into this directory, as scripts/measure-render.sh times it: flat with and without edge labels, flat with the bounded settings, modules collapsed.")
    var measurementDOT: String?

    @Option(help: "Write the construct app (navigation through every construct the scan's value analysis follows, docs/scanning.md) into this directory, with its answer key ANSWER-KEY.txt, and nothing else.")
    var constructs: String?

    func validate() throws {
        if features < 16 { throw ValidationError("--features must be at least 16") }
        if let modules, modules < 1 { throw ValidationError("--modules must be at least 1") }
    }

    func run() throws {
        if let constructs {
            let app = ConstructApp()
            let root = URL(fileURLWithPath: constructs)
            var key = "# construct variant feature -> routes the scan must find (none: the value is opaque; the call must be counted and its targets held back)\n"
            for e in app.key { key += "\(e.construct) \(e.variant) \(e.feature) -> \(e.routes.isEmpty ? "none" : e.routes.joined(separator: ", "))\n" }
            for file in app.files + [(path: "ANSWER-KEY.txt", text: key)] {
                let url = root.appendingPathComponent(file.path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.text.utf8).write(to: url)
            }
            CLIOutput.stderr("navgraph: wrote \(app.files.count) Swift files and ANSWER-KEY.txt (\(app.key.count) cases) to \(constructs)\n")
            return
        }
        let synthetic = SyntheticRegistry(features: features, modules: modules, seed: seed)
        let text = format == .yaml ? RegistryWriter.yaml(synthetic.registry) : RegistryJSONWriter.json(synthetic.registry)
        if let output {
            try CLIOutput.writeAtomically(text, to: output)
        } else {
            CLIOutput.stdout(text)
        }
        if let swift {
            let root = URL(fileURLWithPath: swift)
            let files = synthetic.swiftSources()
            for file in files {
                let url = root.appendingPathComponent(file.path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.text.utf8).write(to: url)
            }
            CLIOutput.stderr("navgraph: wrote \(files.count) Swift files to \(swift)\n")
        }
        if let measurementDOT { try writeMeasurementDOT(synthetic.registry, into: measurementDOT) }
        CLIOutput.stderr("navgraph: \(synthetic.registry.features.count) features, \(synthetic.moduleCount) modules, \(synthetic.edgeCount) edges\n")
    }

    /// `app<N>-nolabels.dot`, `-labels.dot`, `-nolabels-bounded.dot` and `-collapsed.dot`.
    private func writeMeasurementDOT(_ registry: Registry, into dir: String) throws {
        let builder = DiagramBuilder(graph: NavGraph(registry: registry), findings: [])
        var options = DiagramOptions()
        options.collapseModules = .never
        let flat = try builder.build(options)
        var files: [(name: String, data: Data)] = []
        for labels in [false, true] {
            var d = flat
            d.showsEdgeLabels = labels
            let name = "app\(features)-\(labels ? "labels" : "nolabels")"
            files.append(("\(name).dot", Data(try GraphvizRenderer.dot(for: d).utf8)))
            if !labels { files.append(("\(name)-bounded.dot", Data(try GraphvizRenderer.dot(for: d, bounded: true).utf8))) }
        }
        options.collapseModules = .always
        files.append(("app\(features)-collapsed.dot", Data(try GraphvizRenderer.dot(for: try builder.build(options)).utf8)))
        try AtomicFileWriter.write(files, into: URL(fileURLWithPath: dir))
    }
}
