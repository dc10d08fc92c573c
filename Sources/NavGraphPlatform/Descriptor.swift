#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Reading and writing file descriptors.
public enum Descriptor {
    /// Standard input, output and error (0, 1, 2 on every system).
    public static let standardInput: Int32 = STDIN_FILENO
    public static let standardOutput: Int32 = STDOUT_FILENO
    public static let standardError: Int32 = STDERR_FILENO

    /// What one `read(_:into:)` did.
    public enum ReadResult: Equatable, Sendable {
        /// This many bytes (0: end of file, or a terminal's read timeout in raw mode).
        case bytes(Int)
        /// A signal arrived before any byte (`EINTR`): try again.
        case interrupted
        /// Any other error.
        case failed
    }

    /// One `read(2)` into `buffer`.
    ///
    /// - Linux and macOS: POSIX `read`; the module that declares it is named differently on each
    ///   (`Glibc.read`, `Musl.read`, `Darwin.read`), so it is called through `systemRead`.
    public static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> ReadResult {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return .bytes(0) }
        let n = systemRead(fd, base, buffer.count)
        if n >= 0 { return .bytes(n) }
        return errno == EINTR ? .interrupted : .failed
    }

    /// Writes all of `bytes`, retrying short writes and interruptions; stops at any other error or
    /// a write of nothing (a closed pipe drops the rest). Returns whether everything was written.
    /// Async-signal-safe (no allocation, no lock): a signal handler may call it.
    ///
    /// - Linux and macOS: POSIX `write`, called through `systemWrite` as `read` is.
    @discardableResult
    public static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var done = 0
        while done < bytes.count {
            let n = systemWrite(fd, base + done, bytes.count - done)
            if n > 0 {
                done += n
            } else if n < 0 && errno == EINTR {
                continue
            } else {
                return false
            }
        }
        return true
    }

    /// Whether `fd` is a terminal (`isatty`, the same on every system).
    public static func isTerminal(_ fd: Int32) -> Bool {
        isatty(fd) == 1
    }

    @inline(__always) static func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Darwin)
        return Darwin.read(fd, buffer, count)
        #elseif canImport(Glibc)
        return Glibc.read(fd, buffer, count)
        #elseif canImport(Musl)
        return Musl.read(fd, buffer, count)
        #endif
    }

    @inline(__always) static func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Darwin)
        return Darwin.write(fd, buffer, count)
        #elseif canImport(Glibc)
        return Glibc.write(fd, buffer, count)
        #elseif canImport(Musl)
        return Musl.write(fd, buffer, count)
        #endif
    }
}
