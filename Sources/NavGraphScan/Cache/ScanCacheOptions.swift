/// Where a scan keeps its per-file facts between runs (`.navgraph-cache/`, docs/scanning.md).
public struct ScanCacheOptions: Hashable, Sendable {
    /// The cache folder (created when missing).
    public var directory: String
    /// The tool's version: part of every key, so an upgrade never reads an older tool's facts.
    public var toolVersion: String

    /// The folder's default name, inside the scan root.
    public static let folderName = ".navgraph-cache"

    public init(directory: String, toolVersion: String) {
        self.directory = directory
        self.toolVersion = toolVersion
    }
}
