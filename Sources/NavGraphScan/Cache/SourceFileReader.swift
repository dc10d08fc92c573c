#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a whole file into bytes with `open`, `fstat` and (almost always) one `read`: no `Data`,
/// no `FileHandle`, no chunking. The scan reads every file of the tree before it knows whether
/// its whole-scan entry holds the result, so this is on the path of every cached scan.
enum SourceFileReader {
    /// The file's bytes, or nil when it cannot be opened or read (a folder, a dangling link,
    /// no permission).
    static func read(_ path: String) -> [UInt8]? {
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
                systemRead(fd, buffer.baseAddress! + count, buffer.count - count)
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

    @inline(__always) private static func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Darwin)
        return Darwin.read(fd, buffer, count)
        #elseif canImport(Musl)
        return Musl.read(fd, buffer, count)
        #else
        return Glibc.read(fd, buffer, count)
        #endif
    }
}
