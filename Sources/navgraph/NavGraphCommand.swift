import ArgumentParser
import Foundation
import NavGraphKit
import NavGraphPipeline

/// The `navgraph` command line: argument parsing only; the work happens in the libraries.
@main
struct NavGraphCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "navgraph",
        abstract: "Check, draw and explore the navigation graph of a modular iOS app (RouterService style).",
        discussion: """
            Exit codes: 0 no errors; 1 errors found (or warnings with --strict); 2 bad input or usage.
            """,
        version: Pipeline.version,
        subcommands: NavGraphCommand.allSubcommands,
        defaultSubcommand: CheckCommand.self
    )

    /// Runs the command and maps every failure to navgraph's exit codes (2 for bad input or usage).
    static func main() {
        // A short-lived process: the scan's facts and index go with it (`KeptUntilExit`).
        KeptUntilExit.isEnabled = true
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as InputError {
            CLIOutput.printDiagnostics(error.diagnostics)
            Foundation.exit(ExitStatus.badInput)
        } catch let error as ExitCode {
            Foundation.exit(error.rawValue)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                exit(withError: error)  // --help, --version
            }
            // Every other failure is bad usage or input: exit code 2, not ArgumentParser's 64.
            CLIOutput.stderr(fullMessage(for: error) + "\n")
            if code == .validationFailure { CLIOutput.stderr("Run 'navgraph help' for usage.\n") }
            Foundation.exit(ExitStatus.badInput)
        }
    }
}

/// navgraph's exit codes, one table (docs/ci.md).
enum ExitStatus {
    static let clean: Int32 = 0
    static let findings: Int32 = 1
    static let badInput: Int32 = 2
}
