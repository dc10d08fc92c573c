import Foundation
import XCTest

/// `navgraph scan`'s cache flags end to end: `.navgraph-cache/` in the scan root by default,
/// `--cache-dir`, `--no-cache`, and the same output from a cached scan.
final class ScanCacheCommandTests: XCTestCase {
    private func copyOfApp(_ name: String) throws -> URL {
        let dir = try NavGraphBinary.temporaryDirectory(self)
        let app = dir.appendingPathComponent(name)
        try FileManager.default.copyItem(at: NavGraphBinary.repoRoot.appendingPathComponent("Examples/\(name)"), to: app)
        return app
    }

    func testDefaultCacheIsInTheScanRootAndKeepsTheOutput() throws {
        let app = try copyOfApp("CoordinatorApp")
        let cache = app.appendingPathComponent(".navgraph-cache")
        // Without NAVGRAPH_CACHE_DIR (an empty value counts as unset): the scan root's folder.
        let env = ["NAVGRAPH_CACHE_DIR": ""]
        let plain = try NavGraphBinary.run(["scan", app.path, "--no-cache"], environment: env)
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: cache.path), "--no-cache writes nothing")
        let first = try NavGraphBinary.run(["scan", app.path], environment: env)
        XCTAssertTrue(FileManager.default.fileExists(atPath: cache.appendingPathComponent(".gitignore").path))
        let second = try NavGraphBinary.run(["scan", app.path], environment: env)
        XCTAssertEqual(first.stdout, plain.stdout)
        XCTAssertEqual(second.stdout, plain.stdout)
        XCTAssertEqual(second.stderr, plain.stderr)
        // check on the sources reads the same cache and says the same.
        let check = try NavGraphBinary.run(["check", app.path], environment: env)
        let checkPlain = try NavGraphBinary.run(["check", app.path, "--no-cache"], environment: env)
        XCTAssertEqual(check.stdout, checkPlain.stdout)
        XCTAssertEqual(check.status, checkPlain.status)
    }

    /// Every example app: `scan`, `scan --explain` and `check` on the sources print byte for byte
    /// what they print without the cache, when the second run takes the whole result from the
    /// whole-scan entry (and, with the facts pack gone, cannot have parsed anything).
    func testWholeScanEntryPrintsWhatAnUncachedScanPrints() throws {
        let examples = NavGraphBinary.repoRoot.appendingPathComponent("Examples").path
        // The example apps: the folders with the registry their sources scan to.
        let apps = try FileManager.default.contentsOfDirectory(atPath: examples).filter { name in
            FileManager.default.fileExists(atPath: examples + "/" + name + "/registry.yml")
        }.sorted()
        XCTAssertGreaterThanOrEqual(apps.count, 9)
        for app in apps {
            let path = examples + "/" + app
            let cache = try NavGraphBinary.temporaryDirectory(self).appendingPathComponent("c").path
            let commands = [["scan", path], ["scan", path, "--explain"], ["check", path]]
            let plain = try commands.map { try NavGraphBinary.run($0 + ["--no-cache"]) }
            _ = try NavGraphBinary.run(["scan", path, "--cache-dir", cache])
            let entries = try FileManager.default.contentsOfDirectory(atPath: cache)
            XCTAssertEqual(entries.filter { $0.hasPrefix("scan-") }.count, 1, app)
            for pack in entries where pack.hasPrefix("facts-") { try FileManager.default.removeItem(atPath: cache + "/" + pack) }
            for (command, expected) in zip(commands, plain) {
                let cached = try NavGraphBinary.run(command + ["--cache-dir", cache])
                XCTAssertEqual(cached.stdout, expected.stdout, "\(app): \(command)")
                XCTAssertEqual(cached.stderr, expected.stderr, "\(app): \(command)")
                XCTAssertEqual(cached.status, expected.status, "\(app): \(command)")
            }
            XCTAssertFalse(try FileManager.default.contentsOfDirectory(atPath: cache).contains { $0.hasPrefix("facts-") }, "\(app): nothing was parsed")
        }
    }

    func testCacheDirAndADamagedCache() throws {
        let app = try copyOfApp("VIPERShop")
        let cache = try NavGraphBinary.temporaryDirectory(self).appendingPathComponent("c")
        let plain = try NavGraphBinary.run(["scan", app.path, "--no-cache"])
        _ = try NavGraphBinary.run(["scan", app.path, "--cache-dir", cache.path])
        XCTAssertFalse(FileManager.default.fileExists(atPath: app.appendingPathComponent(".navgraph-cache").path))
        let packs = try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.hasPrefix("facts-") }
        XCTAssertEqual(packs.count, 1)
        try Data("garbage".utf8).write(to: cache.appendingPathComponent(packs[0]))
        // The whole-scan entry would answer without reading the pack: without it, the pack is read.
        for entry in try FileManager.default.contentsOfDirectory(atPath: cache.path) where entry.hasPrefix("scan-") {
            try FileManager.default.removeItem(at: cache.appendingPathComponent(entry))
        }
        let damaged = try NavGraphBinary.run(["scan", app.path, "--cache-dir", cache.path])
        XCTAssertEqual(damaged.status, 0)
        XCTAssertEqual(damaged.stdout, plain.stdout)
        XCTAssertTrue(damaged.stderr.contains("warning: ") && damaged.stderr.contains("not a navgraph scan cache"), damaged.stderr)
    }
}
