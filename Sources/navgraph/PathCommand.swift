import ArgumentParser
import Foundation
import NavGraphKit

/// `navgraph path FROM TO REGISTRY…`: the shortest way between two screens, step by step.
struct PathCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "path",
        abstract: "The shortest way from a screen (or a route) to a screen: every route, handler and presentation style.",
        discussion: "Exit codes: 0 a path was found; 1 there is none (the reasons are printed); 2 bad input or usage."
    )

    @Argument(help: "Where to start: a feature, or a route opened as an entry.")
    var from: String

    @Argument(help: "The screen (feature) to reach.")
    var to: String

    @Flag(help: "List every shortest path, not only the first.")
    var all = false

    @OptionGroup var input: InputOptions
    @OptionGroup var terminal: TerminalOptions

    func run() throws {
        let loaded = try input.load()
        CLIOutput.printDiagnostics(loaded.warnings)
        let answer = PathQuery.run(from: from, to: to, all: all, graph: loaded.graph, scenario: loaded.scenario, style: terminal.style())
        CLIOutput.stdout(answer.text)
        if !answer.found { throw ExitCode(ExitStatus.findings) }
    }
}
