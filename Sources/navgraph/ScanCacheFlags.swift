import ArgumentParser
import Foundation
import NavGraphPipeline
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
