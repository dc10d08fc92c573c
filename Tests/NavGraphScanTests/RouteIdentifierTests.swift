import Foundation
import NavGraphKit
import XCTest
@testable import NavGraphScan

/// A route's identifier as Swift computes it: a literal, the type's own name through
/// `String(describing:)` or interpolation, on the type or as a protocol extension's default.
final class RouteIdentifierTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-ids-\(UUID().uuidString)").path
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    func scan(_ routes: String) throws -> ScanResult {
        try StyleScan.write([
            "Sources/App/Routes.swift": routes,
            "Sources/App/App.swift": """
                struct HomeFeature: Feature {
                    func build(fromRoute route: Route?) -> UIViewController {
                        router.navigate(toRoute: InfoRoute(), fromView: vc, presentationStyle: Push(), animated: true)
                        return UIViewController()
                    }
                }
                struct InfoFeature: Feature {
                    func build(fromRoute route: Route?) -> UIViewController { UIViewController() }
                }
                struct InfoHandler: RouteHandler {
                    var routes: [Route.Type] { [InfoRoute.self] }
                    func destination(forRoute route: Route, fromView viewController: UIViewController) -> Feature.Type { InfoFeature.self }
                }
                final class AppDelegate: UIApplicationDelegate {
                    func start() { window.rootViewController = routerService.navigationController(withInitialFeature: HomeFeature.self) }
                }
                """,
        ], to: dir)
        return try SwiftSourceScanner().scan(paths: [dir])
    }

    func routes(_ r: ScanResult) -> [String] { r.registry.routes.map { "\($0.type ?? "?")=\($0.id)" }.sorted() }

    func testAProtocolExtensionDefaultNamesEachConformingType() throws {
        let r = try scan("""
            extension Route {
                static var identifier: String { String(describing: Self.self) }
            }
            struct InfoRoute: Route {}
            struct OtherRoute: Route {}
            """)
        XCTAssertEqual(routes(r), ["InfoRoute=InfoRoute", "OtherRoute=OtherRoute"])
        XCTAssertEqual(StyleScan.edges(r), ["HomeFeature -> InfoRoute"])
        XCTAssertEqual(StyleScan.warnings(r), [])
        let findings = CheckRunner().run(NavGraph(registry: r.registry)).filter { $0.ruleID == "unreachable-feature" }
        XCTAssertEqual(findings.map(\.subject), [], "InfoFeature is reached through InfoRoute")
    }

    func testADefaultOnARefinedProtocolReachesItsConformers() throws {
        let r = try scan("""
            protocol AppRoute: Route {}
            extension AppRoute {
                static var identifier: String { "\\(Self.self)" }
            }
            struct InfoRoute: AppRoute {}
            """)
        XCTAssertEqual(routes(r), ["InfoRoute=InfoRoute"])
        XCTAssertEqual(StyleScan.edges(r), ["HomeFeature -> InfoRoute"])
    }

    func testTheTypesOwnNameWrittenOnTheType() throws {
        let r = try scan("""
            struct InfoRoute: Route { static let identifier = String(describing: InfoRoute.self) }
            struct OtherRoute: Route { static var identifier: String { "\\(Self.self)" } }
            struct ThirdRoute: Route { static let identifier = "third" }
            """)
        XCTAssertEqual(routes(r), ["InfoRoute=InfoRoute", "OtherRoute=OtherRoute", "ThirdRoute=third"])
    }

    func testAnIdentifierMadeAtRunTimeStaysUnknown() throws {
        let r = try scan("""
            struct InfoRoute: Route { static var identifier: String { makeIdentifier(Self.self) } }
            """)
        XCTAssertEqual(routes(r), [])
        XCTAssertTrue(StyleScan.warnings(r).contains("identifier-unreadable Routes.swift:1"), "\(StyleScan.warnings(r))")
    }

    /// Another library's view factory, vendored beside the app (a build function returning a view
    /// controller, no route), is not learnt as a renamed `Feature`: its types are not screens.
    func testAViewFactoryLibraryIsNotLearntAsAFeatureProtocol() throws {
        try StyleScan.write([
            "Vendor/Composer/Factory.swift": """
                public protocol Factory {
                    associatedtype ViewController: UIViewController
                    func build(with context: Any) throws -> ViewController
                }
                public struct ClassFactory: Factory {
                    public func build(with context: Any) throws -> UIViewController { UIViewController() }
                }
                """,
        ], to: dir)
        let r = try scan("""
            struct InfoRoute: Route { static let identifier = "info" }
            """)
        XCTAssertEqual(r.registry.features.map(\.name).sorted(), ["HomeFeature", "InfoFeature"])
        XCTAssertFalse(r.summary.learned.joined().contains("Factory"), "\(r.summary.learned)")
        // The same protocol beside the framework's route protocol, or building for a route, is learnt.
        let dir2 = dir + "-renamed"
        defer { try? FileManager.default.removeItem(atPath: dir2) }
        try StyleScan.write([
            "Framework/Routing.swift": """
                public protocol Screen { func make(for route: Route?) -> UIViewController }
                """,
            "App/Screens.swift": """
                struct InfoRoute: Route { static let identifier = "info" }
                struct InfoScreen: Screen { func make(for route: Route?) -> UIViewController { UIViewController() } }
                """,
        ], to: dir2)
        let renamed = try SwiftSourceScanner().scan(paths: [dir2])
        XCTAssertEqual(renamed.registry.features.map(\.name), ["InfoScreen"])
    }
}
