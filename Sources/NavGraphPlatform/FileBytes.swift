#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Whole files read into memory, the two ways navgraph needs.
public enum FileBytes {
    /// A regular file's bytes, with `open`, `fstat` and (almost always) one `read`: no `Data`, no
    /// `FileHandle`, no chunking. Nil when it cannot be opened or read (a folder, a dangling link, no
    /// permission). A file that grows while it is read is read on to its end.
    ///
    /// - Linux (Glibc, Musl) and macOS (Darwin): the same POSIX calls; `O_CLOEXEC` so that a process
    ///   started meanwhile on another thread does not inherit the descriptor.
    public static func read(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let size = Int(info.st_size)
        // One byte more than the size, so a file that grew since `fstat` is seen growing and read on.
        var bytes = [UInt8](repeating: 0, count: size + 1)
        var count = 0
        while true {
            if count == bytes.count { bytes += [UInt8](repeating: 0, count: max(bytes.count, 4096)) }
            let n = bytes.withUnsafeMutableBytes { buffer in
                Descriptor.systemRead(fd, buffer.baseAddress! + count, buffer.count - count)
            }
            if n < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if n == 0 { break }
            count += n
        }
        bytes.removeLast(bytes.count - count)
        return bytes
    }

    /// Replaces the file at `path` with `bytes`: written to a temporary beside it (named with the
    /// process id), then renamed over it, so a reader sees the old file or the new one, never a
    /// mix. Not synced to disk: for caches only, whose entries carry checksums, so a file a crash
    /// cut short is a miss, never a wrong answer (Foundation's `Data.write` syncs every file it
    /// writes). Returns nil when written, else the system's reason; the temporary is removed.
    ///
    /// - Linux (Glibc, Musl) and macOS (Darwin): the same POSIX calls (`open`, `write`, `close`,
    ///   `rename`, `unlink`).
    public static func replaceUnsynced(_ path: String, with bytes: [UInt8]) -> String? {
        let temp = path + ".\(getpid()).tmp"
        if let why = write(bytes, to: open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)) {
            unlink(temp)
            return why
        }
        guard rename(temp, path) == 0 else {
            let why = String(cString: strerror(errno))
            unlink(temp)
            return why
        }
        return nil
    }

    /// Appends `bytes` to the existing regular file at `path` in one `write` (`O_APPEND`: another
    /// process's append lands before or after it), not synced; for caches whose entries carry
    /// checksums, like `replaceUnsynced`. Returns nil when written, else the system's reason (a
    /// missing file is not created).
    ///
    /// - Linux (Glibc, Musl) and macOS (Darwin): POSIX `open(O_APPEND)`, `write`, `close`.
    public static func appendUnsynced(_ path: String, with bytes: [UInt8]) -> String? {
        write(bytes, to: open(path, O_WRONLY | O_APPEND | O_CLOEXEC))
    }

    /// Writes all of `bytes` to the descriptor `fd` just opened (negative: the open failed) and
    /// closes it. Nil when written and closed, else the system's reason.
    private static func write(_ bytes: [UInt8], to fd: Int32) -> String? {
        guard fd >= 0 else { return String(cString: strerror(errno)) }
        let written = bytes.withUnsafeBytes { Descriptor.writeAll(fd, $0) }
        let reason = written ? nil : String(cString: strerror(errno))
        let closed = close(fd) == 0
        return written && closed ? nil : reason ?? String(cString: strerror(errno))
    }

    /// A non-empty regular file's bytes in fresh anonymous memory the caller gives back with
    /// `release(_:)`; nil when it cannot be read whole, or when it grew while it was read.
    ///
    /// - Linux (Glibc, Musl): `mmap` with `MAP_POPULATE`, so the pages are made at once: a page
    ///   fault per 4 KiB of a freshly allocated buffer cost half of reading a big file. (Huge pages
    ///   were tried and taken out: docs/performance.md.)
    /// - macOS (Darwin): `mmap` without it (Darwin has no `MAP_POPULATE`); pages are made as `read`
    ///   fills them.
    public static func mapped(_ path: String) -> UnsafeMutableBufferPointer<UInt8>? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0 else { return nil }
        let size = Int(info.st_size)
        #if os(Linux)
        let flags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE
        #else
        let flags = MAP_PRIVATE | MAP_ANONYMOUS
        #endif
        let memory = mmap(nil, size, PROT_READ | PROT_WRITE, flags, -1, 0)
        guard let memory, memory != MAP_FAILED else { return nil }
        let buffer = UnsafeMutableBufferPointer(start: memory.assumingMemoryBound(to: UInt8.self), count: size)
        var filled = 0
        while filled < size {
            let n = Descriptor.systemRead(fd, buffer.baseAddress! + filled, size - filled)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                release(buffer)
                return nil
            }
            filled += n
        }
        var more: UInt8 = 0
        guard Descriptor.systemRead(fd, &more, 1) == 0 else {
            // It grew while it was read.
            release(buffer)
            return nil
        }
        return buffer
    }

    /// Gives back what `mapped(_:)` returned (`munmap` on every system).
    public static func release(_ bytes: UnsafeMutableBufferPointer<UInt8>) {
        munmap(bytes.baseAddress, bytes.count)
    }
}
