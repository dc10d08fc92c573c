import ArgumentParser
import Foundation
import NavGraphKit

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
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            let which = isatty(STDIN_FILENO) == 1 ? "standard output" : "standard input"
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
        while !state.quit {
            let size = TerminalSize.current(STDOUT_FILENO) ?? (columns: 80, rows: 24)
            if dirty || size != lastSize {
                draw(explorer, state, size)
                lastSize = size
                dirty = false
            }
            let n = read(STDIN_FILENO, &buffer, buffer.count)
            if n < 0 {
                if errno == EINTR { continue }
                break
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

/// Raw mode with termios and the alternate screen, undone on exit and on SIGINT/SIGTERM/SIGHUP.
enum RawTerminal {
    nonisolated(unsafe) static var saved = termios()
    nonisolated(unsafe) static var active = false
    static let enterSequence = Array("\u{1B}[?1049h\u{1B}[?25l".utf8)
    static let leaveSequence = Array("\u{1B}[?25h\u{1B}[?1049l".utf8)

    static func enter() -> Bool {
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return false }
        var raw = saved
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        // Wait at most 0.2 s for a key, so a resized terminal is redrawn.
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 2
        }
        for sig in [SIGINT, SIGTERM, SIGHUP] { signal(sig, onSignal) }
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else { return false }
        active = true
        enterSequence.withUnsafeBufferPointer { _ = Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
        return true
    }

    /// Leaves the alternate screen and puts the saved termios back. Async-signal-safe.
    static func restore() {
        guard active else { return }
        active = false
        leaveSequence.withUnsafeBufferPointer { _ = Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
        _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
    }

    static func write(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBufferPointer { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if n <= 0 { if errno == EINTR { continue }; return }
            offset += n
        }
    }
}

/// Restores the terminal, then dies of the same signal (so the shell sees why).
private let onSignal: @convention(c) (Int32) -> Void = { sig in
    RawTerminal.restore()
    signal(sig, SIG_DFL)
    raise(sig)
}
