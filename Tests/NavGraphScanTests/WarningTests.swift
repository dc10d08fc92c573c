import Foundation
import NavGraphKit
import XCTest
@testable import NavGraphScan

/// One test per warning kind: a small app that triggers it, and the exact location reported.
final class WarningTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-scan-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir + "/Sources/App", withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    /// Writes `Sources/App/App.swift` (plus a shared route and feature) and scans it.
    func scan(_ source: String, strict: Bool = false) throws -> ScanResult {
        let common = """
            struct HomeRoute: Route { static let identifier = "home" }
            struct HomeFeature: Feature {
                func build(fromRoute route: Route?) -> UIViewController { UIViewController() }
            }
            """
        try common.write(toFile: dir + "/Sources/App/Common.swift", atomically: true, encoding: .utf8)
        try source.write(toFile: dir + "/Sources/App/App.swift", atomically: true, encoding: .utf8)
        return try SwiftSourceScanner(configuration: ScanConfiguration(strict: strict)).scan(paths: [dir])
    }

    func assertWarning(_ result: ScanResult, _ kind: ScanWarning.Kind, line: Int, column: Int, file: StaticString = #filePath, testLine: UInt = #line) {
        let matching = result.diagnostics.filter { $0.message.hasSuffix("[\(kind.rawValue)]") }
        XCTAssertEqual(matching.count, 1, "\(result.diagnostics)", file: file, line: testLine)
        XCTAssertEqual(matching.first?.location?.line, line, file: file, line: testLine)
        XCTAssertEqual(matching.first?.location?.column, column, file: file, line: testLine)
        XCTAssertEqual(matching.first?.severity, .warning, file: file, line: testLine)
    }

    func testNavigateWithVariableRoute() throws {
        let r = try scan("""
            extension HomeFeature {
                func go(_ route: Route) { router.navigate(toRoute: route, fromView: vc, presentationStyle: Push(), animated: true) }
            }
            """)
        assertWarning(r, .navigateUnresolved, line: 2, column: 31)
    }

    func testNavigateToUnknownRoute() throws {
        let r = try scan("""
            extension HomeFeature {
                func go() { router.navigate(toRoute: NowhereRoute(), fromView: vc, presentationStyle: Push(), animated: true) }
            }
            """)
        assertWarning(r, .navigateUnknownRoute, line: 2, column: 17)
    }

    func testNavigateUnattributed() throws {
        let r = try scan("""
            struct OtherFeature: Feature {
                func build(fromRoute route: Route?) -> UIViewController { UIViewController() }
            }
            final class Orphan {
                func go() { router.navigate(toRoute: HomeRoute(), fromView: vc, presentationStyle: Push(), animated: true) }
            }
            """)
        assertWarning(r, .navigateUnattributed, line: 5, column: 17)
        XCTAssertTrue(r.registry.features.allSatisfy { $0.navigates.isEmpty })
    }

    func testNavigateWithUnknownLabels() throws {
        let r = try scan("""
            extension HomeFeature {
                func go() { router.navigate(toDestination: HomeRoute(), fromView: vc) }
            }
            """)
        assertWarning(r, .navigateLabels, line: 2, column: 17)
    }

    func testHandlerRegistrationOfAVariable() throws {
        let r = try scan("""
            func setUp(router: RouterService, handler: RouteHandler) {
                router.register(routeHandler: handler)
            }
            """)
        assertWarning(r, .handlerRegistrationUnreadable, line: 2, column: 5)
    }

    func testHandlerNeverRegistered() throws {
        let r = try scan("""
            final class HomeHandler: RouteHandler {
                var routes: [Route.Type] { [HomeRoute.self] }
                func destination(forRoute route: Route, fromViewController vc: UIViewController) -> Feature.Type { HomeFeature.self }
            }
            final class SpareHandler: RouteHandler {
                var routes: [Route.Type] { [HomeRoute.self] }
                func destination(forRoute route: Route, fromViewController vc: UIViewController) -> Feature.Type { HomeFeature.self }
            }
            func setUp(router: RouterService) { router.register(routeHandler: HomeHandler()) }
            """)
        assertWarning(r, .handlerNeverRegistered, line: 5, column: 13)
        XCTAssertEqual(r.registry.handlers.map(\.name), ["HomeHandler"])
    }

    func testFactoryThatIsNotAPlainCall() throws {
        let r = try scan("""
            func setUp(router: RouterService) {
                router.register(dependencyFactory: { makeClient() }, forType: HTTPClientProtocol.self)
            }
            """)
        assertWarning(r, .factoryUnreadable, line: 2, column: 5)
        // The protocol still counts as registered.
        XCTAssertEqual(r.registry.dependencies.map(\.protocol), ["HTTPClientProtocol"])
        XCTAssertNil(r.registry.dependencies.first?.implementation)
    }

    func testRoutesThatAreNotALiteralList() throws {
        let r = try scan("""
            final class HomeHandler: RouteHandler {
                var routes: [Route.Type] { allRoutes }
                func destination(forRoute route: Route, fromViewController vc: UIViewController) -> Feature.Type { HomeFeature.self }
            }
            """)
        assertWarning(r, .routesUnreadable, line: 2, column: 9)
    }

    func testHandlerClaimingAnUnknownRoute() throws {
        let r = try scan("""
            final class HomeHandler: RouteHandler {
                var routes: [Route.Type] { [HomeRoute.self, GhostRoute.self] }
                func destination(forRoute route: Route, fromViewController vc: UIViewController) -> Feature.Type { HomeFeature.self }
            }
            """)
        assertWarning(r, .routeUnknown, line: 2, column: 9)
    }

    func testDestinationThatIsNotAFeatureType() throws {
        let r = try scan("""
            final class HomeHandler: RouteHandler {
                var routes: [Route.Type] { [HomeRoute.self] }
                func destination(forRoute route: Route, fromViewController vc: UIViewController) -> Feature.Type {
                    return lookup(route)
                }
            }
            """)
        assertWarning(r, .destinationUnreadable, line: 4, column: 16)
        assertWarning(r, .destinationMissing, line: 1, column: 13)
    }

    func testRouteWithoutLiteralIdentifier() throws {
        let r = try scan("""
            struct DynamicRoute: Route { static let identifier = makeIdentifier() }
            """)
        assertWarning(r, .identifierUnreadable, line: 1, column: 8)
        XCTAssertEqual(r.registry.routes.map(\.id), ["home"])
    }

    func testFallbackThatIsNotAFeatureType() throws {
        let r = try scan("""
            extension HomeFeature {
                func fallback(forRoute route: Route?) -> Feature.Type? { pickFallback() }
            }
            """)
        assertWarning(r, .fallbackUnreadable, line: 2, column: 10)
    }

    func testInitialFeatureThatIsNotAMetatype() throws {
        let r = try scan("""
            func start(router: RouterService, root: Feature.Type) { _ = router.navigationController(withInitialFeature: root) }
            """)
        assertWarning(r, .entryUnreadable, line: 1, column: 61)
    }

    func testMalformedAnnotations() throws {
        let r = try scan("""
            // navgraph:ignore unused-route
            struct LonelyRoute: Route { static let identifier = "lonely" }
            """)
        assertWarning(r, .annotationMalformed, line: 1, column: 1)
        XCTAssertEqual(r.registry.routes.first { $0.id == "lonely" }?.ignore, [])
    }

    func testSyntaxError() throws {
        let r = try scan("""
            struct Broken: Feature {
                func build(fromRoute route: Route?) -> UIViewController { UIViewController(
            }
            """)
        XCTAssertEqual(r.diagnostics.filter { $0.message.hasSuffix("[syntax-error]") }.count, 1, "\(r.diagnostics)")
    }

    func testFileThatIsNotUTF8IsAWarningAndTheRestIsScanned() throws {
        _ = try scan("")
        // Latin-1 bytes in a comment and a route declared after them: read leniently, still found.
        var bytes = Array("// caf".utf8) + [0xE9] + Array("\nstruct CafeRoute: Route { static let identifier = \"cafe\" }\n".utf8)
        bytes += [0xFF, 0xFE]
        try Data(bytes).write(to: URL(fileURLWithPath: dir + "/Sources/App/Latin1.swift"))
        let r = try SwiftSourceScanner().scan(paths: [dir])
        XCTAssertFalse(r.hasErrors, "\(r.diagnostics)")
        assertWarning(r, .fileNotUTF8, line: 1, column: 1)
        XCTAssertEqual(r.registry.routes.map(\.id), ["cafe", "home"])
    }

    func testFileThatCannotBeReadIsAWarningAndTheRestIsScanned() throws {
        _ = try scan("")
        // A dangling symbolic link named like a Swift file: listed, but nothing can be read.
        try FileManager.default.createSymbolicLink(atPath: dir + "/Sources/App/Gone.swift", withDestinationPath: dir + "/nowhere.swift")
        let r = try SwiftSourceScanner().scan(paths: [dir])
        XCTAssertFalse(r.hasErrors, "\(r.diagnostics)")
        assertWarning(r, .fileUnreadable, line: 1, column: 1)
        XCTAssertEqual(r.registry.routes.map(\.id), ["home"])
    }

    func testUnreadableXcodeProjectIsAWarning() throws {
        _ = try scan("")
        try FileManager.default.createDirectory(atPath: dir + "/App.xcodeproj", withIntermediateDirectories: true)
        try "{ objects = { broken".write(toFile: dir + "/App.xcodeproj/project.pbxproj", atomically: true, encoding: .utf8)
        let r = try SwiftSourceScanner().scan(paths: [dir])
        assertWarning(r, .projectUnreadable, line: 1, column: 1)
        XCTAssertEqual(r.registry.routes.map(\.id), ["home"])
    }

    func testMissingPathIsAnError() throws {
        _ = try scan("")
        let r = try SwiftSourceScanner().scan(paths: [dir, dir + "/nope"])
        XCTAssertEqual(r.diagnostics.filter { $0.severity == .error }.count, 1)
        XCTAssertThrowsError(try SwiftSourceScanner().scan(paths: [dir + "/nope"])) { XCTAssertTrue($0 is InputError) }
    }

    func testStrictTurnsWarningsIntoErrors() throws {
        let r = try scan("""
            extension HomeFeature {
                func go(_ route: Route) { router.navigate(toRoute: route, fromView: vc, presentationStyle: Push(), animated: true) }
            }
            """, strict: true)
        XCTAssertEqual(r.diagnostics.map(\.severity), [.error])
        XCTAssertTrue(r.hasErrors)
    }

    func testEveryKindIsCovered() {
        // Keep this list in step with the tests above: a new kind needs its own test.
        let tested: Set<ScanWarning.Kind> = [
            .unreadableFile, .syntaxError, .navigateUnresolved, .navigatePartlyResolved, .navigateUnknownRoute, .navigateUnattributed,
            .navigateLabels, .handlerRegistrationUnreadable, .handlerNeverRegistered, .factoryUnreadable, .routesUnreadable,
            .routeUnknown, .destinationUnreadable, .destinationMissing, .identifierUnreadable, .fallbackUnreadable,
            .entryUnreadable, .annotationMalformed, .fileNotUTF8, .fileUnreadable, .projectUnreadable,
            // ModuleFactoryTests.testAParameterNoCallerPassesIsAWarning
            .parameterNeverPassed,
            .unusedCapability,  // ProtocolRoutesTests.testUnusedCapability
            .invalidPattern,  // FeatherweightTests.testHostilePatternsStayData, testExampleApp
        ]
        XCTAssertEqual(tested, Set(ScanWarning.Kind.allCases))
    }
}
