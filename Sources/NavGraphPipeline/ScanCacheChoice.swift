import Foundation
import NavGraphScan

/// The scan cache asked for (`--no-cache`, `--cache-dir`), as a plain value.
public struct ScanCacheChoice: Sendable {
    public var enabled = true
    public var directory: String?

    public init(enabled: Bool = true, directory: String? = nil) {
        self.enabled = enabled
        self.directory = directory
    }

    /// Where scanning `paths` caches its facts: `--cache-dir`, `$NAVGRAPH_CACHE_DIR`, or
    /// `.navgraph-cache` in the first folder scanned (a scan of single files has no cache then).
    public func options(forScanning paths: [String], environment: [String: String] = ProcessInfo.processInfo.environment) -> ScanCacheOptions? {
        guard enabled else { return nil }
        if let dir = directory ?? environment["NAVGRAPH_CACHE_DIR"].flatMap({ $0.isEmpty ? nil : $0 }) {
            return ScanCacheOptions(directory: dir, toolVersion: Pipeline.version)
        }
        let root = paths.first { p in
            var isDir: ObjCBool = false
            return FileManager.default.fileExists(atPath: p, isDirectory: &isDir) && isDir.boolValue
        }
        guard let root else { return nil }
        return ScanCacheOptions(directory: (root as NSString).appendingPathComponent(ScanCacheOptions.folderName), toolVersion: Pipeline.version)
    }
}
