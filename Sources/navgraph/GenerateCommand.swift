import ArgumentParser
import Foundation
import NavGraphKit
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

    func validate() throws {
        if features < 16 { throw ValidationError("--features must be at least 16") }
        if let modules, modules < 1 { throw ValidationError("--modules must be at least 1") }
    }

    func run() throws {
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
        CLIOutput.stderr("navgraph: \(synthetic.registry.features.count) features, \(synthetic.moduleCount) modules, \(synthetic.edgeCount) edges\n")
    }
}
