import ArgumentParser
import Foundation
import NavGraphKit

/// `navgraph why NAME REGISTRY…`: how a screen is reached, who needs a dependency, who opens a route.
struct WhyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "why",
        abstract: "Explain a name: a feature's ways in from each entry, a dependency's users, a route's openers and handlers.",
        discussion: "Exit codes: 0 answered; 1 no such name (with a suggestion); 2 bad input or usage."
    )

    @Argument(help: "A feature, route, dependency or handler name.")
    var name: String

    @OptionGroup var input: InputOptions
    @OptionGroup var terminal: TerminalOptions

    func run() throws {
        let loaded = try input.load()
        CLIOutput.printDiagnostics(loaded.warnings)
        let answer = WhyQuery.run(name, graph: loaded.graph, scenario: loaded.scenario, style: terminal.style())
        CLIOutput.stdout(answer.text)
        if !answer.found { throw ExitCode(ExitStatus.findings) }
    }
}
