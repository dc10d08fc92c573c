#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The running process and the binary it runs.
public enum ProcessImage {
    /// The process's id (`getpid`, the same on every system).
    public static var id: Int32 { getpid() }

    /// The path of the binary that holds the code at `dso` (pass `#dsohandle`): the executable, or a
    /// library loaded into it. Nil when the system cannot say.
    ///
    /// - Linux (Glibc, Musl): the target of `/proc/self/exe` (`readlink`), the executable: SwiftPM links
    ///   navgraph's libraries into it statically.
    /// - macOS (Darwin): `dladdr(dso)`'s `dli_fname`, the image that holds `dso` (the executable, or a
    ///   dynamic library when navgraph is built as one).
    public static func path(containing dso: UnsafeRawPointer) -> String? {
        #if os(Linux)
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = buffer.withUnsafeMutableBytes { readlink("/proc/self/exe", $0.baseAddress!.assumingMemoryBound(to: CChar.self), $0.count - 1) }
        guard n > 0 else { return nil }
        return String(decoding: buffer[..<n], as: UTF8.self)
        #else
        var info = Dl_info()
        guard dladdr(dso, &info) != 0, let name = info.dli_fname else { return nil }
        return String(cString: name)
        #endif
    }
}
