import Foundation
import XCTest

/// `navgraph scan` and `check` on sources, end to end: the summary line, `--explain`, a partial
/// graph said aloud, and sources with no routing never a green.
final class ScanCommandTests: XCTestCase {
    func testSourcesWithoutRoutingAreExitCodeTwo() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-plain-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try "struct Plain { let x = 1 }\n".write(to: dir.appendingPathComponent("Plain.swift"), atomically: true, encoding: .utf8)
        for command in ["scan", "check"] {
            let r = try NavGraphBinary.run([command, dir.path])
            XCTAssertEqual(r.status, 2, "\(command): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("no routing found"), r.stderr)
            XCTAssertTrue(r.stderr.contains("routerservice"), "names the styles navgraph reads: \(r.stderr)")
            XCTAssertFalse(r.stdout.contains("no findings"))
        }
    }

    func testCheckOnSourcesSaysTheGraphIsPartial() throws {
        let r = try NavGraphBinary.run(["check", "Examples/VIPERShop"])
        // The unreachable screen could be where the unfollowed call leads: held back, so no error.
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("navgraph: scanned 20 files (skipped 1 test, 4 vendored): 6 features, 5 routes, 5 handlers, 4 edges; navigate calls: 3 resolved, 1 unresolved"), r.stderr)
        XCTAssertTrue(r.stderr.contains("the graph is partial: 1 navigate call not fully resolved"), r.stderr)
        XCTAssertTrue(r.stderr.contains("; 1 held back as warning: navigation calls the scan could not follow may explain it"), r.stderr)
        XCTAssertTrue(r.stdout.contains("warning: [unreachable-feature] LegacyPromoFeature may be unreachable: 1 navigation call could not be followed"), r.stdout)

        // The registry the scan writes carries the call, so `check` on it holds back the same; stating
        // what the call opens in .navgraph.yml brings the error back.
        let dir = try NavGraphBinary.temporaryDirectory(self)
        let registry = dir.appendingPathComponent("registry.yml").path
        XCTAssertEqual(try NavGraphBinary.run(["scan", "Examples/VIPERShop", "-o", registry]).status, 0)
        let fromFile = try NavGraphBinary.run(["check", registry])
        XCTAssertEqual(fromFile.status, 0, fromFile.stdout + fromFile.stderr)
        XCTAssertTrue(fromFile.stdout.contains("LegacyPromoFeature may be unreachable"), fromFile.stdout)
        let config = dir.appendingPathComponent("navgraph.yml").path
        try "unfollowed:\n  - {at: VIPERShop/Modules/Home/HomeRouter.swift:31, opens: [orders, settings]}\n"
            .write(toFile: config, atomically: true, encoding: .utf8)
        let stated = try NavGraphBinary.run(["check", "--config", config, registry])
        XCTAssertEqual(stated.status, 1, stated.stdout + stated.stderr)
        XCTAssertTrue(stated.stdout.contains("error: [unreachable-feature] LegacyPromoFeature is unreachable: no entry leads to it"), stated.stdout)
    }

    func testExplainListsEveryCallSite() throws {
        let r = try NavGraphBinary.run(["scan", "--explain", "Examples/VIPERShop"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.filter { $0.contains(": navigate(") }.count, 4)
        XCTAssertTrue(lines.contains { $0.hasSuffix("HomeRouter.swift:31:9: navigate(saved.value): UNRESOLVED") }, r.stdout)
        XCTAssertTrue(lines.contains { $0.contains("via HomeRouter.navigateTo(route:) called at") }, r.stdout)
    }

    func testStyleAndTargetOptions() throws {
        let bad = try NavGraphBinary.run(["scan", "--style", "vipers", "Examples/VIPERShop"])
        XCTAssertEqual(bad.status, 2, bad.stderr)
        let sample = try NavGraphBinary.run(["scan", "--target", "ShopSample", "Examples/RenamedDialect"])
        XCTAssertEqual(sample.status, 0, sample.stderr)
        XCTAssertTrue(sample.stdout.contains("feature: SampleBuilder"), sample.stdout)
        XCTAssertTrue(sample.stderr.contains("of target ShopSample"), sample.stderr)
    }
}
