import ArgumentParser
import Foundation
import NavGraphKit
import NavGraphRender
import NavGraphSynthetic

/// `navgraph-synth`: a deterministic synthetic registry for the benchmarks and tests
/// (scripts/bench.sh, docs/performance.md), and optionally the same app as Swift sources. A tool of
/// this repository, not part of the navgraph users install (`swift build --product navgraph-synth`).
@main
struct SynthCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "navgraph-synth",
        abstract: "Write a deterministic synthetic registry (and Swift sources) for navgraph's benchmarks and tests."
    )

    /// Bad input (an unwritable file) is exit code 2, as in navgraph; usage errors are ArgumentParser's.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as InputError {
            Self.stderr(error.diagnostics.map { "navgraph-synth: \($0.severity.rawValue): \($0.message)\n" }.joined())
            Foundation.exit(2)
        } catch {
            exit(withError: error)
        }
    }

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

    // The bench's families (scripts/bench.sh draws these per seed); the defaults give the registry
    // and tree the bench always had.
    @Option(help: "Flags declared (default: features / 500, at least 2).")
    var flags: Int?

    @Option(name: .customLong("gated-per-mille"), help: "Screens gated by a flag, at run time or off, per mille.")
    var gatedPerMille: Int = 51

    @Option(name: .customLong("dangling-per-mille"), help: "Screens with a reference to an undeclared name, per mille.")
    var danglingPerMille: Int = 0

    @Option(help: "How screens open each other: mixed, chains (deep) or fans (wide).")
    var stacks: String = "mixed"

    @Option(name: .customLong("screen-fallback-per-mille"), help: "Gated screens whose fallback is an ordinary screen, per mille.")
    var screenFallbackPerMille: Int = 0

    @Option(name: .customLong("targets-per-module"), help: "With --swift: 1, 2 (a NAMEInterface beside each module) or 3 (and NAMEUI).")
    var targetsPerModule: Int = 2

    @Option(name: .customLong("routing-percent"), help: "With --swift: per cent of the files that name a routing construct.")
    var routingPercent: Int = 100

    @Option(help: "With --swift: none, swiftpm (Package.swift) or xcode (App.xcodeproj).")
    var manifest: String = "none"

    @Option(name: .customLong("plain-modules"), help: "With --swift: modules with no routing, sharing the plain files.")
    var plainModules: Int = 0

    @Option(
        name: .customLong("measurement-dot"),
        help: "Also write the app's diagram as DOT into this directory, as scripts/measure-render.sh times it: flat with and without edge labels, flat with the bounded settings, modules collapsed.")
    var measurementDOT: String?

    @Option(help: "Write the construct app (navigation through every construct the scan's value analysis follows, docs/scanning.md) into this directory, with its answer key ANSWER-KEY.txt, and nothing else.")
    var constructs: String?

    func validate() throws {
        if features < 16 { throw ValidationError("--features must be at least 16") }
        if let modules, modules < 1 { throw ValidationError("--modules must be at least 1") }
        if let flags, flags < 1 { throw ValidationError("--flags must be at least 1") }
        for (name, value) in [("gated-per-mille", gatedPerMille), ("dangling-per-mille", danglingPerMille), ("screen-fallback-per-mille", screenFallbackPerMille)]
        where !(0...1000).contains(value) {
            throw ValidationError("--\(name) must be within 0...1000")
        }
        if SyntheticRegistry.Stacks(rawValue: stacks) == nil { throw ValidationError("--stacks must be mixed, chains or fans") }
        if !(1...3).contains(targetsPerModule) { throw ValidationError("--targets-per-module must be 1, 2 or 3") }
        if !(1...100).contains(routingPercent) { throw ValidationError("--routing-percent must be within 1...100") }
        if SyntheticRegistry.SourceShape.Manifest(rawValue: manifest) == nil { throw ValidationError("--manifest must be none, swiftpm or xcode") }
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
            Self.stderr("navgraph-synth: wrote \(app.files.count) Swift files and ANSWER-KEY.txt (\(app.key.count) cases) to \(constructs)\n")
            return
        }
        let shape = SyntheticRegistry.Shape(
            flags: flags, gatedPerMille: gatedPerMille, danglingPerMille: danglingPerMille,
            stacks: SyntheticRegistry.Stacks(rawValue: stacks) ?? .mixed, screenFallbackPerMille: screenFallbackPerMille)
        let synthetic = SyntheticRegistry(features: features, modules: modules, seed: seed, shape: shape)
        let text = format == .yaml ? RegistryWriter.yaml(synthetic.registry) : RegistryJSONWriter.json(synthetic.registry)
        if let output {
            try Self.write(text, to: output)
        } else {
            FileHandle.standardOutput.write(Data(text.utf8))
        }
        if let swift {
            let root = URL(fileURLWithPath: swift)
            let files = synthetic.swiftSources(layout: SyntheticRegistry.SourceShape(
                targetsPerModule: targetsPerModule, routingPercent: routingPercent,
                manifest: SyntheticRegistry.SourceShape.Manifest(rawValue: manifest) ?? .none, plainModules: plainModules))
            for file in files {
                let url = root.appendingPathComponent(file.path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.text.utf8).write(to: url)
            }
            Self.stderr("navgraph-synth: wrote \(files.count) Swift files to \(swift)\n")
        }
        if let measurementDOT { try writeMeasurementDOT(synthetic.registry, into: measurementDOT) }
        Self.stderr("navgraph-synth: \(synthetic.registry.features.count) features, \(synthetic.moduleCount) modules, \(synthetic.edgeCount) edges\n")
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

    static func stderr(_ s: String) {
        FileHandle.standardError.write(Data(s.utf8))
    }

    /// `text` into `path` all or nothing (`-` is standard output); a failure names the path.
    static func write(_ text: String, to path: String) throws {
        if path == "-" { return FileHandle.standardOutput.write(Data(text.utf8)) }
        do {
            try AtomicFileWriter.write(Data(text.utf8), to: path)
        } catch {
            throw InputError([Diagnostic(.error, "cannot write \(path): \(error.reason)", at: nil)])
        }
    }
}
