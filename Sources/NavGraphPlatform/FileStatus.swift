#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What `stat(2)` says of a path: enough to tell that a file changed without reading it.
public struct FileStatus: Equatable, Sendable {
    public var size: Int64
    /// The modification time in nanoseconds since 1970.
    public var modified: Int64
    public var inode: UInt64
    public var isDirectory: Bool

    /// `stat` of `path` (links followed); nil when it does not exist or cannot be read.
    ///
    /// - Linux (Glibc, Musl): the modification time is `st_mtim` (seconds and nanoseconds).
    /// - macOS (Darwin): the same time is `st_mtimespec`.
    public static func of(_ path: String) -> FileStatus? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileStatus(info)
    }
}

extension FileStatus {
    /// What `stat`/`fstat` filled in.
    init(_ info: stat) {
        #if os(Linux)
        let seconds = Int64(info.st_mtim.tv_sec), nanoseconds = Int64(info.st_mtim.tv_nsec)
        #else
        let seconds = Int64(info.st_mtimespec.tv_sec), nanoseconds = Int64(info.st_mtimespec.tv_nsec)
        #endif
        self.init(
            size: Int64(info.st_size), modified: seconds &* 1_000_000_000 &+ nanoseconds, inode: UInt64(info.st_ino),
            isDirectory: (info.st_mode & S_IFMT) == S_IFDIR)
    }
}
