#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One directory's entries with their kinds as the directory itself records them, without a `stat`
/// per entry (the scan's walk of a 6,000-file tree spent most of its time in those).
public enum DirectoryEntries {
    public enum Kind: Sendable, Equatable {
        case directory, regular
        /// A symbolic link: what it points to is not known without a `stat`.
        case link
        /// A file system that does not record kinds (`DT_UNKNOWN`): `stat` it.
        case unknown
        /// A pipe, socket or device.
        case other
    }

    /// The directory's own status (taken before its entries are read: a change while they are read
    /// leaves a newer modification time behind) and its entries, `.` and `..` left out, in the file
    /// system's order. Nil when `path` cannot be opened as a directory (links followed).
    ///
    /// - Linux (Glibc, Musl) and macOS (Darwin): `open(O_DIRECTORY)`, `fstat`, `fdopendir`, `readdir`
    ///   and its `d_type`; the `DT_*` numbers are the same on both (4 directory, 8 regular, 10 link,
    ///   0 unknown). The name field is 256 bytes on Linux and 1,024 on macOS: read up to its NUL.
    public static func list(_ path: String) -> (status: FileStatus, entries: [(name: String, kind: Kind)])? {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        var info = stat()
        guard fstat(fd, &info) == 0, let dir = fdopendir(fd) else {
            close(fd)
            return nil
        }
        defer { closedir(dir) }
        var entries: [(name: String, kind: Kind)] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: &entry.pointee.d_name) { raw -> String in
                let bytes = raw.bindMemory(to: UInt8.self)
                let end = bytes.firstIndex(of: 0) ?? bytes.count
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<end]), as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            let kind: Kind
            switch Int(entry.pointee.d_type) {
            case 4: kind = .directory
            case 8: kind = .regular
            case 10: kind = .link
            case 0: kind = .unknown
            default: kind = .other
            }
            entries.append((name, kind))
        }
        return (FileStatus(info), entries)
    }
}
