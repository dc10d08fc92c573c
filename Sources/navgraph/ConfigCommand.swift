import ArgumentParser
import Foundation
import NavGraphKit

/// `navgraph config [--dump]`: validates the configuration, or prints the effective one as YAML
/// (defaults < .navgraph.yml < command line) in a form that reads back the same.
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Check the configuration file, or print the effective configuration (--dump).",
        discussion: "Exit code 0 when the configuration is valid, 2 when it is not."
    )

    @OptionGroup var input: InputOptions
    @OptionGroup var output: ReportOptions

    @Flag(help: "Print the effective configuration as YAML (it loads back to the same configuration).")
    var dump = false

    func run() throws {
        let (file, warnings) = try input.configuration()
        let config = try output.applied(to: file)
        CLIOutput.printDiagnostics(warnings)
        if dump {
            CLIOutput.stdout(ConfigurationWriter.yaml(config))
        } else {
            let source = input.configFile ?? (FileManager.default.fileExists(atPath: Configuration.defaultFileName) ? Configuration.defaultFileName : nil)
            CLIOutput.stderr(source.map { "navgraph: \($0) is valid\(warnings.isEmpty ? "" : " (with \(warnings.count) warning\(warnings.count == 1 ? "" : "s"))")\n" }
                ?? "navgraph: no \(Configuration.defaultFileName) here; the defaults apply (see --dump)\n")
        }
    }
}
