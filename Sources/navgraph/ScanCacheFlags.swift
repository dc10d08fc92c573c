import ArgumentParser
import Foundation
import NavGraphScan

/// `--no-cache` and `--cache-dir`: shared by `scan` and every command that scans sources on the fly.
struct ScanCacheFlags: ParsableArguments {
    @Flag(name: .customLong("no-cache"), help: "Parse every Swift file; neither read nor write the scan cache.")
    var noCache = false

    @Option(
        name: .customLong("cache-dir"),
        help: ArgumentHelp(
            "The scan cache folder (default: $NAVGRAPH_CACHE_DIR, else .navgraph-cache in the first scanned folder).",
            valueName: "DIR"))
    var cacheDir: String?

    var choice: ScanCacheChoice { ScanCacheChoice(enabled: !noCache, directory: cacheDir) }
}

/// The cache the command line asked for, as a plain value (flags cannot be read outside a parse).
struct ScanCacheChoice {
    var enabled = true
    var directory: String?

    /// Where scanning `paths` caches its facts: `--cache-dir`, `$NAVGRAPH_CACHE_DIR`, or
    /// `.navgraph-cache` in the first folder scanned (a scan of single files has no cache then).
    func options(forScanning paths: [String], environment: [String: String] = ProcessInfo.processInfo.environment) -> ScanCacheOptions? {
        guard enabled else { return nil }
        if let dir = directory ?? environment["NAVGRAPH_CACHE_DIR"].flatMap({ $0.isEmpty ? nil : $0 }) {
            return ScanCacheOptions(directory: dir, toolVersion: NavGraphVersion.current)
        }
        let root = paths.first { p in
            var isDir: ObjCBool = false
            return FileManager.default.fileExists(atPath: p, isDirectory: &isDir) && isDir.boolValue
        }
        guard let root else { return nil }
        return ScanCacheOptions(directory: (root as NSString).appendingPathComponent(ScanCacheOptions.folderName), toolVersion: NavGraphVersion.current)
    }
}
