import Foundation
import NavGraphKit
import XCTest
@testable import NavGraphScan

/// Protocol-composed routes (`protocol LoginRoute { func openLogin() }` with a default
/// implementation, `typealias Routes = A & B`): the example app, each construct the extractor reads
/// with a case that resolves and one that stays a warning, a mixed RouterService app, hostile names.
final class ProtocolRoutesTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-protoroutes-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir + "/App", withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    /// Writes each source as `App/<name>.swift` and scans the folder.
    func scan(_ sources: [String: String], styles: [RoutingStyle] = []) throws -> ScanResult {
        for (name, text) in sources { try text.write(toFile: dir + "/App/\(name).swift", atomically: true, encoding: .utf8) }
        var config = ScanConfiguration()
        config.styles = styles
        return try SwiftSourceScanner(configuration: config).scan(paths: [dir])
    }

    func kinds(_ r: ScanResult) -> [String] {
        r.diagnostics.map { d in d.message.split(separator: "[").last.map { String($0.dropLast()) } ?? "" }.sorted()
    }

    func edges(_ r: ScanResult) -> [String] {
        r.registry.features.flatMap { f in f.navigates.map { "\(f.name) -> \($0.route)" + ($0.style.map { " (\($0))" } ?? "") } }.sorted()
    }

    /// Shared by the small cases: a router base, transitions, and one route building a screen.
    static let routing = """
        import UIKit
        protocol Router: AnyObject { func route(to vc: UIViewController, as transition: Transition) }
        protocol Transition {}
        final class PushTransition: Transition {}
        final class ModalTransition: Transition {}
        class DefaultRouter: Router { func route(to vc: UIViewController, as transition: Transition) {} }
        protocol LoginRoute { func openLogin() }
        extension LoginRoute where Self: Router {
            func openLogin() {
                route(to: LoginViewController(router: DefaultRouter()), as: ModalTransition())
            }
        }
        extension DefaultRouter: LoginRoute {}
        final class LoginViewController: UIViewController {
            init(router: DefaultRouter) { super.init(nibName: nil, bundle: nil) }
        }
        """

    // MARK: The example app

    func testExampleApp() throws {
        let (findings, warnings, result) = try checkExample("ProtocolRoutesApp")
        XCTAssertEqual(findings, [
            "invalid-deeplink Shop/Application/DeepLinkRouter.swift:38",
            "unhandled-route Shop/Scenes/Product/ProductViewModel.swift:24",
            "unreachable-feature Shop/Scenes/Review/ReviewViewController.swift:3",
        ])
        XCTAssertEqual(warnings, ["unused-capability Shop/Scenes/Cart/CartViewModel.swift:3"])
        XCTAssertEqual(result.summary.styles, [.protocolRoutes])
        XCTAssertEqual(result.registry.entries.map(\.name), ["CartRoute", "LoginRoute", "MainTabBarController", "ProductRoute"])
        XCTAssertEqual(result.registry.deeplinks.map { "\($0.url ?? "") -> \($0.route ?? "nothing") \($0.origin.registry!.line)" }, [
            "DeepLink.product -> ProductRoute 32", "DeepLink.cart -> CartRoute 34", "DeepLink.login -> LoginRoute 36", "DeepLink.orders -> nothing 38",
        ])
        XCTAssertEqual(edges(result), [
            "CartViewController -> CheckoutRoute (push)",
            "CatalogViewController -> CartRoute (modal)",
            "CatalogViewController -> ProductRoute (push)",
            "CheckoutViewController -> LoginRoute (modal)",
            "MainTabBarController -> CartTabRoute",
            "MainTabBarController -> CatalogTabRoute",
            "ProductViewController -> CartRoute (modal)",
            "ProductViewController -> LoginRoute (modal)",
            "ProductViewController -> ReviewRoute (modal)",
        ])
        // Closable is a capability, not a screen: no route, no handler.
        XCTAssertFalse(result.registry.routes.contains { $0.id == "Closable" })
        // Each explained call resolved.
        XCTAssertEqual(result.summary.navigateCalls, result.summary.navigateResolved)
    }

    func testAutoPicksProtocolRoutesAndNamingItReadsTheSame() throws {
        let auto = try SwiftSourceScanner().scan(paths: [ExampleAppsTests.examples + "/ProtocolRoutesApp"])
        var config = ScanConfiguration()
        config.styles = [.protocolRoutes]
        let named = try SwiftSourceScanner(configuration: config).scan(paths: [ExampleAppsTests.examples + "/ProtocolRoutesApp"])
        XCTAssertEqual(auto.summary.styles, [.protocolRoutes])
        XCTAssertEqual(RegistryWriter.yaml(auto.registry), RegistryWriter.yaml(named.registry))
        // Naming only RouterService reads nothing here.
        config.styles = [.routerService]
        XCTAssertThrowsError(try SwiftSourceScanner(configuration: config).scan(paths: [ExampleAppsTests.examples + "/ProtocolRoutesApp"]))
    }

    // MARK: Constructs, each resolving and staying a warning

    /// A view model's call is attributed to the screen whose route builds the view model; the same
    /// call in a type no screen's build reaches is a warning, never an edge.
    func testCallAttribution() throws {
        let r = try scan(["Routing": Self.routing, "Home": """
            import UIKit
            protocol HomeRoute { func openHome() }
            extension HomeRoute where Self: Router {
                func openHome() {
                    let router = DefaultRouter()
                    route(to: HomeViewController(viewModel: HomeViewModel(router: router)), as: PushTransition())
                }
            }
            extension DefaultRouter: HomeRoute {}
            final class HomeViewModel {
                typealias Routes = LoginRoute
                let router: Routes
                init(router: Routes) { self.router = router }
                func signIn() { router.openLogin() }
            }
            final class HomeViewController: UIViewController {
                init(viewModel: HomeViewModel) { super.init(nibName: nil, bundle: nil) }
            }
            final class Orphan {
                let router: LoginRoute
                init(router: LoginRoute) { self.router = router }
                func go() { router.openLogin() }
            }
            """])
        XCTAssertEqual(edges(r), ["HomeViewController -> LoginRoute (modal)"])
        XCTAssertEqual(kinds(r), ["navigate-unattributed"])
        XCTAssertEqual(r.diagnostics.first?.location?.line, 22)
        XCTAssertEqual(r.summary.navigateCalls, 2)
        XCTAssertEqual(r.summary.navigateResolved, 1)
    }

    /// A factory that builds a screen and wires its closures (`viewModel.onPaid = { router.openReceipt() }`,
    /// `screen.onHelp = { … }`) stores code on the screen and on what the screen is given: the calls
    /// inside run as those objects' code, so they are the screen's edges. A closure stored on an
    /// object no screen holds stays unattributed, and so does one whose object cannot be followed.
    func testClosuresAFactoryStoresOnTheScreenAreTheScreens() throws {
        let r = try scan(["Routing": Self.routing, "Checkout": """
            import UIKit
            protocol ReceiptRoute { func openReceipt() }
            extension ReceiptRoute where Self: Router {
                func openReceipt() { route(to: ReceiptViewController(), as: PushTransition()) }
            }
            extension DefaultRouter: ReceiptRoute {}
            final class ReceiptViewController: UIViewController {}
            final class CheckoutViewModel { var onPaid: (() -> Void)? }
            final class CheckoutViewController: UIViewController {
                var onHelp: (() -> Void)?
                init(model: CheckoutViewModel) { super.init(nibName: nil, bundle: nil) }
            }
            final class Ledger { var onClose: (() -> Void)? }
            enum CheckoutComposer {
                static func make(ledger: Ledger, other: AnyObject) -> CheckoutViewController {
                    let router = DefaultRouter()
                    let model = CheckoutViewModel()
                    let screen = CheckoutViewController(model: model)
                    model.onPaid = { router.openReceipt() }
                    screen.onHelp = { [weak router] in router?.openLogin() }
                    ledger.onClose = { router.openLogin() }
                    (other as AnyObject).onClose = { router.openReceipt() }
                    return screen
                }
            }
            """])
        XCTAssertEqual(edges(r), ["CheckoutViewController -> LoginRoute (modal)", "CheckoutViewController -> ReceiptRoute (push)"])
        XCTAssertEqual(kinds(r), ["navigate-unattributed", "navigate-unattributed"])
        XCTAssertEqual(r.diagnostics.map { $0.location?.line ?? 0 }.sorted(), [21, 22])
    }

    /// A call that omits an argument the extension's implementation gives a default (`openPaywall()`
    /// for `openPaywall(reason:)`, `reason: String = "menu"` in the extension) opens the route as in
    /// Swift; a call whose labels neither the requirement nor its implementation accepts does not.
    func testCallOmittingAnArgumentWithADefaultInTheExtension() throws {
        let r = try scan(["Routing": Self.routing, "Paywall": """
            import UIKit
            protocol PaywallRoute { func openPaywall(reason: String) }
            extension PaywallRoute where Self: Router {
                func openPaywall(reason: String = "menu") {
                    route(to: PaywallViewController(reason: reason), as: ModalTransition())
                }
            }
            extension DefaultRouter: PaywallRoute {}
            final class PaywallViewController: UIViewController {
                init(reason: String) { super.init(nibName: nil, bundle: nil) }
            }
            protocol HomeRoute { func openHome() }
            extension HomeRoute where Self: Router {
                func openHome() { route(to: HomeViewController(router: DefaultRouter()), as: PushTransition()) }
            }
            extension DefaultRouter: HomeRoute {}
            final class HomeViewController: UIViewController {
                typealias Routes = PaywallRoute & LoginRoute
                let router: Routes
                init(router: Routes) { self.router = router; super.init(nibName: nil, bundle: nil) }
                func upgrade() { router.openPaywall() }
                func signIn() { router.openLogin(animated: true) }
            }
            """])
        XCTAssertEqual(edges(r), ["HomeViewController -> PaywallRoute (modal)"])
    }

    /// The screen a route builds through a module type (`XModule(transition:)` → its view controller);
    /// a default implementation that builds no screen of the sources (an alert) is not a route.
    func testScreenBuiltThroughAModule() throws {
        let r = try scan(["Routing": Self.routing, "Settings": """
            import UIKit
            protocol SettingsRoute { func openSettings() }
            extension SettingsRoute where Self: Router {
                func openSettings() {
                    let module = SettingsModule(transition: PushTransition())
                    route(to: module.viewController, as: PushTransition())
                }
            }
            final class SettingsModule {
                let viewController: UIViewController
                init(transition: Transition) { viewController = SettingsViewController() }
            }
            final class SettingsViewController: UIViewController {}
            protocol AlertRoute { func showAlert(_ text: String) }
            extension AlertRoute where Self: Router {
                func showAlert(_ text: String) { route(to: UIAlertController(title: text, message: nil, preferredStyle: .alert), as: ModalTransition()) }
            }
            extension DefaultRouter: SettingsRoute, AlertRoute {}
            """])
        XCTAssertEqual(r.registry.routes.map(\.id), ["LoginRoute", "SettingsRoute"])
        XCTAssertEqual(r.registry.handlers.flatMap { $0.routes.map { "\($0.route) -> \($0.feature)" } }, [
            "LoginRoute -> LoginViewController", "SettingsRoute -> SettingsViewController",
        ])
    }

    /// Routes adopted through a protocol that inherits them, and a builder route opened by the
    /// composition root's coordinator (an entry; its screen is reachable); a route no router adopts has
    /// no handler.
    func testInheritedAdoptionAndCoordinatorEntry() throws {
        let r = try scan(["Routing": Self.routing, "Coordinator": """
            import UIKit
            protocol TabsRoute { func makeTabs() -> UITabBarController }
            extension TabsRoute {
                func makeTabs() -> UITabBarController { TabsController() }
            }
            final class TabsController: UITabBarController {}
            protocol CoordinatorRoutes: LoginRoute, TabsRoute {}
            final class AppCoordinator: DefaultRouter, CoordinatorRoutes {
                func start(window: UIWindow, signedIn: Bool) {
                    window.rootViewController = signedIn ? makeTabs() : nil
                }
            }
            protocol HelpRoute { func openHelp() }
            extension HelpRoute where Self: Router {
                func openHelp() { route(to: HelpViewController(), as: PushTransition()) }
            }
            final class HelpViewController: UIViewController {}
            final class AppDelegate: UIResponder, UIApplicationDelegate {
                let coordinator = AppCoordinator()
            }
            """])
        XCTAssertEqual(r.registry.handlers.map(\.name), ["extension LoginRoute", "extension TabsRoute"])
        XCTAssertEqual(r.registry.entries.map(\.name), ["TabsRoute"])
        let graph = NavGraph(registry: r.registry)
        let findings = CheckRunner(options: CheckOptions(scenarios: [FlagScenario.defaults(of: r.registry)])).run(graph)
        // HelpRoute has no handler: nothing can open it, and its screen is unreachable.
        XCTAssertEqual(findings.map { "\($0.ruleID) \($0.subject)" }.sorted(), [
            "unreachable-feature HelpViewController", "unreachable-feature LoginViewController",
            "unused-route HelpRoute", "unused-route LoginRoute",
        ])
    }

    /// The app delegate's coordinator opens the first screen (an entry); a screen's view model that
    /// calls the coordinator's method (`AppCoordinator.shared.restart()`) opens what that method opens,
    /// through the coordinator's own methods; the method called on a stored instance the scanner does
    /// not type (`coordinator.restart()`) gives no edge.
    func testCoordinatorMethodCalledFromAScreen() throws {
        let r = try scan(["Routing": Self.routing, "Coordinator": """
            import UIKit
            final class AppDelegate: UIResponder, UIApplicationDelegate {
                func start() { AppCoordinator.shared.restart() }
            }
            final class AppCoordinator: DefaultRouter {
                static let shared = AppCoordinator()
                func restart() { showFirst() }
                private func showFirst() { openLogin() }
            }
            final class SettingsViewModel {
                func signOut() { AppCoordinator.shared.restart() }
            }
            final class SettingsViewController: UIViewController {
                let viewModel = SettingsViewModel()
            }
            final class AboutViewModel {
                let coordinator: AppCoordinator
                init(coordinator: AppCoordinator) { self.coordinator = coordinator }
                func signOut() { coordinator.restart() }
            }
            final class AboutViewController: UIViewController {
                var viewModel: AboutViewModel?
            }
            protocol SettingsRoute { func openSettings() }
            extension SettingsRoute where Self: Router {
                func openSettings() { route(to: SettingsViewController(), as: PushTransition()) }
            }
            protocol AboutRoute { func openAbout() }
            extension AboutRoute where Self: Router {
                func openAbout() { route(to: AboutViewController(), as: PushTransition()) }
            }
            extension DefaultRouter: SettingsRoute, AboutRoute {}
            """])
        XCTAssertEqual(edges(r), ["SettingsViewController -> LoginRoute"])
        XCTAssertEqual(r.registry.entries.map(\.name), ["LoginRoute"])
    }

    /// `typealias Routes` through a composed alias: a listed route the screen never opens is a warning.
    /// A deep-link router switching over `url.host` (or path components): each case is a link to the
    /// routes its branch opens and an entry; a branch that opens nothing is a link without a route,
    /// which `invalid-deeplink` reports at the case. A switch over a URL that opens nothing (a parser)
    /// is no router, and a switch over anything else is not read.
    func testDeepLinkRouterOverURL() throws {
        let r = try scan(["Routing": Self.routing, "Links": """
            import Foundation
            enum Hosts { static let promo = "promo" }
            final class Links {
                let router = DefaultRouter()
                func handle(_ url: URL) -> Bool {
                    switch url.host {
                    case "login", "signin":
                        router.openLogin()
                        return true
                    case Hosts.promo:
                        return false
                    default:
                        return false
                    }
                }
                func components(_ url: URL) {
                    switch url.pathComponents {
                    case ["account", "login"]: router.openLogin()
                    default: break
                    }
                }
                func parse(_ url: URL) -> String? {
                    switch url.host { case "a": return "a"; default: return nil }
                }
                func other(_ n: Int) {
                    switch n { case 1: router.openLogin(); default: break }
                }
            }
            """])
        XCTAssertEqual(r.registry.deeplinks.map { "\($0.url ?? "") -> \($0.route ?? "nothing") \($0.origin.registry!.line)" }, [
            "login -> LoginRoute 7", "signin -> LoginRoute 7", "promo -> nothing 10", "account/login -> LoginRoute 18",
        ])
        XCTAssertEqual(r.registry.entries.map(\.name), ["LoginRoute"])
        let findings = CheckRunner(options: CheckOptions(scenarios: [FlagScenario.defaults(of: r.registry)])).run(NavGraph(registry: r.registry))
        XCTAssertEqual(findings.filter { $0.ruleID == "invalid-deeplink" }.map { "\($0.message) \($0.location!.line)" },
                       ["deep link promo opens no route: the app's deep-link handler drops it 10"])
        // The deep-link calls are explained as such; the `switch n` call is an ordinary, unattributed one.
        XCTAssertEqual(kinds(r), ["navigate-unattributed"])
        XCTAssertEqual(r.diagnostics.first?.location?.line, 26)
    }

    /// A switch over a number is no deep-link router, though its subject's name says `path`: a
    /// collection view's `switch indexPath.section` (an `IndexPath` parameter), a `pathIndex: Int`,
    /// or integer patterns. Its calls are the screen's own navigation (an edge), not links and entries.
    func testSwitchOverAnIndexPathIsNoDeepLinkRouter() throws {
        let r = try scan(["Routing": Self.routing, "Grid": """
            import UIKit
            final class GridViewController: UIViewController {
                let router = DefaultRouter()
                func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
                    switch indexPath.section {
                    case 1: router.openLogin()
                    default: break
                    }
                }
                func pick(pathIndex: Int) {
                    switch pathIndex { case 0: router.openLogin(); default: break }
                }
                func pick(_ urlPart: String) {
                    switch urlPart.count { case 2: router.openLogin(); default: break }
                }
            }
            """])
        XCTAssertEqual(r.registry.deeplinks.map { $0.url ?? "" }, [])
        XCTAssertEqual(r.registry.entries.map(\.name), [])
        XCTAssertEqual(r.registry.features.filter { $0.name == "GridViewController" }.flatMap { $0.navigates.map(\.route) }, ["LoginRoute"])
    }

    /// A binding declared of a framework type the app only extends (`extension UIViewController`)
    /// says nothing of what it holds: the router's `open(_ vc: UIViewController, …)` does not become
    /// "any view controller of the sources", and its push stays the route's (no presentation left
    /// unfollowed, no screen suspected of being shown from it).
    func testAFrameworkTypeTheAppExtendsIsNoDeclaredType() throws {
        let r = try scan(["Routing": """
            import UIKit
            extension UIViewController { func hideKeyboard() {} }
            protocol RouterProtocol: AnyObject { func open(_ vc: UIViewController, transition: Transition) }
            protocol Transition: AnyObject { var source: UIViewController? { get set }; func open(_ vc: UIViewController) }
            final class PushTransition: Transition {
                weak var source: UIViewController?
                func open(_ vc: UIViewController) { source?.navigationController?.pushViewController(vc, animated: true) }
            }
            class Router<V: UIViewController>: RouterProtocol {
                weak var screen: V?
                func open(_ vc: UIViewController, transition: Transition) { transition.source = screen; transition.open(vc) }
            }
            final class DetailModule {
                let viewController: DetailViewController
                init() { viewController = DetailViewController.make() }
            }
            protocol DetailRoute { func openDetail() }
            extension DetailRoute where Self: RouterProtocol {
                func openDetail() { open(DetailModule().viewController, transition: PushTransition()) }
            }
            final class HomeRouter: Router<HomeViewController>, DetailRoute {}
            final class HomeViewController: UIViewController {
                let router = HomeRouter()
                func tap() { router.openDetail() }
            }
            final class DetailViewController: UIViewController { static func make() -> DetailViewController { fatalError() } }
            """])
        XCTAssertEqual(edges(r), ["HomeViewController -> DetailRoute (push)"])
        XCTAssertEqual(r.registry.unfollowed.filter { $0.kind == .present }.map(\.call), [])
    }

    func testUnusedCapability() throws {
        let r = try scan(["Routing": Self.routing, "Home": """
            import UIKit
            protocol HomeRoute { func openHome() }
            extension HomeRoute where Self: Router {
                func openHome() { route(to: HomeViewController(), as: PushTransition()) }
            }
            extension DefaultRouter: HomeRoute {}
            typealias AccountRoutes = LoginRoute & HomeRoute
            final class HomeViewController: UIViewController {
                typealias Routes = AccountRoutes
                var router: Routes!
                func signIn() { router.openLogin() }
            }
            """])
        XCTAssertEqual(kinds(r), ["unused-capability"])
        XCTAssertEqual(r.diagnostics.first?.location?.line, 9)
        XCTAssertTrue(r.diagnostics.first?.message.contains("'HomeRoute'") == true)
    }

    // MARK: Mixed styles, hostile names

    /// A RouterService feature set and a protocol-routes flow in one source tree: `--style auto`
    /// reads both into one graph.
    func testMixedWithRouterService() throws {
        let r = try scan(["Routing": Self.routing, "Legacy": """
            import UIKit
            struct ProfileRoute: Route { static let identifier = "profile" }
            struct ProfileFeature: Feature {
                func build(fromRoute route: Route?) -> UIViewController { UIViewController() }
            }
            final class ProfileHandler: RouteHandler {
                var routes: [Route.Type] { [ProfileRoute.self] }
                func destination(forRoute route: Route, fromViewController viewController: UIViewController) -> Feature.Type {
                    ProfileFeature.self
                }
            }
            """, "AppDelegate": """
            import UIKit
            final class AppDelegate: UIResponder, UIApplicationDelegate {
                let routerService = RouterService()
                let router = DefaultRouter()
                func start() {
                    routerService.register(routeHandler: ProfileHandler())
                    _ = routerService.navigationController(withInitialFeature: ProfileFeature.self)
                    router.openLogin()
                }
            }
            """])
        XCTAssertEqual(r.summary.styles, [.routerService, .protocolRoutes])
        XCTAssertEqual(r.registry.features.map(\.name).sorted(), ["LoginViewController", "ProfileFeature"])
        XCTAssertEqual(r.registry.routes.map(\.id).sorted(), ["LoginRoute", "profile"])
        XCTAssertEqual(r.registry.entries.map(\.name).sorted(), ["LoginRoute", "ProfileFeature"])
        let graph = NavGraph(registry: r.registry)
        let findings = CheckRunner(options: CheckOptions(scenarios: [FlagScenario.defaults(of: r.registry)])).run(graph)
        XCTAssertEqual(findings.map(\.ruleID).sorted(), ["unused-route"], "\(findings.map(\.message))")
    }

    /// Unicode names and a folder whose name holds quotes and markup stay data: the YAML reads back
    /// to the same registry.
    /// A protocol that refines SwiftUI's `View` (a presenter base whose extension gives `body`) is a kind
    /// of screen, not a route: a SwiftUI app built that way has no protocol routes (it used to show each
    /// presenter as an unreachable screen behind a route named after the protocol).
    func testAProtocolRefiningViewIsNotARoute() throws {
        XCTAssertThrowsError(try scan(["Presenters": """
            import SwiftUI
            protocol Presenter: View {
                associatedtype Content: View
                var content: () -> Content { get }
            }
            extension Presenter {
                var body: some View { Wrapper(content: content) }
            }
            struct Wrapper<C: View>: View {
                let content: () -> C
                var body: some View { content() }
            }
            struct ListPresenter: Presenter {
                var content: () -> Text { { Text("list") } }
            }
            struct DetailPresenter: Presenter {
                var content: () -> Text { { Text("detail") } }
            }
            """], styles: [])) { error in
            XCTAssertTrue("\(error)".contains("no routing found"), "\(error)")
        }
    }

    func testHostileNamesStayData() throws {
        let odd = dir + "/App/we\"ird <b>&"
        try FileManager.default.createDirectory(atPath: odd, withIntermediateDirectories: true)
        try """
            import UIKit
            protocol Router: AnyObject { func route(to vc: UIViewController) }
            class Rüter: Router { func route(to vc: UIViewController) {} }
            protocol ÉcranRoute { func openÉcran() }
            extension ÉcranRoute where Self: Router {
                func openÉcran() { route(to: Écran_ViewController()) }
            }
            extension Rüter: ÉcranRoute {}
            final class Écran_ViewController: UIViewController {}
            """.write(toFile: odd + "/Écran.swift", atomically: true, encoding: .utf8)
        let r = try scan([:])
        XCTAssertEqual(r.registry.routes.map(\.id), ["ÉcranRoute"])
        XCTAssertEqual(r.registry.features.map(\.name), ["Écran_ViewController"])
        let yaml = RegistryWriter.yaml(r.registry)
        let back = try RegistryLoader().load(text: yaml, file: "registry.yml")
        XCTAssertEqual(RegistryWriter.yaml(back), yaml)
        XCTAssertEqual(back.features.first?.origin.source?.file, r.registry.features.first?.origin.source?.file)
    }
}
