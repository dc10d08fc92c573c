#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The terminal's size, in character cells.
public enum TerminalSize {
    /// Columns and rows of the terminal on `fd`, or nil when it is not a terminal (or says 0).
    ///
    /// - Linux (Glibc, Musl): `ioctl(fd, TIOCGWINSZ, &winsize)`; `TIOCGWINSZ` is imported as an
    ///   `Int32` (0x5413) and the Swift overlay's `ioctl` takes the request as `UInt`.
    /// - macOS (Darwin): the same call; the C macro cannot be imported, so the Swift overlay defines
    ///   `TIOCGWINSZ` as a `UInt` (0x40087468).
    public static func current(_ fd: Int32 = STDOUT_FILENO) -> (columns: Int, rows: Int)? {
        var ws = winsize()
        #if canImport(Darwin)
        let request: UInt = TIOCGWINSZ
        #else
        let request = UInt(TIOCGWINSZ)
        #endif
        guard ioctl(fd, request, &ws) == 0, ws.ws_col > 0, ws.ws_row > 0 else { return nil }
        return (Int(ws.ws_col), Int(ws.ws_row))
    }

    /// The columns of the terminal on standard output.
    public static func columns() -> Int? { current()?.columns }
}
