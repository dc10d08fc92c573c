import Foundation
import NavGraphKit
import XCTest
@testable import NavGraphScan

/// Shapes of route protocols and the types around them (issue 29 items 1 and 3): one protocol whose
/// methods build several screens, a wrapper beside the building method, an extension of a module's
/// own type, a storyboard screen cast inside a story, reuse identifiers that are no routes, and a
/// protocol and a class of one name. The apps are written for these tests.
final class RouteProtocolShapeTests: ScanSourcesTestCase {
    // MARK: One route protocol, several screens

    /// A route protocol whose default implementations build different screens (`openWelcome()` the
    /// first page, `openTerms()` the second) is one route per screen, named `Protocol.method`: the
    /// second page is reached from the first. Before, the protocol was one route to its first screen,
    /// so `router.openTerms()` led back to Welcome and Terms was "unreachable". A method the route's
    /// extension adds beside its requirements that builds another screen (`makeGrid()`) is a route
    /// too; one that builds no screen (`selectList()`) is not. A protocol whose defaults all build one
    /// screen keeps its own name (`HelpRoute`).
    func testARouteProtocolWhoseMethodsBuildDifferentScreensIsOneRoutePerScreen() throws {
        let r = try scan(["Routing": Self.routing, "Screens": """
            import UIKit
            protocol OnboardingRoute { func openWelcome(); func openTerms() }
            extension OnboardingRoute where Self: Opening {
                func openWelcome() { open(WelcomeViewController()) }
                func openTerms() { open(TermsViewController()) }
            }
            protocol ListRoute { func makeList() -> UIViewController }
            extension ListRoute where Self: Opening {
                func makeList() -> UIViewController { ListViewController() }
                func makeGrid() -> UIViewController { GridViewController() }
                func selectList() { print("no screen built") }
            }
            protocol HelpRoute { func openHelp(); func openHelpModally() }
            extension HelpRoute where Self: Opening {
                func openHelp() { open(HelpViewController()) }
                func openHelpModally() { open(HelpViewController()) }
            }
            final class OnboardingRouter: BaseRouter, OnboardingRoute, HelpRoute, ListRoute {}
            final class ListViewController: UIViewController {}
            final class GridViewController: UIViewController {}
            final class WelcomeViewController: UIViewController {
                let router = OnboardingRouter()
                func next() { router.openTerms() }
                func help() { router.openHelpModally() }
                func browse() { router.makeGrid() }
            }
            final class TermsViewController: UIViewController {}
            final class HelpViewController: UIViewController {}
            \(Self.launching("OnboardingRouter", "openWelcome"))
            """])
        XCTAssertEqual(r.registry.routes.map(\.id).sorted(), [
            "HelpRoute", "ListRoute.makeGrid", "ListRoute.makeList", "OnboardingRoute.openTerms", "OnboardingRoute.openWelcome",
        ])
        XCTAssertEqual(r.registry.routes.compactMap(\.type).sorted(), ["HelpRoute", "ListRoute", "ListRoute", "OnboardingRoute", "OnboardingRoute"])
        XCTAssertEqual(edges(r), [
            "WelcomeViewController -> HelpRoute", "WelcomeViewController -> ListRoute.makeGrid", "WelcomeViewController -> OnboardingRoute.openTerms",
        ])
        XCTAssertEqual(r.registry.entries.map(\.name), ["OnboardingRoute.openWelcome"])
        // makeList() is never called: the route and its screen are unused, as declared.
        XCTAssertEqual(findings(r), ["unreachable-feature ListViewController", "unused-route ListRoute.makeList"])
    }

    /// A wrapper beside the method that builds (`openPurchase()` calling `openPurchase(with:)` in the
    /// same extension) builds what it calls, so a call of the wrapper opens that route — here on a
    /// router whose `PurchaseRoute` requirement Swift satisfies with `StartRoute`'s extension (a
    /// copy-paste slip real apps ship). Before, the call matched no opener and was dropped uncounted.
    func testAWrapperBesideTheBuildingMethodOpensItsRoute() throws {
        let r = try scan(["Routing": Self.routing, "Screens": """
            import UIKit
            protocol StartRoute { func openStart() }
            extension StartRoute where Self: Opening {
                func openStart() { open(StartViewController()) }
                func openPurchase(with transition: String) { open(PurchaseViewController()) }
                func openPurchase() { openPurchase(with: "fade") }
            }
            protocol PurchaseRoute { func openPurchase() }
            final class AppRouter: BaseRouter, StartRoute, PurchaseRoute {}
            final class StartViewController: UIViewController {
                let router = AppRouter()
                func buy() { router.openPurchase() }
            }
            final class PurchaseViewController: UIViewController {}
            \(Self.launching("AppRouter", "openStart"))
            """])
        XCTAssertEqual(edges(r), ["StartViewController -> StartRoute.openPurchase"])
        XCTAssertEqual(findings(r), [])
    }

    /// A route method called with labels no declaration takes (`router.openPurchase(animated: false)`
    /// where the sources declare only `openPurchase()`) calls an overload the scanner cannot see: the
    /// call is counted, not dropped — a navigate call not followed that may open PurchaseRoute, so what
    /// only that route reaches is held back instead of reported as an error (issue 29 item 2). A value
    /// whose type adopts no route protocol (`host?.openPurchase(animated:)` on a `UIViewController`) is
    /// no router's call.
    func testARouteCallWithLabelsNoDeclarationTakesIsCounted() throws {
        let r = try scan(["Routing": Self.routing, "Screens": """
            import UIKit
            protocol StartRoute { func openStart() }
            extension StartRoute where Self: Opening { func openStart() { open(StartViewController()) } }
            protocol PurchaseRoute { func openPurchase() }
            extension PurchaseRoute where Self: Opening { func openPurchase() { open(PurchaseViewController()) } }
            final class AppRouter: BaseRouter, StartRoute, PurchaseRoute {}
            final class StartViewController: UIViewController {
                let router: PurchaseRoute & Opening = AppRouter()
                let host: UIViewController? = nil
                func buy() { router.openPurchase(animated: false) }
                func other() { host?.openPurchase(animated: true) }
            }
            final class PurchaseViewController: UIViewController {}
            \(Self.launching("AppRouter", "openStart"))
            """])
        let counted = r.explanations.filter { $0.written.contains("openPurchase") }
        XCTAssertEqual(counted.map(\.written), ["router.openPurchase(…)"])
        XCTAssertEqual(counted.first?.unresolved.map(\.route), ["PurchaseRoute"])
        XCTAssertEqual(r.registry.unfollowed.map(\.routes), [["PurchaseRoute"]])
        XCTAssertTrue(r.diagnostics.contains { $0.message.contains("no declaration of 'openPurchase' the scanner sees takes the labels (animated:)") })
        // PurchaseViewController is only behind that call: held back, not an error.
        let graph = NavGraph(registry: r.registry)
        let errors = CheckRunner(options: CheckOptions(scenarios: [FlagScenario.defaults(of: r.registry)])).run(graph).filter { $0.severity == .error }
        XCTAssertEqual(errors.map { "\($0.ruleID) \($0.subject)" }, [])
    }

    /// An extension written in a module that declares a concrete type of that name extends that type,
    /// not a protocol of the same name from another module (Swift looks a name up in its own module
    /// first): an app's `final class AppContainer` beside its framework's `protocol AppContainer`.
    /// A public app gave 2 false routes (`AppContainer.setup`) and 3 false errors this way.
    func testAnExtensionOfTheModulesOwnTypeIsNotTheProtocolsDefault() throws {
        let files = [
            "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(name: "Shop", targets: [.target(name: "Core"), .executableTarget(name: "App", dependencies: ["Core"])])
                """,
            "Sources/Core/Core.swift": Self.routing + """

                protocol AppContainer { func setup() }
                protocol WelcomeRoute { func openWelcome() }
                extension WelcomeRoute where Self: Opening { func openWelcome() { open(WelcomeViewController()) } }
                final class WelcomeViewController: UIViewController {}
                final class Router: BaseRouter, WelcomeRoute {}
                """,
            "Sources/App/App.swift": """
                import UIKit
                import Core
                final class AppContainer: Core.AppContainer {
                    let router = Router()
                }
                extension AppContainer {
                    func setup() { router.open(SettingsViewController()) }
                }
                final class SettingsViewController: UIViewController {}
                \(Self.launching("Router", "openWelcome"))
                """,
        ]
        for (path, text) in files {
            try FileManager.default.createDirectory(atPath: dir + "/" + (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: dir + "/" + path, atomically: true, encoding: .utf8)
        }
        try? FileManager.default.removeItem(atPath: dir + "/App")
        let r = try SwiftSourceScanner(configuration: ScanConfiguration()).scan(paths: [dir])
        XCTAssertEqual(r.registry.routes.map(\.id), ["WelcomeRoute"])
        XCTAssertFalse(r.registry.features.contains { $0.name == "SettingsViewController" && !$0.navigates.isEmpty })
    }

    /// A screen made from a storyboard and cast (`instantiateViewController(withIdentifier:) as!
    /// LoginController`) inside a story the route's default builds: the cast names the screen. The
    /// routes' defaults extend a protocol the sources never declare (a router package's). A public app
    /// was "no routing found" this way.
    func testAStoryboardScreenCastInsideAStoryIsTheRoutesScreen() throws {
        let r = try scan(["Screens": """
            import UIKit
            import Router
            protocol LoginRoute { func showLogin() }
            extension LoginRoute where Self: RouterProtocol {
                func showLogin() { open(LoginStory().viewController, transition: Fade()) }
            }
            struct LoginStory {
                let viewController: UIViewController
                init() {
                    let storyboard = UIStoryboard(name: "Login", bundle: nil)
                    viewController = storyboard.instantiateViewController(withIdentifier: "login") as! LoginController
                }
            }
            final class LoginController: UIViewController {}
            final class LaunchRouter: Router<LaunchController>, LoginRoute {}
            final class LaunchController: UIViewController {
                let router = LaunchRouter()
                override func viewDidLoad() { router.showLogin() }
            }
            """])
        XCTAssertEqual(r.registry.routes.map(\.id), ["LoginRoute"])
        XCTAssertEqual(r.registry.handlers.flatMap { $0.routes.map(\.feature) }, ["LoginController"])
        XCTAssertEqual(edges(r), ["LaunchController -> LoginRoute"])
    }

    /// A protocol whose only requirement is `static var identifier: String`, adopted only by cells and
    /// headers (reused by identifier), is no RouterService route protocol: its adopters are no routes.
    /// A set-aside public app got 6 false `unused-route` warnings (one per cell) this way.
    func testAReusableViewIdentifierIsNoRoute() throws {
        let r = try scan(["Routing": Self.routing, "Screens": """
            import UIKit
            protocol ReusableView: AnyObject { static var identifier: String { get } }
            extension ReusableView where Self: UIView { static var identifier: String { String(describing: self) } }
            class BaseCell: UICollectionViewCell {}
            final class RecipeCell: BaseCell, ReusableView {}
            final class Footer: UICollectionReusableView, ReusableView {}
            protocol StartRoute { func openStart() }
            extension StartRoute where Self: Opening { func openStart() { open(StartViewController()) } }
            final class AppRouter: BaseRouter, StartRoute {}
            final class StartViewController: UIViewController {}
            \(Self.launching("AppRouter", "openStart"))
            """])
        XCTAssertFalse(r.summary.learned.contains { $0.contains("ReusableView") }, "\(r.summary.learned)")
        XCTAssertEqual(r.registry.routes.map(\.id), ["StartRoute"])
        XCTAssertEqual(findings(r), [])
    }

    /// The same with no manifest the scan can read (two real modules it cannot tell apart): a protocol
    /// and a class of one name stay two types, and the class's extension is not the protocol's default
    /// (the protocol's file is read first: before, the class was folded into the protocol).
    /// A public app whose Tuist targets come from a plugin gave 3 false errors this way.
    func testAProtocolAndAClassOfOneNameStayTwoTypesWithoutModules() throws {
        let r = try scan(["Routing": Self.routing, "Core": """
            import UIKit
            protocol AppContainer { func setup() }
            protocol WelcomeRoute { func openWelcome() }
            extension WelcomeRoute where Self: Opening { func openWelcome() { open(WelcomeViewController()) } }
            final class WelcomeViewController: UIViewController {}
            final class Router: BaseRouter, WelcomeRoute {}
            """, "Main": """
            import UIKit
            final class AppContainer {
                let router = Router()
            }
            extension AppContainer {
                func setup() { router.open(SettingsViewController()) }
            }
            final class SettingsViewController: UIViewController {}
            \(Self.launching("Router", "openWelcome"))
            """])
        XCTAssertEqual(r.registry.routes.map(\.id), ["WelcomeRoute"])
    }
}
