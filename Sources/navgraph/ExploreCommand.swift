import ArgumentParser
import Foundation
import NavGraphKit
import NavGraphPlatform

/// `navgraph explore REGISTRY…`: walk the navigation graph screen by screen in the terminal.
/// Reading keys and painting lines is all that happens here; `Explorer` decides the rest.
struct ExploreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explore",
        abstract: "Explore the navigation graph interactively: follow routes, go back, jump to a screen by name.",
        discussion: """
            Keys: Up/Down choose a route, Enter (or Right) follows it, Left or Backspace goes back, \
            / then a name jumps to a screen (fuzzy match), q quits. Needs an interactive terminal (exit code 2 otherwise).
            """
    )

    @OptionGroup var input: InputOptions
    @OptionGroup var terminal: TerminalOptions

    func run() throws {
        // A session that lasts: the scan's facts are freed as usual, not kept to the end.
        KeptUntilExit.isEnabled = false
        let keyboard = Descriptor.standardInput, screen = Descriptor.standardOutput
        guard Descriptor.isTerminal(keyboard), Descriptor.isTerminal(screen) else {
            let which = Descriptor.isTerminal(keyboard) ? "standard output" : "standard input"
            CLIOutput.stderr("""
                navgraph explore: \(which) is not a terminal; the explorer needs one to read keys and draw.
                For scripts use 'navgraph report', 'navgraph path FROM TO' or 'navgraph why NAME'.

                """)
            throw ExitCode(ExitStatus.badInput)
        }
        let loaded = try input.load()
        CLIOutput.printDiagnostics(loaded.warnings)
        let explorer = Explorer(graph: loaded.graph, scenario: loaded.scenario, findings: loaded.findings())
        guard RawTerminal.enter() else {
            CLIOutput.stderr("navgraph explore: cannot switch the terminal to raw mode\n")
            throw ExitCode(ExitStatus.badInput)
        }
        defer { RawTerminal.restore() }
        var state = explorer.start()
        var lastSize = (columns: 0, rows: 0)
        var dirty = true
        var buffer = [UInt8](repeating: 0, count: 256)
        reading: while !state.quit {
            let size = TerminalSize.current(screen) ?? (columns: 80, rows: 24)
            if dirty || size != lastSize {
                draw(explorer, state, size)
                lastSize = size
                dirty = false
            }
            let n: Int
            switch buffer.withUnsafeMutableBytes({ Descriptor.read(keyboard, into: $0) }) {
            case .bytes(let count): n = count
            case .interrupted: continue
            case .failed: break reading
            }
            if n == 0 { continue }  // read timeout: look at the size again
            for key in ExplorerKey.parse(Array(buffer[0..<n])) {
                state = explorer.handle(key, state)
                if state.quit { break }
            }
            dirty = true
        }
    }

    func draw(_ explorer: Explorer, _ state: ExplorerState, _ size: (columns: Int, rows: Int)) {
        var style = terminal.style()
        style.width = max(40, terminal.width ?? size.columns)
        let lines = explorer.render(state, height: size.rows, style: style)
        var text = "\u{1B}[H"
        for (i, line) in lines.enumerated() {
            text += line + "\u{1B}[K" + (i < lines.count - 1 ? "\r\n" : "")
        }
        text += "\u{1B}[J"
        RawTerminal.write(text)
    }
}
