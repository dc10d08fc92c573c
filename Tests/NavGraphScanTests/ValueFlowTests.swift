import Foundation
import NavGraphKit
import XCTest
@testable import NavGraphScan

/// The scan-truth rules, each with a case that must resolve and a case that must stay an
/// unresolved warning: an unknowable route is reported, never invented.
final class ValueFlowTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-flow-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    /// Routes `a`, `b`, `c` (types ARoute, BRoute, CRoute), a handler for them, and `HomeFeature`,
    /// plus the given files (path → source).
    func scan(_ files: [String: String], config: ScanConfiguration = .init()) throws -> ScanResult {
        var all = files
        all["Sources/Routes/Routes.swift"] = all["Sources/Routes/Routes.swift"] ?? """
            struct ARoute: Route { static let identifier = "a" }
            struct BRoute: Route { static let identifier = "b" }
            struct CRoute: Route { static let identifier = "c"; let id: Int }
            final class Handler: RouteHandler {
                var routes: [Route.Type] { [ARoute.self, BRoute.self, CRoute.self] }
                func destination(forRoute route: Route, fromViewController vc: UIViewController) -> Feature.Type { HomeFeature.self }
            }
            """
        for (path, text) in all {
            let full = dir + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: true, encoding: .utf8)
        }
        return try SwiftSourceScanner(configuration: config).scan(paths: [dir])
    }

    func edges(_ r: ScanResult) -> [String] {
        r.registry.features.flatMap { f in f.navigates.map { "\(f.name) -> \($0.route)" } }.sorted()
    }

    func kinds(_ r: ScanResult) -> [String] {
        r.diagnostics.map { String($0.message.split(separator: "[").last!.dropLast()) }.sorted()
    }

    static let home = """
        final class HomeFeature: Feature {
            @Dependency var router: RouterServiceProtocol
            func build(fromRoute route: Route?) -> UIViewController { HomeViewController(router: router) }
        }
        """

    // MARK: 1. The route is a value

    func testRouteInLocalsPropertiesChoicesAndTables() throws {
        let r = try scan(["Sources/Home/Home.swift": Self.home + """

            struct MenuItem { let title: String; let route: Route
                static let all = [MenuItem(title: "A", route: ARoute()), MenuItem(title: "C", route: CRoute(id: 1))]
            }
            final class HomeViewController: UIViewController {
                let router: RouterServiceProtocol
                private let stored = BRoute()
                init(router: RouterServiceProtocol) { self.router = router }
                func local() { let route = ARoute(); router.navigate(toRoute: route, fromView: self, presentationStyle: Push(), animated: true) }
                func property() { router.navigate(toRoute: self.stored, fromView: self, presentationStyle: Push(), animated: true) }
                func choice(_ flag: Bool) {
                    let route: Route = flag ? ARoute() : BRoute()
                    router.navigate(toRoute: route, fromView: self, presentationStyle: Modal(), animated: true)
                }
                func table(_ i: Int) { router.navigate(toRoute: MenuItem.all[i].route, fromView: self, presentationStyle: Push(), animated: true) }
            }
            """])
        // The ternary's two routes are modal, the local's and the stored property's push.
        XCTAssertEqual(r.registry.features[0].navigates.map { "\($0.route) \($0.style ?? "-")" }, ["a modal", "a push", "b modal", "b push", "c push"])
        XCTAssertEqual(r.summary.navigateResolved, 4)
        XCTAssertEqual(kinds(r), [])
    }

    func testAnUnknowableRouteIsReportedNotInvented() throws {
        let r = try scan(["Sources/Home/Home.swift": Self.home + """

            final class HomeViewController: UIViewController {
                let router: RouterServiceProtocol
                init(router: RouterServiceProtocol) { self.router = router }
                func restore(_ data: Data) {
                    let route = try! JSONDecoder().decode(ARoute.self, from: data)
                    router.navigate(toRoute: route, fromView: self, presentationStyle: Push(), animated: true)
                }
            }
            """])
        XCTAssertEqual(edges(r), [])
        XCTAssertEqual(kinds(r), ["navigate-unresolved"])
        XCTAssertEqual(r.summary.navigateUnresolved, 1)
        XCTAssertEqual(r.explanations.first?.isResolved, false)
    }

    // MARK: 2. Navigation wrappers

    func testWrappersProtocolsClosuresAndDefaults() throws {
        let r = try scan(["Sources/Home/Home.swift": """
            final class HomeFeature: Feature {
                @Dependency var router: RouterServiceProtocol
                func build(fromRoute route: Route?) -> UIViewController { HomeRouter.createModule(routerService: router) }
            }
            protocol HomeWireframe: AnyObject { func navigateTo(route: Route) }
            final class HomeRouter: HomeWireframe {
                var routerService: RouterServiceProtocol?
                weak var view: UIViewController?
                static func createModule(routerService: RouterServiceProtocol) -> UIViewController {
                    let router = HomeRouter()
                    let presenter = HomePresenter(router: router)
                    return HomeViewController(presenter: presenter)
                }
                func navigateTo(route: Route) { open(route) }
                private func open(_ route: Route, style: PresentationStyle = Push()) {
                    routerService?.navigate(toRoute: route, fromView: view!, presentationStyle: style, animated: true)
                }
            }
            final class HomePresenter {
                var router: HomeWireframe?
                init(router: HomeWireframe) { self.router = router }
                func didTapA() { router?.navigateTo(route: ARoute()) }
                func show(next: Route = BRoute()) { router?.navigateTo(route: next) }
                func start() { show() }
            }
            final class HomeViewController: UIViewController {
                let presenter: HomePresenter
                init(presenter: HomePresenter) { self.presenter = presenter }
                lazy var list = ListView(onSelect: { [weak self] in self?.presenter.router?.navigateTo(route: $0) })
            }
            struct ListView { let onSelect: (Route) -> Void
                func tap(_ id: Int) { onSelect(CRoute(id: id)) }
            }
            """])
        XCTAssertEqual(edges(r), ["HomeFeature -> a", "HomeFeature -> b", "HomeFeature -> c"])
        XCTAssertEqual(kinds(r), [])
        let explained = try XCTUnwrap(r.explanations.first)
        XCTAssertTrue(explained.resolved.contains { $0.chain.contains { $0.hasPrefix("HomeRouter.navigateTo(route:) called at") } }, "\(explained)")
    }

    func testAWrapperNobodyCallsStaysUnresolved() throws {
        let r = try scan(["Sources/Home/Home.swift": Self.home + """

            final class HomeViewController: UIViewController {
                let router: RouterServiceProtocol
                init(router: RouterServiceProtocol) { self.router = router }
                func go(to route: Route) { router.navigate(toRoute: route, fromView: self, presentationStyle: Push(), animated: true) }
            }
            """])
        XCTAssertEqual(edges(r), [])
        XCTAssertEqual(kinds(r), ["navigate-unresolved"])
        XCTAssertTrue(r.diagnostics[0].message.contains("parameter 'route' of HomeViewController.go(to:)"), r.diagnostics[0].message)
    }

    // MARK: 3. The objects a feature builds

    func testProtocolTypedPropertiesAndStaticFactoriesAreFollowed() throws {
        let r = try scan(["Sources/Home/Home.swift": """
            final class HomeFeature: Feature {
                func build(fromRoute route: Route?) -> UIViewController { Assembly.make() }
            }
            enum Assembly { static func make() -> UIViewController { HomeViewController() } }
            protocol Navigating { func next() }
            final class HomeViewController: UIViewController { var navigator: Navigating? }
            final class Navigator: Navigating {
                let router: RouterServiceProtocol = RouterService()
                func next() { router.navigate(toRoute: ARoute(), fromView: UIViewController(), presentationStyle: Push(), animated: true) }
            }
            """])
        XCTAssertEqual(edges(r), ["HomeFeature -> a"])
    }

    func testANavigateCallNoFeatureReachesIsAWarningNamingItsType() throws {
        let r = try scan(["Sources/Home/Home.swift": Self.home + """

            final class HomeViewController: UIViewController { init(router: RouterServiceProtocol) {} }
            final class DebugMenu {
                let router: RouterServiceProtocol
                init(router: RouterServiceProtocol) { self.router = router }
                func open() { router.navigate(toRoute: ARoute(), fromView: UIViewController(), presentationStyle: Push(), animated: true) }
            }
            """])
        XCTAssertEqual(edges(r), [])
        XCTAssertEqual(kinds(r), ["navigate-unattributed"])
        XCTAssertTrue(r.diagnostics[0].message.contains("'DebugMenu'"), r.diagnostics[0].message)
    }

    func testTypesOfTheSameNameInTwoModulesAreTwoTypes() throws {
        let feature = { (name: String) in """
            final class \(name)Feature: Feature {
                func build(fromRoute route: Route?) -> UIViewController { ViewController() }
            }
            """ }
        let r = try scan([
            "Sources/Shop/Shop.swift": feature("Shop") + """

                final class ViewController: UIViewController {
                    let router: RouterServiceProtocol = RouterService()
                    func go() { router.navigate(toRoute: ARoute(), fromView: self, presentationStyle: Push(), animated: true) }
                }
                """,
            "Sources/Cart/Cart.swift": feature("Cart") + "\nfinal class ViewController: UIViewController {}",
        ])
        XCTAssertEqual(edges(r), ["ShopFeature -> a"])
    }

    // MARK: 4. The project's real shape

    func testSwiftPMCustomPathsPodspecsAndTestTargets() throws {
        let r = try scan([
            "Package.swift": """
                let package = Package(name: "App", targets: [
                    .target(name: "HomeKit", path: "Modules/Home/Code"),
                    .testTarget(name: "HomeKitTests", path: "Modules/Home/Checks"),
                ])
                """,
            "Pods/Ignored.swift": "struct IgnoredRoute: Route { static let identifier = \"ignored\" }",
            "Modules/Home/Code/Home.swift": Self.home + "\nfinal class HomeViewController: UIViewController { init(router: RouterServiceProtocol) {} }",
            "Modules/Home/Checks/Spy.swift": "final class FeatureSpy: Feature { func build(fromRoute route: Route?) -> UIViewController { UIViewController() } }",
            "Profile/Profile.podspec": "Pod::Spec.new do |s|\n  s.name = 'ProfileKit'\n  s.source_files = 'Code/**/*.swift'\nend\n",
            "Profile/Code/Profile.swift": "final class ProfileFeature: Feature { func build(fromRoute route: Route?) -> UIViewController { UIViewController() } }",
        ])
        let modules = Dictionary(uniqueKeysWithValues: r.registry.features.map { ($0.name, $0.module ?? "-") })
        XCTAssertEqual(modules, ["HomeFeature": "HomeKit", "ProfileFeature": "ProfileKit"])
        XCTAssertEqual(r.summary.skippedTests, 1)
        XCTAssertFalse(r.registry.routes.contains { $0.id == "ignored" })
    }

    func testXcodeProjectTargetsAndAVendoredRouter() throws {
        let pbx = """
            // !$*UTF8*$!
            { archiveVersion = 1; objectVersion = 56; rootObject = R0;
              objects = {
                R0 = { isa = PBXProject; mainGroup = G0; targets = (T1, T2); };
                G0 = { isa = PBXGroup; children = (F1, F2); sourceTree = "<group>"; };
                F1 = { isa = PBXFileReference; path = App/Home.swift; sourceTree = "<group>"; };
                F2 = { isa = PBXFileReference; path = AppTests/HomeSpec.swift; sourceTree = "<group>"; };
                B1 = { isa = PBXBuildFile; fileRef = F1; };
                B2 = { isa = PBXBuildFile; fileRef = F2; };
                P1 = { isa = PBXSourcesBuildPhase; files = (B1); };
                P2 = { isa = PBXSourcesBuildPhase; files = (B2); };
                T1 = { isa = PBXNativeTarget; name = Shop; productType = "com.apple.product-type.application"; buildPhases = (P1); };
                T2 = { isa = PBXNativeTarget; name = ShopSpecs; productType = "com.apple.product-type.bundle.unit-test"; buildPhases = (P2); };
              };
            }
            """
        let r = try scan([
            "Shop.xcodeproj/project.pbxproj": pbx,
            "App/Home.swift": Self.home + "\nfinal class HomeViewController: UIViewController { init(router: RouterServiceProtocol) {} }",
            // Not in a folder named like tests: only the Xcode project says it is a test target.
            "AppTests/HomeSpec.swift": "final class FakeFeature: Feature { func build(fromRoute route: Route?) -> UIViewController { UIViewController() } }",
            "Vendor/Router/Interface.swift": """
                protocol Feature { func build(fromRoute route: Route?) -> UIViewController }
                protocol Route { static var identifier: String { get } }
                protocol RouteHandler { var routes: [Route.Type] { get }; func destination(forRoute route: Route, fromViewController vc: UIViewController) -> Feature.Type }
                """,
            "Vendor/Router/Extra.swift": "extension RouterServiceProtocol { func navigate(toRoute route: Route) { navigate(toRoute: route, fromView: UIViewController(), presentationStyle: Push(), animated: true) } }",
        ])
        XCTAssertEqual(r.registry.features.map(\.name), ["HomeFeature"])
        XCTAssertEqual(r.registry.features.first?.module, "Shop")
        XCTAssertEqual(r.summary.skippedTests, 1)
        XCTAssertEqual(r.summary.skippedVendored, 2)
        XCTAssertEqual(kinds(r), [])
    }

    // MARK: 5. Dialects learnt from the sources

    func testARenamedFrameworkIsLearntAndAMismatchedFallbackFound() throws {
        let framework = """
            protocol Builder { func build(from route: Route?) -> UIViewController; func isEnabled() -> Bool; func fallback(for route: Route?) -> Builder.Type? }
            extension Builder { func isEnabled() -> Bool { true }; func fallback(for route: Route?) -> Builder.Type? { nil } }
            protocol Route { static var identifier: String { get } }
            protocol RouteHandling { var routes: [Route.Type] { get }; func destination(for route: Route) -> Builder.Type }
            protocol DIServicing { func navigate(to route: Route, from: UIViewController, style: PresentationStyle); func register(_ handler: RouteHandling) }
            final class DIService: DIServicing {
                func navigate(to route: Route, from: UIViewController, style: PresentationStyle) {}
                func register(_ handler: RouteHandling) {}
            }
            """
        let app = """
            struct HomeRoute: Route { static let identifier = "home" }
            final class HomeHandling: RouteHandling {
                var routes: [Route.Type] { [HomeRoute.self] }
                func destination(for route: Route) -> Builder.Type { HomeBuilder.self }
            }
            final class HomeBuilder: Builder {
                func build(from route: Route?) -> UIViewController { UIViewController() }
                func isEnabled() -> Bool { flags.isOn("home_v2") }
                func fallback(forRoute route: Route?) -> Builder.Type? { OtherBuilder.self }
            }
            final class OtherBuilder: Builder {
                let service: DIServicing = DIService()
                func build(from route: Route?) -> UIViewController { service.navigate(to: HomeRoute(), from: UIViewController(), style: Push()); return UIViewController() }
            }
            func setUp(_ s: DIService) { s.register(HomeHandling()) }
            """
        let r = try scan(["Sources/Core/Framework.swift": framework, "Sources/App/App.swift": app, "Sources/Routes/Routes.swift": "// none"])
        XCTAssertEqual(r.registry.features.map(\.name), ["HomeBuilder", "OtherBuilder"])
        XCTAssertEqual(r.summary.skippedVendored, 1)
        XCTAssertEqual(edges(r), ["OtherBuilder -> home"])
        let home = try XCTUnwrap(r.registry.features.first)
        XCTAssertNil(home.fallback, "the mismatched fallback never runs")
        XCTAssertEqual(home.unusedFallback?.declared, "fallback(forRoute:)")
        XCTAssertEqual(home.unusedFallback?.requirement, "fallback(for:)")
        // 8. The flag the code reads is declared, with a run-time default.
        XCTAssertEqual(r.registry.flags.map(\.name), ["home_v2"])
        XCTAssertEqual(r.registry.flags.first?.runtime, true)
        let findings = CheckRunner(options: CheckOptions(scenarios: [FlagScenario.defaults(of: r.registry)])).run(NavGraph(registry: r.registry))
        XCTAssertTrue(findings.contains { $0.ruleID == "fallback-problem" && $0.location?.line == 9 }, "\(findings.map(\.message))")
        XCTAssertFalse(findings.contains { $0.ruleID == "unknown-reference" })
    }

    func testWithoutTheFrameworkDeclarationsARenamedAppIsNoRoutingAtAll() throws {
        XCTAssertThrowsError(try scan([
            "Sources/Routes/Routes.swift": "// none",
            "Sources/App/App.swift": "final class HomeBuilder: Builder { func build(from route: Route?) -> UIViewController { UIViewController() } }",
        ])) { error in
            XCTAssertTrue((error as? InputError)?.diagnostics.first?.message.contains("no routing found") == true, "\(error)")
        }
    }

    // MARK: 6. Entries as apps write them

    func testEntriesFromAVariableRouteAndASwiftUIApp() throws {
        let r = try scan(["Sources/Home/Home.swift": Self.home + """

            final class HomeViewController: UIViewController { init(router: RouterServiceProtocol) {} }
            final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                var window: UIWindow?
                let router = RouterService()
                func scene() {
                    let first: Route = loggedIn ? ARoute() : BRoute()
                    window?.rootViewController = router.navigationController(withInitialRoute: first)
                }
            }
            #if DEBUG
            final class PreviewFeature: Feature { func build(fromRoute route: Route?) -> UIViewController { UIViewController() } }
            #endif
            """])
        XCTAssertEqual(r.registry.entries.map(\.name), ["a", "b"])
        XCTAssertEqual(r.registry.features.map(\.name), ["HomeFeature"])
    }

    func testAnEntryFromAnUnknowableRouteIsAWarningNotAnEntry() throws {
        let r = try scan(["Sources/Home/Home.swift": Self.home + """

            final class HomeViewController: UIViewController { init(router: RouterServiceProtocol) {} }
            final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                var window: UIWindow?
                let router = RouterService()
                func scene(_ data: Data) {
                    window?.rootViewController = router.navigationController(withInitialRoute: Restorer.decode(data))
                }
            }
            """])
        XCTAssertEqual(r.registry.entries.map(\.name), [])
        XCTAssertEqual(kinds(r), ["entry-unreadable"])
    }

    // MARK: 7. Honest totals

    func testTheSummaryLineCountsWhatWasReadAndResolved() throws {
        let r = try scan(["Sources/Home/Home.swift": Self.home + """

            final class HomeViewController: UIViewController {
                let router: RouterServiceProtocol
                init(router: RouterServiceProtocol) { self.router = router }
                func a() { router.navigate(toRoute: ARoute(), fromView: self, presentationStyle: Push(), animated: true) }
                func b(_ r: Route) { router.navigate(toRoute: r, fromView: self, presentationStyle: Push(), animated: true) }
            }
            """, "Sources/Home/HomeTests.swift": "// a test file"])
        XCTAssertEqual(r.summary.line, "scanned 2 files (skipped 1 test): 1 features, 3 routes, 1 handlers, 1 edges; navigate calls: 1 resolved, 1 unresolved; no entry point found (no screen is proven unreachable); no project manifest: modules from the Sources/<target> layout")
    }

    func testSourcesWithNoRoutingAreAnError() throws {
        XCTAssertThrowsError(try scan(["Sources/Routes/Routes.swift": "struct Plain {}"])) { error in
            XCTAssertTrue(error is InputError)
        }
    }
}
