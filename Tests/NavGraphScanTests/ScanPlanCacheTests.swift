import Foundation
import NavGraphKit
import XCTest
@testable import NavGraphScan

/// The scan's plan remembered under the status of every folder walked and manifest found
/// (`ScanPlanCache`, docs/scanning.md): an unchanged tree is not walked again; a file or folder
/// added, removed or renamed, or a manifest edited, is seen, and the cached scan prints what an
/// uncached scan of the changed tree prints. And the whole-scan entry's facts key: an edit that
/// leaves every file's facts as they were gets the stored result, any other gets the uncached answer.
final class ScanPlanCacheTests: XCTestCase {
    private func output(_ r: ScanResult) -> String { ScanCacheTesting.output(r) }
    private func scan(_ app: String, cache: String?) throws -> ScanResult { try ScanCacheTesting.scan([app], cache: cache) }

    /// A copy of CoordinatorApp (a `Package.swift` with custom target paths, a test target) whose
    /// files and folders are an hour old, and a cache folder beside it.
    private func copy() throws -> (app: String, cache: String) {
        let work = try ScanCacheTesting.temporaryDirectory(self)
        let app = work + "/CoordinatorApp"
        try FileManager.default.copyItem(atPath: ExampleAppsTests.examples + "/CoordinatorApp", toPath: app)
        try age(app)
        return (app, work + "/cache")
    }

    /// Sets every file's and folder's modification time under `root` to an hour ago: statuses that
    /// old are trusted at once (younger ones wait out `StatTable.margin`).
    private func age(_ root: String) throws {
        let old = Date(timeIntervalSinceNow: -3600)
        var paths = [root]
        if let e = FileManager.default.enumerator(atPath: root) { for case let p as String in e { paths.append(root + "/" + p) } }
        for p in paths.sorted(by: >) { try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: p) }
    }

    /// Whether the next scan of `app` would take its plan from the cache.
    private func planKept(_ app: String, cache: String) -> Bool {
        let context = ScanPlanCache.Context(
            options: ScanCacheOptions(directory: cache, toolVersion: "test"), paths: [app], roots: [app],
            cwd: FileManager.default.currentDirectoryPath, configuration: ScanConfiguration())
        return ScanPlanCache.load(context) != nil
    }

    /// After `change`, the plan is not trusted, the cached scan prints the uncached scan's output, and
    /// once the tree is old again the plan is stored and trusted, still printing the same.
    private func expectSeen(_ what: String, app: String, cache: String, line: UInt = #line, _ change: () throws -> Void) throws {
        XCTAssertTrue(planKept(app, cache: cache), "before: \(what)", line: line)
        try change()
        XCTAssertFalse(planKept(app, cache: cache), what, line: line)
        let plain = output(try scan(app, cache: nil))
        XCTAssertEqual(output(try scan(app, cache: cache)), plain, what, line: line)
        try age(app)
        XCTAssertEqual(output(try scan(app, cache: cache)), plain, what, line: line)
        XCTAssertTrue(planKept(app, cache: cache), "after: \(what)", line: line)
        let again = try scan(app, cache: cache)
        XCTAssertTrue(again.summary.resultFromCache, what, line: line)
        XCTAssertEqual(output(again), plain, what, line: line)
    }

    func testAnUnchangedTreeKeepsItsPlanAndAnyChangeIsSeen() throws {
        let (app, cache) = try copy()
        let plain = output(try scan(app, cache: nil))
        XCTAssertEqual(output(try scan(app, cache: cache)), plain)
        XCTAssertEqual(ScanCacheTesting.files(in: cache, prefix: "plan-").count, 1)
        XCTAssertTrue(planKept(app, cache: cache))
        let second = try scan(app, cache: cache)
        XCTAssertTrue(second.summary.resultFromCache)
        XCTAssertEqual(output(second), plain)

        // A file that is not a source replaced by renaming a new one over it, as `navgraph scan -o
        // registry.yml` writes into the folder it scans: the folder's time changes, not what the walk sees.
        try "features: []\n".write(toFile: app + "/registry.yml", atomically: true, encoding: .utf8)
        XCTAssertTrue(planKept(app, cache: cache))
        XCTAssertEqual(output(try scan(app, cache: cache)), plain)

        let code = app + "/Modules/Catalog/Code"
        let screen = """
            import RouterService
            struct PromoFeature: Feature {
                @Dependency var router: RouterServiceProtocol
                func build(fromRoute route: Route?) -> UIViewController { UIViewController() }
            }

            """
        try expectSeen("a file added", app: app, cache: cache) {
            try screen.write(toFile: code + "/PromoFeature.swift", atomically: false, encoding: .utf8)
        }
        XCTAssertTrue(try scan(app, cache: cache).registry.features.contains { $0.name == "PromoFeature" })
        try expectSeen("a file renamed", app: app, cache: cache) {
            try FileManager.default.moveItem(atPath: code + "/PromoFeature.swift", toPath: code + "/PromotionFeature.swift")
        }
        try expectSeen("a file removed", app: app, cache: cache) {
            try FileManager.default.removeItem(atPath: code + "/PromotionFeature.swift")
        }
        XCTAssertFalse(try scan(app, cache: cache).registry.features.contains { $0.name == "PromoFeature" })
        // A folder two levels down: only its parent's time changes.
        try expectSeen("a folder added", app: app, cache: cache) {
            try FileManager.default.createDirectory(atPath: code + "/Promo/Screens", withIntermediateDirectories: true)
            try screen.write(toFile: code + "/Promo/Screens/PromoFeature.swift", atomically: false, encoding: .utf8)
        }
        XCTAssertTrue(try scan(app, cache: cache).registry.features.contains { $0.name == "PromoFeature" })
        // Renamed to a test folder: its files are then tests, and skipped.
        try expectSeen("a folder renamed", app: app, cache: cache) {
            try FileManager.default.moveItem(atPath: code + "/Promo", toPath: code + "/PromoTests")
        }
        XCTAssertFalse(try scan(app, cache: cache).registry.features.contains { $0.name == "PromoFeature" })
        try expectSeen("a folder removed", app: app, cache: cache) {
            try FileManager.default.removeItem(atPath: code + "/PromoTests")
        }
        // A manifest edited in place (its folder's time unchanged): the module of the target's files changes.
        let manifest = app + "/Package.swift"
        let package = try String(contentsOfFile: manifest, encoding: .utf8)
        try expectSeen("a manifest edited in place", app: app, cache: cache) {
            let handle = try XCTUnwrap(FileHandle(forWritingAtPath: manifest))
            try handle.truncate(atOffset: 0)
            try handle.write(contentsOf: Data(package.replacingOccurrences(of: "name: \"Catalog\"", with: "name: \"Catalogue\"").utf8))
            try handle.close()
        }
        XCTAssertTrue(try scan(app, cache: cache).registry.features.contains { $0.module == "Catalogue" })
        try expectSeen("a manifest replaced", app: app, cache: cache) {
            try package.write(toFile: manifest, atomically: true, encoding: .utf8)
        }
        XCTAssertFalse(try scan(app, cache: cache).registry.features.contains { $0.module == "Catalogue" })
    }

    /// An XcodeGen spec split over files as larger teams write it: `include:` (paths relative to the
    /// included file, or to the root spec with `relativePaths: false`) and `targetTemplates` with
    /// `${target_name}`. Every file gets its target's module; the included files are manifests of the
    /// plan, so an edit of one (the root spec untouched) is seen. Before, the included targets were not
    /// read: every file had the folder module.
    func testAnXcodeGenSpecsIncludesAndTemplatesAreItsTargets() throws {
        let work = try ScanCacheTesting.temporaryDirectory(self)
        let app = work + "/Kettle", cache = work + "/cache"
        func write(_ path: String, _ text: String) throws { try StyleScan.write([path: text], to: app) }
        try write("project.yml", """
            name: Kettle
            include:
              - Specs/targets.yml
              - path: Specs/timer.yml
                relativePaths: false
            targetTemplates:
              Feature:
                type: framework
                sources:
                  - Modules/${target_name}
            """)
        try write("Specs/targets.yml", """
            targets:
              KettleApp:
                type: application
                sources: [../App]
              Brewing:
                templates: [Feature]
              KettleTests:
                type: bundle.unit-test
                sources: [../Tests]
            """)
        try write("Specs/timer.yml", "targets:\n  Timer:\n    type: framework\n    sources: [Modules/Timer]\n")
        try write("App/RootView.swift", """
            import SwiftUI
            enum Page: Hashable { case brew, timer }
            struct RootView: View {
                var body: some View {
                    NavigationStack {
                        List {
                            NavigationLink(value: Page.brew) { Text("Brew") }
                            NavigationLink(value: Page.timer) { Text("Timer") }
                        }
                        .navigationDestination(for: Page.self) { page in
                            switch page {
                            case .brew: BrewView()
                            case .timer: TimerView()
                            }
                        }
                    }
                }
            }
            @main struct KettleApp: App { var body: some Scene { WindowGroup { RootView() } } }
            """)
        try write("Modules/Brewing/BrewView.swift", "import SwiftUI\npublic struct BrewView: View { public var body: some View { Text(\"Brew\") } }")
        try write("Modules/Timer/TimerView.swift", "import SwiftUI\npublic struct TimerView: View { public var body: some View { Text(\"Timer\") } }")
        try write("Tests/RootViewTests.swift", "import XCTest\nfinal class RootViewTests: XCTestCase {}")
        try age(app)
        func modules(_ r: ScanResult) -> [String] { r.registry.features.map { "\($0.name) \($0.module ?? "-")" }.sorted() }
        let first = try scan(app, cache: cache)
        XCTAssertEqual(first.summary.filesWithoutTarget, 0)
        XCTAssertEqual(first.summary.skippedTests, 1)
        XCTAssertEqual(modules(first), ["BrewView Brewing", "RootView KettleApp", "TimerView Timer"])
        XCTAssertEqual(output(first), output(try scan(app, cache: nil)))
        // Edited in place (its folder's time unchanged): only the spec's own status tells.
        try expectSeen("an included spec edited in place", app: app, cache: cache) {
            let handle = try XCTUnwrap(FileHandle(forWritingAtPath: app + "/Specs/targets.yml"))
            try handle.truncate(atOffset: 0)
            try handle.write(contentsOf: Data("""
                targets:
                  Kettle:
                    type: application
                    sources: [../App]
                  Brewing:
                    templates: [Feature]
                  KettleTests:
                    type: bundle.unit-test
                    sources: [../Tests]
                """.utf8))
            try handle.close()
        }
        XCTAssertTrue(try modules(scan(app, cache: cache)).contains("RootView Kettle"))
    }

    /// Another current directory, other paths or another configuration never take this plan.
    func testThePlanIsOnlyForTheSameScan() throws {
        let (app, cache) = try copy()
        _ = try scan(app, cache: cache)
        XCTAssertTrue(planKept(app, cache: cache))
        let other = ScanPlanCache.Context(
            options: ScanCacheOptions(directory: cache, toolVersion: "test"), paths: [app + "/"], roots: [app], cwd: FileManager.default.currentDirectoryPath,
            configuration: ScanConfiguration())
        XCTAssertNil(ScanPlanCache.load(other), "other paths as given")
        var moved = other
        moved.paths = [app]
        moved.cwd = app
        XCTAssertNil(ScanPlanCache.load(moved), "another current directory")
        moved.cwd = FileManager.default.currentDirectoryPath
        moved.options.toolVersion = "other"
        XCTAssertNil(ScanPlanCache.load(moved), "another navgraph")
    }

    /// A link's target may change while its folder does not: a tree with a link is walked every time
    /// (no plan stored), and its scans still print the uncached output.
    func testATreeWithALinkIsWalkedEveryTime() throws {
        let (app, cache) = try copy()
        let shared = try ScanCacheTesting.temporaryDirectory(self)
        try FileManager.default.createSymbolicLink(atPath: app + "/Modules/Shared", withDestinationPath: shared)
        try age(app)
        _ = try scan(app, cache: cache)
        XCTAssertEqual(ScanCacheTesting.files(in: cache, prefix: "plan-"), [])
        try """
            import RouterService
            struct LinkedFeature: Feature {
                @Dependency var router: RouterServiceProtocol
                func build(fromRoute route: Route?) -> UIViewController { UIViewController() }
            }

            """.write(toFile: shared + "/LinkedFeature.swift", atomically: false, encoding: .utf8)
        let r = try scan(app, cache: cache)
        XCTAssertEqual(output(r), output(try scan(app, cache: nil)))
        XCTAssertTrue(r.registry.features.contains { $0.name == "LinkedFeature" })
    }

    /// A comment added to a file: its bytes changed, its facts did not; the stored result is the
    /// answer (the file is parsed, nothing else), byte-identical to an uncached scan. An edit that
    /// changes the facts (a line added above a navigation) misses it and gives the uncached answer.
    func testAnEditThatKeepsTheFactsKeepsTheResult() throws {
        let (app, cache) = try copy()
        _ = try scan(app, cache: cache)
        let n = try scan(app, cache: cache).summary.filesRead
        let file = app + "/Modules/Catalog/Code/CatalogCoordinator.swift"
        let text = try String(contentsOfFile: file, encoding: .utf8)
        try (text + "\n// a comment\n").write(toFile: file, atomically: false, encoding: .utf8)
        let edited = try scan(app, cache: cache)
        XCTAssertTrue(edited.summary.resultFromCache)
        XCTAssertEqual(edited.summary.filesFromCache, n - 1)
        XCTAssertEqual(output(edited), output(try scan(app, cache: nil)))
        XCTAssertEqual(edited.cacheNotes, [])
        // Stored under the new bytes too.
        XCTAssertEqual(try scan(app, cache: cache).summary.filesFromCache, n)

        try ("\n" + text).write(toFile: file, atomically: false, encoding: .utf8)
        let moved = try scan(app, cache: cache)
        XCTAssertFalse(moved.summary.resultFromCache)
        XCTAssertEqual(output(moved), output(try scan(app, cache: nil)))
        XCTAssertNotEqual(output(moved), output(edited))
    }
}
