import ArgumentParser
import Foundation
import NavGraphKit

/// `navgraph check`: every finding, Xcode-style, and an exit code CI can trust.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check a navigation registry and report every finding.",
        discussion: "Exit codes: 0 no errors; 1 errors (or warnings with --strict); 2 bad input or usage."
    )

    @OptionGroup var input: InputOptions

    @Flag(help: "Fail (exit 1) on warnings too.")
    var strict = false

    func run() throws {
        let loaded = try input.load()
        CLIOutput.printDiagnostics(loaded.warnings)
        let findings = loaded.findings()
        let report = CheckReport(findings: findings, app: loaded.registry.app, scenarios: loaded.scenarios)
        CLIOutput.stdout(XcodeReporter.generateReport(report))
        let scen = loaded.scenarios.count == 1 ? "scenario \(loaded.scenario.name)" : "\(loaded.scenarios.count) flag scenarios"
        CLIOutput.stderr("navgraph: \(report.countsText) in \(loaded.registry.features.count) features (\(scen))\n")
        if report.count(.error) > 0 || (strict && report.count(.warning) > 0) {
            throw ExitCode(ExitStatus.findings)
        }
    }
}
