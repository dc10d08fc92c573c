import Foundation
import NavGraphKit
import XCTest
@testable import NavGraphScan

/// The example apps in Examples/, each laid out like a real project (an Xcode project with a test
/// target and a vendored router, SwiftPM with custom paths, Tuist with a demo target, SwiftUI),
/// scan to the registry beside them, and `check` reports exactly the problems planted in them.
final class ExampleAppsTests: XCTestCase {
    static let examples = ExampleProjectTests.root.appendingPathComponent("Examples").path

    func check(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> (findings: [String], warnings: [String], result: ScanResult) {
        try checkExample(name, file: file, line: line)
    }

    func testVIPERShop() throws {
        let (findings, warnings, result) = try check("VIPERShop")
        XCTAssertEqual(findings, [
            "unreachable-feature VIPERShop/Modules/LegacyPromo/LegacyPromoFeature.swift:5",
            "unused-route VIPERShop/Interfaces/Routes.swift:21",
        ])
        // The route decoded from UserDefaults stays unknown: a warning, never an edge; it is written
        // as an unfollowed call, and the unreachable screen it could lead to is held back to a warning.
        XCTAssertEqual(warnings, ["navigate-unresolved VIPERShop/Modules/Home/HomeRouter.swift:31"])
        XCTAssertEqual(result.registry.unfollowed.map(\.call), ["saved.value"])
        XCTAssertNil(result.registry.unfollowed.first?.routes)
        XCTAssertEqual(result.registry.unfollowed.first?.from, ["HomeFeature"], "the screen whose build reaches the call")
        let held = CheckRunner(options: CheckOptions(scenarios: [FlagScenario.defaults(of: result.registry)]))
            .run(NavGraph(registry: result.registry)).filter { $0.ruleID == "unreachable-feature" }
        XCTAssertEqual(held.map { "\($0.subject) \($0.severity) \($0.heldBack)" }, ["LegacyPromoFeature warning true"])
        XCTAssertEqual(result.summary.skippedTests, 1)
        XCTAssertEqual(result.summary.skippedVendored, 4)
        XCTAssertEqual(result.summary.edges, 4)
        XCTAssertFalse(result.registry.features.contains { $0.name == "FeatureSpy" })
    }

    func testCoordinatorApp() throws {
        let (findings, warnings, result) = try check("CoordinatorApp")
        XCTAssertEqual(findings, ["missing-fallback Modules/Checkout/Code/CheckoutFeature.swift:11"])
        XCTAssertEqual(warnings, ["navigate-unattributed Modules/Catalog/Code/Debug/AnalyticsDebugMenu.swift:22"])
        // Its route is known ('account'), where it is opened from is not: it can open only that route.
        XCTAssertEqual(result.registry.unfollowed.map { $0.routes ?? ["any"] }, [["account"]])
        XCTAssertEqual(result.registry.flags.map(\.name), ["newCheckout"])
        XCTAssertEqual(result.registry.flags.first?.runtime, true)
        // Modules are the SwiftPM targets (custom `path:`), not the top folder.
        XCTAssertEqual(Set(result.registry.features.compactMap(\.module)), ["Account", "Catalog", "Checkout"])
        XCTAssertEqual(result.summary.edges, 6)
    }

    func testRenamedDialect() throws {
        let (findings, warnings, result) = try check("RenamedDialect")
        XCTAssertEqual(findings, [
            "fallback-problem Shop/Sources/Login/Builders/PasswordBuilder.swift:21",
            "missing-fallback Shop/Sources/Login/Builders/PasswordBuilder.swift:17",
        ])
        XCTAssertEqual(warnings, [])
        XCTAssertTrue(result.summary.learned.contains("feature protocol Builder"), "\(result.summary.learned)")
        // The demo app (ShopSample) has its own entry; it is left out of the app's graph.
        XCTAssertEqual(result.registry.entries.map(\.name), ["WelcomeBuilder"])
        XCTAssertEqual(result.summary.target, "Shop")
    }

    func testRenamedDialectSampleTarget() throws {
        var config = ScanConfiguration()
        config.target = "ShopSample"
        let result = try SwiftSourceScanner(configuration: config).scan(paths: [Self.examples + "/RenamedDialect"])
        XCTAssertEqual(result.summary.target, "ShopSample")
        XCTAssertTrue(result.registry.entries.map(\.name).contains("SampleBuilder"), "\(result.registry.entries)")
        config.target = "Nope"
        XCTAssertThrowsError(try SwiftSourceScanner(configuration: config).scan(paths: [Self.examples + "/RenamedDialect"]))
    }

    func testSwiftUIRouter() throws {
        let (findings, warnings, result) = try check("SwiftUIRouter")
        XCTAssertEqual(findings, ["unhandled-route Sources/Catalog/CatalogView.swift:22"])
        XCTAssertEqual(warnings, [])
        // The App's body opens the first screen; debug-only types are not screens.
        XCTAssertEqual(result.registry.entries.map(\.name), ["home"])
        XCTAssertFalse(result.registry.features.contains { $0.name == "DebugFeature" })
    }

    /// A RouterService app that routes some screens and pushes, presents and sheets others itself:
    /// every directly presented screen is reached (no false unreachable screen), the one planted
    /// around-the-router push is reported, and the planted dead screen stays an error.
    func testMixedRoutingApp() throws {
        let (findings, warnings, result) = try check("MixedRoutingApp")
        XCTAssertEqual(findings, [
            "presents-around-router Modules/Profile/ProfileViewController.swift:18",
            "unreachable-feature Modules/Settings/SettingsScreens.swift:30",
        ])
        XCTAssertEqual(warnings, [])
        let direct = result.registry.features.flatMap { f in f.presents.map { "\(f.name) -> \($0.feature) (\($0.style ?? "-"))" } }
        XCTAssertEqual(direct, [
            "HomeFeature -> AboutFeature (push)", "HomeFeature -> HelpFeature (present)", "HomeFeature -> NewsFeature (push)",
            "ProfileFeature -> OrdersFeature (push)", "SettingsFeature -> LicensesFeature (sheet)", "SettingsFeature -> PrivacyFeature (link)",
        ])
        XCTAssertEqual(result.summary.edges, 4)
        XCTAssertEqual(result.summary.directEdges, 6)
        // The exporter's controller cannot be known: explained, counted, no edge.
        XCTAssertEqual(result.summary.presentCalls, 7)
        XCTAssertEqual(result.summary.presentResolved, 6)
        // The alert is no screen: not a presentation of the graph at all.
        XCTAssertFalse(result.explanations.contains { $0.written.contains("UIAlertController") })
    }

    /// The facts of the files, assembled in another order (as threads may finish), give a
    /// byte-identical registry.
    /// `--style auto` picks exactly the example's own routing system on every Swift example app.
    func testAutoPicksEachExamplesStyle() throws {
        let expected: [String: [RoutingStyle]] = [
            "ExampleProject": [.routerService], "VIPERShop": [.routerService], "CoordinatorApp": [.routerService],
            "RenamedDialect": [.routerService], "SwiftUIRouter": [.routerService], "ProtocolRoutesApp": [.protocolRoutes],
            "FeatherweightApp": [.featherweight], "ModuleFactoryApp": [.moduleFactory], "ComponentsApp": [.components],
            "ComponentsReadmeApp": [.components], "ModuleFactoryArticleApp": [.moduleFactory],
            "FeatherweightReadmeApp": [.featherweight], "ProtocolRoutesArticleApp": [.protocolRoutes],
            "MixedRoutingApp": [.routerService], "RouteEnumApp": [.routeEnum],
        ]
        for (app, styles) in expected.sorted(by: { $0.key < $1.key }) {
            let r = try SwiftSourceScanner().scan(paths: [Self.examples + "/" + app])
            XCTAssertEqual(r.summary.styles, styles, app)
        }
    }

    func testFileOrderDoesNotMatter() throws {
        for name in ["CoordinatorApp", "VIPERShop", "RenamedDialect"] {
            let dir = Self.examples + "/" + name
            let files = SwiftSourceScanner.swiftFiles(under: dir).sorted()
            let work = files.map { SwiftSourceScanner.ScanFile(absolute: $0, display: $0, module: nil, target: nil) }
            let facts = SwiftSourceScanner.extract(work, config: ScanConfiguration(), progress: nil)
            var a = RegistryAssembler(config: ScanConfiguration())
            var b = RegistryAssembler(config: ScanConfiguration())
            var shuffled = facts
            var rng = SystemRandomNumberGenerator()
            shuffled.shuffle(using: &rng)
            XCTAssertEqual(RegistryWriter.yaml(a.assemble(facts)), RegistryWriter.yaml(b.assemble(shuffled)), name)
            XCTAssertEqual(a.warnings.map(\.message).sorted(), b.warnings.map(\.message).sorted(), name)
        }
    }

    func testTestsComeBackWithIncludeTests() throws {
        var config = ScanConfiguration()
        config.includeTests = true
        let result = try SwiftSourceScanner(configuration: config).scan(paths: [Self.examples + "/VIPERShop"])
        XCTAssertEqual(result.summary.skippedTests, 0)
        XCTAssertTrue(result.registry.features.contains { $0.name == "FeatureSpy" })
    }
}

extension XCTestCase {
    /// Scans an example; the registry must equal its registry.yml; returns the findings under the
    /// default scenario as `rule file:line`, and the scan's warnings as `kind file:line`.
    func checkExample(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> (findings: [String], warnings: [String], result: ScanResult) {
        let dir = ExampleAppsTests.examples + "/" + name
        let result = try SwiftSourceScanner().scan(paths: [dir])
        let yaml = Fixture.relative(RegistryWriter.yaml(result.registry), to: dir)
        if ProcessInfo.processInfo.environment["NAVGRAPH_PRINT"] != nil { print("----- \(name)\n" + yaml) }
        XCTAssertEqual(yaml, try String(contentsOfFile: dir + "/registry.yml", encoding: .utf8), "scan of \(name)", file: file, line: line)
        let graph = NavGraph(registry: result.registry)
        let options = CheckOptions(scenarios: [FlagScenario.defaults(of: result.registry)])
        let findings = CheckRunner(options: options).run(graph).map { f in
            "\(f.ruleID) " + Fixture.relative(f.location.map { "\($0.file):\($0.line)" } ?? "-", to: dir)
        }
        let warnings = result.diagnostics.map { d -> String in
            let kind = d.message.split(separator: "[").last.map { String($0.dropLast()) } ?? ""
            return "\(kind) " + Fixture.relative(d.location.map { "\($0.file):\($0.line)" } ?? "-", to: dir)
        }
        return (findings.sorted(), warnings.sorted(), result)
    }
}
