import ArgumentParser
import Foundation
import NavGraphKit

/// `navgraph flags REGISTRY…`: what switching each flag off costs.
struct FlagsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flags",
        abstract: "For each feature flag: the features that fall back or become unreachable when it is off."
    )

    @OptionGroup var input: InputOptions
    @OptionGroup var terminal: TerminalOptions

    func run() throws {
        let loaded = try input.load()
        CLIOutput.printDiagnostics(loaded.warnings)
        CLIOutput.stdout(FlagsQuery.render(graph: loaded.graph, scenario: loaded.scenario, style: terminal.style()))
    }
}
