#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Raw mode with termios and the alternate screen, undone by `restore()` and on SIGINT, SIGTERM and
/// SIGHUP (the terminal is put back, then the process dies of the same signal, so the shell sees why).
///
/// - Linux (Glibc, Musl) and macOS (Darwin): POSIX `tcgetattr`/`tcsetattr` and `signal`. The types
///   differ (`tcflag_t` is 32 bits on Linux, 64 on macOS; `c_cc` is a tuple of 32 cells on Glibc, 20 on
///   Darwin), so flags go through `tcflag_t(…)` and `c_cc` is written through its bytes at `VMIN`/`VTIME`.
public enum RawTerminal {
    nonisolated(unsafe) static var saved = termios()
    nonisolated(unsafe) static var active = false
    static let enterSequence = Array("\u{1B}[?1049h\u{1B}[?25l".utf8)
    static let leaveSequence = Array("\u{1B}[?25h\u{1B}[?1049l".utf8)

    /// Switches the terminal on standard input to raw mode (no echo, no line editing, no signals from
    /// keys; a read waits at most 0.2 s, so a resized terminal is redrawn) and standard output to the
    /// alternate screen with the cursor hidden. False when standard input is not a terminal.
    public static func enter() -> Bool {
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return false }
        var raw = saved
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 2
        }
        for sig in [SIGINT, SIGTERM, SIGHUP] { signal(sig, onSignal) }
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else { return false }
        active = true
        enterSequence.withUnsafeBytes { _ = Descriptor.writeAll(STDOUT_FILENO, $0) }
        return true
    }

    /// Leaves the alternate screen and puts the saved termios back. Async-signal-safe.
    public static func restore() {
        guard active else { return }
        active = false
        leaveSequence.withUnsafeBytes { _ = Descriptor.writeAll(STDOUT_FILENO, $0) }
        _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
    }

    /// Writes `text` to standard output, unbuffered.
    public static func write(_ text: String) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { _ = Descriptor.writeAll(STDOUT_FILENO, $0) }
    }
}

/// Restores the terminal, then dies of the same signal (so the shell sees why).
private let onSignal: @convention(c) (Int32) -> Void = { sig in
    RawTerminal.restore()
    signal(sig, SIG_DFL)
    raise(sig)
}
