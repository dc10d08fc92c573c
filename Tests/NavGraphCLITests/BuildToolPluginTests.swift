import Foundation
import XCTest

/// `navgraph check --build-tool-plugin DIR`, as Plugins/NavGraphBuild runs it on every build
/// (scripts/build-plugin-check.sh builds a real package with the plugin; these run the command alone).
final class BuildToolPluginTests: XCTestCase {
    private func app(_ files: [String: String]) throws -> URL {
        let dir = try NavGraphBinary.temporaryDirectory(self)
        for (name, text) in files { try dir.write(name, text) }
        return dir
    }

    private static let routing = """
        public protocol Route { static var identifier: String { get } }
        public protocol Feature { func build(fromRoute route: Route?) -> String }
        public protocol RouteHandler {
            var routes: [Route.Type] { get }
            func destination(forRoute route: Route, from: String) -> Feature.Type
        }
        """

    private static let brokenApp = """
        public struct HomeFeature: Feature {
            public func build(fromRoute route: Route?) -> String { "home" }
        }
        public struct OrphanFeature: Feature {
            public func build(fromRoute route: Route?) -> String { "orphan" }
        }
        public enum App {
            static func start(router: RouterService) { _ = router.navigationController(withInitialFeature: HomeFeature.self) }
        }
        """

    func testNoRoutingIsSilentAndGreenOnlyForThePlugin() throws {
        let dir = try app(["Sources/Math/Math.swift": "public enum Math { public static func twice(_ x: Int) -> Int { 2 * x } }\n"])
        let sources = dir.appendingPathComponent("Sources/Math").path
        let plain = try NavGraphBinary.run(["check", sources])
        XCTAssertEqual(plain.status, 2, "the command line still says there is no routing")
        XCTAssertTrue(plain.stderr.contains("no routing found"), plain.stderr)

        let work = dir.appendingPathComponent("work").path
        let plugin = try NavGraphBinary.run(["check", "--build-tool-plugin", work, "--default-path", sources])
        XCTAssertEqual(plugin.status, 0, plugin.stderr)
        XCTAssertEqual(plugin.stdout, "")
        XCTAssertEqual(plugin.stderr, "")
    }

    func testFindingsAtAbsolutePathsCacheInTheWorkDirectoryNoReports() throws {
        let dir = try app([
            "Sources/Routing/Routing.swift": Self.routing,
            "Sources/App/App.swift": Self.brokenApp,
            // Relative registries would win over --default-path; reports must not be written.
            ".navgraph.yml": "reports: {sarif: out/navgraph.sarif}\nrules: {unused-route: {enabled: false}}\n",
        ])
        let work = dir.appendingPathComponent("work")
        let run = try NavGraphBinary.run([
            "check", "--build-tool-plugin", work.path, "--reporter", "xcode", "--config", dir.appendingPathComponent(".navgraph.yml").path,
            "--default-path", dir.appendingPathComponent("Sources/App").path, "--default-path", dir.appendingPathComponent("Sources/Routing").path,
        ], environment: ["NAVGRAPH_CACHE_DIR": ""])
        XCTAssertEqual(run.status, 1, run.stderr)
        let orphan = "\(dir.path)/Sources/App/App.swift:4:15: error: [unreachable-feature] OrphanFeature"
        XCTAssertTrue(run.stdout.hasPrefix(orphan), run.stdout)
        for line in run.stdout.split(separator: "\n") { XCTAssertTrue(line.hasPrefix("/"), "not absolute: \(line)") }
        XCTAssertFalse(run.stderr.contains("scanned"), "no scan summary in the build log: \(run.stderr)")
        XCTAssertTrue(run.stderr.contains("navgraph: 1 error"), run.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path), "the plugin writes no reports")
        XCTAssertTrue(FileManager.default.fileExists(atPath: work.appendingPathComponent("run-stamp").path))
        let cached = try FileManager.default.contentsOfDirectory(atPath: work.appendingPathComponent("scan-cache").path)
        XCTAssertTrue(cached.contains { $0.hasPrefix("scan-") }, "\(cached)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("Sources/App/.navgraph-cache").path))
    }

    func testDefaultPathsFromAFile() throws {
        let dir = try app([
            "Sources/Routing/Routing.swift": Self.routing,
            "Sources/App/App.swift": Self.brokenApp,
        ])
        let list = dir.appendingPathComponent("work/default-paths.txt")
        try dir.write("work/default-paths.txt", "\(dir.path)/Sources/App\n\(dir.path)/Sources/Routing\n")
        let run = try NavGraphBinary.run(["check", "--build-tool-plugin", dir.appendingPathComponent("work").path, "--default-paths-file", list.path])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stdout.contains("\(dir.path)/Sources/App/App.swift:4:15: error: [unreachable-feature] OrphanFeature"), run.stdout)
        let missing = try NavGraphBinary.run(["check", "--build-tool-plugin", dir.appendingPathComponent("work").path, "--default-paths-file", "/nonexistent/list"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "navgraph: error: cannot read the default paths file /nonexistent/list\n")
    }

    func testTheConfigsRegistriesWinOverTheDefaultPaths() throws {
        let dir = try app([
            "navigation.yml": "navgraph: 1\nfeatures:\n  - {name: Home, module: App}\n  - {name: Lost, module: App}\nentries: [{feature: Home}]\n",
            ".navgraph.yml": "registries: [navigation.yml]\n",
            "Sources/Math/Math.swift": "public enum Math {}\n",
        ])
        let run = try NavGraphBinary.run([
            "check", "--build-tool-plugin", dir.appendingPathComponent("work").path,
            "--config", dir.appendingPathComponent(".navgraph.yml").path, "--default-path", dir.appendingPathComponent("Sources/Math").path,
        ])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stdout.contains("\(dir.path)/navigation.yml:4:"), run.stdout)
        XCTAssertTrue(run.stdout.contains("[unreachable-feature] Lost"), run.stdout)
    }

    func testDefaultPathNeedsThePluginMode() throws {
        let run = try NavGraphBinary.run(["check", "--default-path", "Examples", "Examples/ShopApp.yml"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("--default-path and --default-paths-file are only for --build-tool-plugin"), run.stderr)
    }

    /// An unchanged build replays the last run (same output, same exit code, nothing loaded); any
    /// change to what the check reads — a source edited, a file added, the config — runs it again.
    func testAnUnchangedBuildReplaysTheLastRun() throws {
        let dir = try app(["Sources/Routing/Routing.swift": Self.routing, "Sources/App/App.swift": Self.brokenApp])
        let work = dir.appendingPathComponent("work").path
        let config = dir.appendingPathComponent("navgraph.yml")
        try "rules: {unused-route: {enabled: false}}\n".write(to: config, atomically: true, encoding: .utf8)
        let args = ["check", "--build-tool-plugin", work, "--config", config.path,
                    "--default-path", dir.appendingPathComponent("Sources/App").path, "--default-path", dir.appendingPathComponent("Sources/Routing").path]
        let first = try NavGraphBinary.run(args)
        XCTAssertEqual(first.status, 1, first.stderr)
        XCTAssertTrue(first.stdout.contains("[unreachable-feature] OrphanFeature is unreachable"), first.stdout)
        let stamp = try FileManager.default.attributesOfItem(atPath: work + "/run-stamp")[.modificationDate] as? Date

        // Replayed: the scan cache is not even opened (its folder is removed), the stamp is rewritten.
        try FileManager.default.removeItem(atPath: work + "/scan-cache")
        Thread.sleep(forTimeInterval: 0.01)
        let second = try NavGraphBinary.run(args)
        XCTAssertEqual([second.stdout, second.stderr], [first.stdout, first.stderr])
        XCTAssertEqual(second.status, 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: work + "/scan-cache"), "a replay loads nothing")
        XCTAssertNotEqual(try FileManager.default.attributesOfItem(atPath: work + "/run-stamp")[.modificationDate] as? Date, stamp)

        // The orphan gets a way in: the source changed, so the check runs again and passes.
        let fixed = Self.brokenApp.replacingOccurrences(
            of: "_ = router.navigationController(withInitialFeature: HomeFeature.self)",
            with: "_ = router.navigationController(withInitialFeature: HomeFeature.self); _ = router.navigationController(withInitialFeature: OrphanFeature.self)")
        try fixed.write(to: dir.appendingPathComponent("Sources/App/App.swift"), atomically: true, encoding: .utf8)
        let third = try NavGraphBinary.run(args)
        XCTAssertEqual(third.status, 0, third.stdout + third.stderr)
        XCTAssertFalse(third.stdout.contains("OrphanFeature"), third.stdout)

        // A new file, and a changed configuration, each run it again too.
        try "public struct LostFeature: Feature { public func build(fromRoute route: Route?) -> String { \"x\" } }\n"
            .write(to: dir.appendingPathComponent("Sources/App/Lost.swift"), atomically: true, encoding: .utf8)
        let fourth = try NavGraphBinary.run(args)
        XCTAssertEqual(fourth.status, 1)
        XCTAssertTrue(fourth.stdout.contains("LostFeature is unreachable"), fourth.stdout)
        try "rules: {unused-route: {enabled: false}, unreachable-feature: {severity: warning}}\n".write(to: config, atomically: true, encoding: .utf8)
        let fifth = try NavGraphBinary.run(args)
        XCTAssertEqual(fifth.status, 0, fifth.stdout)
        XCTAssertTrue(fifth.stdout.contains("warning: [unreachable-feature] LostFeature"), fifth.stdout)
    }
}
