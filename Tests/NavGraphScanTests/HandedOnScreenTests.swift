import Foundation
import NavGraphKit
import XCTest
@testable import NavGraphScan

/// Screens handed on where the scan used to lose them (issue 29, items 1 and 3; shapes met in public
/// apps of session 28, written anew for these tests): a route's default implementation that takes its
/// screen from a shared factory's method (a storyboard controller cast `as?`, kept in a property that
/// another method clears with `nil`); a route enum whose case carries the screen as its associated
/// value; a router whose `switch` runs in a closure and returns the screen inside a navigation
/// controller; and a navigation call in a plain controller object that only a closure stored on a
/// screen's actions runs.
final class HandedOnScreenTests: ScanSourcesTestCase {
    func mappings(_ r: ScanResult) -> [String] {
        r.registry.handlers.flatMap { h in h.routes.map { "\($0.route) -> \($0.feature)" } }.sorted()
    }

    /// `Screens.shared.makeThread(id:)` returns a storyboard controller cast `as? ThreadController`:
    /// the route's default implementation builds that screen, though it constructs none itself. The
    /// app's one router (`static let shared`) lists every route in its `Routes` alias: not one
    /// screen's capabilities, so no `unused-capability`. The factory the routes use is the router's
    /// machinery: the root calling into the session that uses it builds no screen (only the route
    /// the root opens is an entry). Before: no route at all ("no routing found").
    func testARouteTakesItsScreenFromASharedFactory() throws {
        let r = try scan(["App": Self.sharedFactory])
        XCTAssertEqual(r.summary.styles, [.protocolRoutes])
        XCTAssertEqual(mappings(r), ["InboxRoute -> InboxController", "ThreadRoute -> ThreadController", "WelcomeRoute -> WelcomeController"])
        XCTAssertEqual(edges(r), ["InboxController -> ThreadRoute", "WelcomeController -> InboxRoute"])
        XCTAssertEqual(r.registry.entries.map(\.name), ["WelcomeRoute"])
        XCTAssertEqual(r.diagnostics.filter { $0.message.contains("unused-capability") }.map(\.message), [])
        XCTAssertEqual(findings(r), [])
    }

    /// `case item(ItemView)` bound by `case .item(let itemView)` and pushed inside a hosting controller:
    /// the case shows the view its associated value holds.
    func testACaseShowsTheScreenItsAssociatedValueHolds() throws {
        let r = try scan(["App": Self.associatedScreens])
        XCTAssertEqual(r.summary.styles, [.routeEnum])
        XCTAssertEqual(mappings(r), ["Place.catalog -> CatalogView", "Place.item -> ItemView"])
        XCTAssertEqual(edges(r), ["CatalogView -> Place.item"])
        XCTAssertEqual(r.registry.entries.map(\.name), ["Place.catalog"])
        XCTAssertEqual(findings(r), [])
    }

    /// `go { _ in switch r { case .feed: return UINavigationController(rootViewController: FeedModule().build()) } }`:
    /// the case's value is what the module's `build()` makes, inside the container. The value the
    /// router's `go` shows (`next(current)`, the closure's return) stays unfollowed and is said so.
    func testACaseReturnsItsScreenInsideANavigationController() throws {
        let r = try scan(["App": Self.closureRouter])
        XCTAssertEqual(r.summary.styles, [.routeEnum])
        XCTAssertEqual(mappings(r), ["FeedRoutes.article -> ArticleViewController", "LaunchRoutes.feed -> FeedViewController"])
        XCTAssertEqual(edges(r), ["FeedViewController -> FeedRoutes.article"])
        XCTAssertEqual(r.registry.entries.map(\.name), ["LaunchRoutes.feed"])
        XCTAssertEqual(r.summary.navigateUnresolved, 0)
        XCTAssertEqual(findings(r), [])
    }

    /// `ShelfController.selected(_:)` calls the router; the controller is no screen, but the closure
    /// that calls `selected` is stored on the list view's actions (`view.actions.onSelect = { … }`):
    /// the call is the list view's navigation. The root shows that view (an entry), so the detail is
    /// reached. Before: "could not be attributed", the list view no screen of the registry.
    func testACallInAMethodAClosureOnAScreenRunsIsThatScreens() throws {
        let r = try scan(["App": Self.controllerObject])
        XCTAssertEqual(mappings(r), ["Screen.detail -> ShelfDetailView"])
        XCTAssertEqual(edges(r), ["ShelfListView -> Screen.detail"])
        XCTAssertEqual(r.registry.entries.map(\.name), ["ShelfListView"])
        XCTAssertEqual(r.summary.navigateUnresolved, 0)
        XCTAssertEqual(findings(r), [])
    }

    /// A static router method (`Router.navigate(to:from:)`) over an enum named `Route`, called from the
    /// screen's own `navigate(to:)` that its presenter calls: a route enum. The presenter's calls are
    /// where the cases are decided, so RouterService's reading of them (`navigate(to: .feed(…))`, "not a
    /// route type") is no second, unresolved call, also where the case shows no screen (the
    /// presenter's `.close`): two calls are counted, the wrapper's (partly: `.close` opens nothing)
    /// and the sign-up screen's `.close`.
    func testAStaticRouterMethodOverAnEnumNamedRoute() throws {
        let r = try scan(["App": Self.staticRouter])
        XCTAssertEqual(r.summary.styles, [.routeEnum])
        XCTAssertEqual(mappings(r), ["Route.feed -> FeedTableViewController", "Route.signUp -> SignUpViewController"])
        XCTAssertEqual(edges(r), ["LoginViewController -> Route.feed", "LoginViewController -> Route.signUp"])
        XCTAssertEqual(r.registry.entries.map(\.name), ["LoginViewController"])
        XCTAssertEqual([r.summary.navigateCalls, r.summary.navigateResolved, r.summary.navigatePartly], [2, 0, 1])
        XCTAssertEqual(findings(r), [])
    }

    static let staticRouter = """
            import UIKit

            public enum Route: Equatable {
                case signUp
                case feed(name: String)
                case close
            }

            public struct Router {
                static func navigate(to route: Route, from vc: UIViewController) {
                    switch route {
                    case .signUp:
                        let s = SignUpViewController()
                        vc.present(s, animated: true, completion: nil)
                    case .feed(let name):
                        let feed = FeedTableViewController()
                        feed.name = name
                        let nav = UINavigationController(rootViewController: feed)
                        nav.modalPresentationStyle = .fullScreen
                        vc.present(nav, animated: true, completion: nil)
                    case .close:
                        vc.dismiss(animated: true, completion: nil)
                    }
                }
            }

            protocol LoginView: AnyObject { func navigate(to route: Route) }

            final class LoginPresenter {
                weak var ui: LoginView?
                func signedIn(_ name: String) { ui?.navigate(to: .feed(name: name)) }
                func signUp() { ui?.navigate(to: .signUp) }
                func cancel() { ui?.navigate(to: .close) }
            }

            final class LoginViewController: UIViewController, LoginView {
                let presenter = LoginPresenter()
                func navigate(to route: Route) { Router.navigate(to: route, from: self) }
            }

            final class SignUpViewController: UIViewController {
                func done() { Router.navigate(to: .close, from: self) }
            }

            final class FeedTableViewController: UITableViewController {
                var name = ""
            }

            final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                var window: UIWindow?
                func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                    let first = LoginViewController()
                    first.presenter.ui = first
                    window?.rootViewController = first
                }
            }
            """

    /// `let vc = ProfileViewController()` in one case and `let vc = SettingsViewController()` in the
    /// next are two locals (Swift's scopes): each case shows its own screen. A `let vc` in a block
    /// inside the case shadows the case's only there. Before, every case showed every `vc` (three
    /// screens each), and the registry the scan wrote repeated a route in its handler, which `check`
    /// then refused to read.
    func testEachCaseSeesItsOwnLocal() throws {
        let r = try scan(["App": Self.caseLocals])
        XCTAssertEqual(mappings(r), [
            "Destination.help -> HelpViewController", "Destination.profile -> ProfileViewController",
            "Destination.settings -> SettingsViewController",
        ])
        XCTAssertEqual(edges(r), ["HomeViewController -> Destination.profile", "HomeViewController -> Destination.settings", "ProfileViewController -> Destination.help"])
        XCTAssertNoThrow(try RegistryLoader().load(text: RegistryWriter.yaml(r.registry), file: "registry.yml"))
        XCTAssertEqual(findings(r), [])
    }

    /// A case that shows either of two screens (`Bool.random() ? Help… : Settings…`) maps its route to
    /// both, written as one key with a list, and is one handler's (no `duplicate-handler`).
    func testACaseShowingEitherOfTwoScreensIsOneHandlersList() throws {
        let r = try scan(["App": Self.caseLocals.replacingOccurrences(of: "nav?.present(vc, animated: true)", with: "nav?.present(Bool.random() ? vc : SettingsViewController(), animated: true)")])
        XCTAssertEqual(mappings(r).filter { $0.hasPrefix("Destination.help") }, ["Destination.help -> HelpViewController", "Destination.help -> SettingsViewController"])
        let yaml = RegistryWriter.yaml(r.registry)
        XCTAssertTrue(yaml.contains("Destination.help: [HelpViewController, SettingsViewController]"), yaml)
        let back = try RegistryLoader().load(text: yaml, file: "registry.yml")
        XCTAssertEqual(back.handlers.flatMap(\.routes).count, 4)
        XCTAssertEqual(findings(r), [])
    }

    static let caseLocals = """
            import UIKit

            enum Destination { case profile, settings, help }

            final class AppRouter {
                weak var nav: UINavigationController?
                func route(to destination: Destination) {
                    switch destination {
                    case .profile:
                        let vc = ProfileViewController()
                        nav?.pushViewController(vc, animated: true)
                    case .settings:
                        let vc = SettingsViewController()
                        nav?.pushViewController(vc, animated: true)
                    case .help:
                        let vc = HelpViewController()
                        if nav == nil {
                            let vc = ProfileViewController()
                            vc.title = "unused"
                        }
                        nav?.present(vc, animated: true)
                    }
                }
            }

            final class HomeViewController: UIViewController {
                var router: AppRouter?
                func showProfile() { router?.route(to: .profile) }
                func showSettings() { router?.route(to: .settings) }
            }
            final class ProfileViewController: UIViewController {
                var router: AppRouter?
                func help() { router?.route(to: .help) }
            }
            final class SettingsViewController: UIViewController {}
            final class HelpViewController: UIViewController {}

            final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                var window: UIWindow?
                func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                    let home = HomeViewController()
                    window?.rootViewController = UINavigationController(rootViewController: home)
                }
            }
            """

    static let sharedFactory = """
            import UIKit

            protocol Dismissable: AnyObject { func dismissScreen() }

            protocol NavigatorProtocol: AnyObject {
                associatedtype Host: UIViewController
                var host: Host? { get }
                func show(_ controller: UIViewController, transition: Transition)
            }

            class Navigator<H>: NavigatorProtocol, Dismissable where H: UIViewController {
                typealias Host = H
                weak var host: H?
                func show(_ controller: UIViewController, transition: Transition) {
                    transition.source = host
                    transition.perform(controller)
                }
                func dismissScreen() { host?.dismiss(animated: true) }
            }

            class Transition {
                weak var source: UIViewController?
                func perform(_ controller: UIViewController) {}
            }
            final class SlideTransition: Transition {
                override func perform(_ controller: UIViewController) { source?.navigationController?.pushViewController(controller, animated: true) }
            }

            final class Screens {
                static let shared = Screens()
                private(set) var welcome: WelcomeController?

                func reset() { welcome = nil }

                func makeWelcome() -> UIViewController? {
                    welcome = UIStoryboard(name: "Welcome", bundle: nil).instantiateViewController(withIdentifier: "welcome") as? WelcomeController
                    return welcome
                }

                func makeInbox() -> UIViewController {
                    let inbox = UIStoryboard(name: "Inbox", bundle: nil).instantiateViewController(withIdentifier: "inbox") as? InboxController
                    return UINavigationController(rootViewController: inbox ?? UIViewController())
                }

                func makeThread(id: String) -> UIViewController {
                    let thread = UIStoryboard(name: "Inbox", bundle: nil).instantiateViewController(withIdentifier: "thread") as? ThreadController
                    thread?.threadID = id
                    return thread ?? UIViewController()
                }
            }

            protocol WelcomeRoute { func openWelcome() }
            extension WelcomeRoute where Self: NavigatorProtocol {
                func openWelcome() {
                    if let vc = Screens.shared.makeWelcome() {
                        MainNavigator.shared.window?.rootViewController = vc
                    }
                }
            }

            protocol InboxRoute { func openInbox() }
            extension InboxRoute where Self: NavigatorProtocol {
                func openInbox() {
                    MainNavigator.shared.window?.rootViewController = Screens.shared.makeInbox()
                }
            }

            protocol ThreadRoute { func openThread(id: String) }
            extension ThreadRoute where Self: NavigatorProtocol {
                func openThread(id: String) {
                    let vc = Screens.shared.makeThread(id: id)
                    show(vc, transition: SlideTransition())
                }
            }

            final class MainNavigator: Navigator<UIViewController>, MainNavigator.Routes {
                static let shared = MainNavigator()
                var window: UIWindow?
                typealias Routes = WelcomeRoute & InboxRoute & ThreadRoute
            }

            final class Session {
                static let shared = Session()
                func begin() {
                    Screens.shared.reset()
                    MainNavigator.shared.openWelcome()
                }
                func signedIn() {
                    MainNavigator.shared.host = nil
                    MainNavigator.shared.openInbox()
                }
            }

            @main
            final class AppDelegate: UIResponder, UIApplicationDelegate {
                var window: UIWindow?
                func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    MainNavigator.shared.window = window
                    Session.shared.begin()
                    return true
                }
            }

            final class WelcomeController: UIViewController {
                @IBAction func signIn(_ sender: Any) { Session.shared.signedIn() }
            }

            final class InboxController: UIViewController {
                func didSelect(id: String) { MainNavigator.shared.openThread(id: id) }
            }

            final class ThreadController: UIViewController {
                var threadID = ""
            }
            """

    static let associatedScreens = """
            import UIKit
            import SwiftUI

            enum Place {
                case start
                case catalog(CatalogView)
                case item(ItemView)
            }

            protocol Navigating { func go(to place: Place, animated: Bool) }

            final class Navigation: ObservableObject, Navigating {
                weak var stack: UINavigationController?
                func go(to place: Place, animated: Bool = true) {
                    switch place {
                    case .start:
                        stack?.popToRootViewController(animated: animated)
                    case .catalog(let catalog):
                        stack?.setViewControllers([UIHostingController(rootView: catalog)], animated: animated)
                    case .item(let itemView):
                        guard let stack else { return }
                        stack.pushViewController(UIHostingController(rootView: itemView), animated: animated)
                    }
                }
            }

            struct CatalogView: View {
                let navigation: Navigating
                var body: some View { Text("Catalog") }
                func open(_ id: Int) { navigation.go(to: .item(ItemView(id: id)), animated: true) }
            }

            struct ItemView: View {
                let id: Int
                var body: some View { Text("Item") }
            }

            @main
            final class AppDelegate: UIResponder, UIApplicationDelegate {
                var window: UIWindow?
                let navigation = Navigation()
                func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    let stack = UINavigationController()
                    navigation.stack = stack
                    window?.rootViewController = stack
                    navigation.go(to: .catalog(CatalogView(navigation: navigation)), animated: false)
                    return true
                }
            }
            """

    static let closureRouter = """
            import UIKit

            class ModuleRouter {
                static var window: UIWindow?
                private weak var current: UIViewController?
                func attach(_ controller: UIViewController) { current = controller }
                func go(_ next: (UIViewController?) -> UIViewController) {
                    let vc = next(current)
                    if ModuleRouter.window?.rootViewController == nil {
                        ModuleRouter.window?.rootViewController = vc
                    }
                }
            }

            enum LaunchRoutes { case feed }
            enum FeedRoutes { case article(id: Int) }

            final class LaunchRouter: ModuleRouter {
                func route(to r: LaunchRoutes) {
                    go { _ in
                        switch r {
                        case .feed:
                            return UINavigationController(rootViewController: FeedModule().build())
                        }
                    }
                }
            }

            final class FeedRouter: ModuleRouter {
                func route(to r: FeedRoutes) {
                    go { current in
                        switch r {
                        case let .article(id):
                            let vc = ArticleModule().build(id: id)
                            current?.navigationController?.pushViewController(vc, animated: true)
                        }
                        return UIViewController()
                    }
                }
            }

            struct FeedModule {
                func build() -> UIViewController {
                    let vc = FeedViewController()
                    let router = FeedRouter()
                    router.attach(vc)
                    vc.presenter = FeedPresenter(router: router)
                    return vc
                }
            }

            struct ArticleModule {
                func build(id: Int) -> UIViewController {
                    let vc = ArticleViewController()
                    vc.articleID = id
                    return vc
                }
            }

            final class FeedPresenter {
                let router: FeedRouter
                init(router: FeedRouter) { self.router = router }
                func didSelect(row: Int) { router.route(to: .article(id: row)) }
            }

            final class FeedViewController: UIViewController {
                var presenter: FeedPresenter?
                func tableView(didSelectRowAt row: Int) { presenter?.didSelect(row: row) }
            }

            final class ArticleViewController: UIViewController {
                var articleID = 0
            }

            @main
            final class AppDelegate: UIResponder, UIApplicationDelegate {
                var window: UIWindow?
                let router = LaunchRouter()
                func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    ModuleRouter.window = window
                    router.route(to: .feed)
                    return true
                }
            }
            """

    static let controllerObject = """
            import UIKit
            import SwiftUI

            enum Screen { case back, detail(ShelfDetailView) }

            final class ScreenRouter {
                weak var stack: UINavigationController?
                func show(_ screen: Screen) {
                    switch screen {
                    case .back: stack?.popViewController(animated: true)
                    case .detail(let v): stack?.pushViewController(UIHostingController(rootView: v), animated: true)
                    }
                }
            }

            struct ShelfActions { var onSelect: ((Int) -> Void)? }
            struct ShelfListView: View {
                var actions = ShelfActions()
                var body: some View { Text("Shelves") }
            }
            struct ShelfDetailView: View {
                let id: Int
                var body: some View { Text("Shelf") }
            }

            final class ShelfController {
                let router: ScreenRouter
                init(router: ScreenRouter) { self.router = router }
                func makeList() -> ShelfListView {
                    var view = ShelfListView()
                    view.actions.onSelect = { self.selected($0) }
                    return view
                }
                func selected(_ id: Int) {
                    DispatchQueue.main.async { self.router.show(.detail(ShelfDetailView(id: id))) }
                }
            }

            @main
            final class AppDelegate: UIResponder, UIApplicationDelegate {
                var window: UIWindow?
                let router = ScreenRouter()
                var controller: ShelfController?
                func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    let controller = ShelfController(router: router)
                    self.controller = controller
                    let nav = UINavigationController(rootViewController: UIHostingController(rootView: controller.makeList()))
                    router.stack = nav
                    window?.rootViewController = nav
                    return true
                }
            }
            """
}
