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
