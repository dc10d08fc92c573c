import ArgumentParser
import Foundation
import NavGraphKit
import NavGraphPlatform

/// `navgraph report`: summary, findings by rule, flow trees, hubs, depth, dead ends, modules.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "A readable report of the navigation graph: findings, flows from each entry, hubs, dead ends, modules.",
        discussion: "Colour and Unicode on a terminal; plain ASCII when piped, with NO_COLOR, or --color never."
    )

    @OptionGroup var input: InputOptions
    @OptionGroup var terminal: TerminalOptions

    func run() throws {
        let loaded = try input.load()
        CLIOutput.printDiagnostics(loaded.warnings)
        let text = TerminalReport.render(
            graph: loaded.graph, findings: loaded.findings(), scenario: loaded.scenario, style: terminal.style())
        CLIOutput.stdout(text)
    }
}

/// `--color` and `--width`, shared by the terminal commands (report, path, why, flags, explore).
struct TerminalOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Colour: auto (only on a terminal without NO_COLOR), always, never.", valueName: "auto|always|never"))
    var color: TerminalStyle.ColorMode = .auto

    @Option(help: "Columns to fit (default: the terminal's width, else 100).")
    var width: Int?

    func validate() throws {
        if let width, width < 40 { throw ValidationError("--width must be at least 40, got \(width)") }
    }

    /// Colour decided by `--color`, `NO_COLOR` and whether stdout is a terminal; Unicode box
    /// drawing whenever colour is on (a terminal), ASCII otherwise.
    func style() -> TerminalStyle {
        let tty = Descriptor.isTerminal(Descriptor.standardOutput)
        let color = TerminalStyle.colorEnabled(mode: self.color, isTerminal: tty, noColor: ProcessInfo.processInfo.environment["NO_COLOR"])
        return TerminalStyle(color: color, unicode: color, width: width ?? TerminalSize.columns() ?? 100)
    }
}

extension TerminalStyle.ColorMode: ExpressibleByArgument {}
