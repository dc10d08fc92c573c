import NavGraphPlatform

/// Reads a whole file into bytes (`FileBytes.read`: `open`, `fstat` and almost always one `read`). The
/// scan reads every file of the tree before it knows whether its whole-scan entry holds the result, so
/// this is on the path of every cached scan.
enum SourceFileReader {
    /// The file's bytes, or nil when it cannot be opened or read (a folder, a dangling link,
    /// no permission).
    @inline(__always)
    static func read(_ path: String) -> [UInt8]? {
        FileBytes.read(path)
    }
}
