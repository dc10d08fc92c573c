/// Where a scan keeps its per-file facts between runs (`.navgraph-cache/`, docs/scanning.md).
public struct ScanCacheOptions: Hashable, Sendable {
    /// The cache folder (created when missing).
    public var directory: String
    /// The tool's version: part of every key, so an upgrade never reads an older tool's facts.
    public var toolVersion: String
    /// Make the registry's YAML (`RegistryWriter.yaml`) in the scan and keep it in the whole-scan
    /// entry (`ScanResult.registryYAML`): `navgraph scan` prints it, so an unchanged tree then
    /// skips writing it too. Off for commands that only check the registry.
    public var keepsRegistryYAML = false

    /// The folder's default name, inside the scan root.
    public static let folderName = ".navgraph-cache"

    public init(directory: String, toolVersion: String) {
        self.directory = directory
        self.toolVersion = toolVersion
    }
}
