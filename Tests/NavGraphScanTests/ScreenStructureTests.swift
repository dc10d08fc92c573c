import Foundation
import NavGraphKit
import XCTest
@testable import NavGraphScan

/// Shapes of protocol-routes apps where the program's structure, not the types a screen mentions,
/// says which screen a call belongs to (issue 29 items 2 and 3, issue 30 item 2): a route method
/// called with only a trailing closure, SwiftUI parts inside a UIKit screen, a router singleton used
/// as a utility, a tab bar that builds its own tabs. Each with a case that resolves and a nearby one
/// that must not give an edge. The apps are written for these tests.
final class ScreenStructureTests: ScanSourcesTestCase {
    // MARK: 1. A route method called with a trailing closure only

    /// `router.openMap { … }` passes its closure for `completion:` as `openMap(completion: { … })`
    /// does: the call is a navigation, counted and explained. A trailing closure where the route
    /// method also needs an argument it is not given (`openPhoto(id:completion:)`) is no call of it:
    /// no edge; but `router` is a `StartRouter` (`let router = StartRouter()`), which adopts
    /// `PhotoRoute`, so Swift calls an `openPhoto` the scan does not see — a navigate call not
    /// followed (`RouteProtocolShapeTests`), which holds the photo screen's absence back.
    func testRouteMethodCalledWithOnlyATrailingClosure() throws {
        let r = try scan(["Routing": Self.routing, "Screens": """
            import UIKit
            protocol MapRoute { func openMap(completion: (() -> Void)?) }
            extension MapRoute where Self: Opening { func openMap(completion: (() -> Void)?) { open(MapViewController()) } }
            protocol PhotoRoute { func openPhoto(id: Int, completion: (() -> Void)?) }
            extension PhotoRoute where Self: Opening { func openPhoto(id: Int, completion: (() -> Void)?) { open(PhotoViewController()) } }
            protocol StartRoute { func openStart() }
            extension StartRoute where Self: Opening { func openStart() { open(StartViewController()) } }
            final class StartRouter: BaseRouter, StartRouter.Routes { typealias Routes = MapRoute & PhotoRoute }
            final class LaunchRouter: BaseRouter, StartRoute {}
            final class MapViewController: UIViewController {}
            final class PhotoViewController: UIViewController {}
            final class StartViewController: UIViewController {
                let router = StartRouter()
                func showMap() { router.openMap { print("shown") } }
                func showPhoto() { router.openPhoto { print("never") } }
            }
            \(Self.launching("LaunchRouter", "openStart"))
            """])
        XCTAssertEqual(edges(r), ["StartViewController -> MapRoute"])
        XCTAssertEqual(r.summary.navigateCalls, 3, "the trailing-closure calls are counted beside the entry")
        XCTAssertTrue(r.explanations.contains { $0.location.line == 14 && $0.isResolved }, "\(r.explanations.map(\.location.line))")
        XCTAssertTrue(r.explanations.contains { $0.location.line == 15 && !$0.isResolved })
        XCTAssertEqual(findings(r), ["unreachable-feature PhotoViewController", "unused-route PhotoRoute"])
        let graph = NavGraph(registry: r.registry)
        let errors = CheckRunner(options: CheckOptions(scenarios: [FlagScenario.defaults(of: r.registry)])).run(graph).filter { $0.severity == .error }
        XCTAssertEqual(errors.map(\.subject), [], "held back: the unfollowed openPhoto may open it")
    }

    // MARK: 2. SwiftUI parts of a UIKit screen

    /// `struct Panel: View` that a view controller adds as a subview (through the app's own
    /// `asUIKit()` helper), and a view used inside its `body`, are parts of that screen: no feature of
    /// their own, no copy of the screen's edges, no unreachable error. A SwiftUI view the screen
    /// *presents* (`UIHostingController(rootView: HelpView())`) stays a screen, and its presentation is
    /// an edge.
    func testSwiftUIViewsInsideAUIKitScreenArePartsOfIt() throws {
        let r = try scan(["Routing": Self.routing, "Screens": """
            import UIKit
            import SwiftUI
            extension View { func hosted() -> UIView { UIHostingController(rootView: self).view } }
            final class HomeViewModel: ObservableObject {
                let router: HomeRouter
                init(router: HomeRouter) { self.router = router }
                func more() { router.openSettings() }
            }
            final class HomeViewController: UIViewController {
                let viewModel: HomeViewModel
                init(viewModel: HomeViewModel) { self.viewModel = viewModel; super.init(nibName: nil, bundle: nil) }
                required init?(coder: NSCoder) { nil }
                override func viewDidLoad() { view.addSubview(Panel(viewModel: viewModel).hosted()) }
                func showHelp() { present(UIHostingController(rootView: HelpView(router: viewModel.router)), animated: true) }
                struct Panel: View {
                    @ObservedObject var viewModel: HomeViewModel
                    var body: some View { VStack { Badge(); Button("More") { viewModel.more() } } }
                }
            }
            struct Badge: View { var body: some View { Text("new") } }
            struct HelpView: View {
                let router: HomeRouter
                var body: some View { Button("Ask") { router.openHelpCenter() } }
            }
            final class SettingsViewController: UIViewController {}
            final class HelpCenterViewController: UIViewController {}
            protocol HomeRoute { func openHome() }
            extension HomeRoute where Self: Opening {
                func openHome() { let r = HomeRouter(); let vc = HomeViewController(viewModel: HomeViewModel(router: r)); r.viewController = vc; open(vc) }
            }
            protocol SettingsRoute { func openSettings() }
            extension SettingsRoute where Self: Opening { func openSettings() { open(SettingsViewController()) } }
            protocol HelpCenterRoute { func openHelpCenter() }
            extension HelpCenterRoute where Self: Opening { func openHelpCenter() { open(HelpCenterViewController()) } }
            final class HomeRouter: BaseRouter, HomeRouter.Routes { typealias Routes = SettingsRoute & HelpCenterRoute }
            final class AppRouter: BaseRouter, HomeRoute {
                static let shared = AppRouter()
                func start() { openHome() }
            }
            @main final class AppDelegate: UIResponder, UIApplicationDelegate {
                func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    AppRouter.shared.start()
                    return true
                }
            }
            """])
        let names = r.registry.features.map(\.name)
        XCTAssertFalse(names.contains("Panel"), "\(names)")
        XCTAssertFalse(names.contains("Badge"), "\(names)")
        XCTAssertTrue(names.contains("HelpView"), "\(names)")
        XCTAssertEqual(edges(r), [
            "HelpView -> HelpCenterRoute", "HomeViewController -> SettingsRoute", "HomeViewController => HelpView (present)",
        ])
        XCTAssertEqual(r.registry.entries.map(\.name), ["HomeRoute"])
        XCTAssertEqual(findings(r), [])
    }

    // MARK: 3. A router singleton used as a utility

    /// The app delegate starts the app through `AppRouter.shared.startApp()`; a screen also asks the
    /// router for `AppRouter.shared.topViewController()`. The routes `startApp()` opens are the launch's
    /// (an entry), not that screen's. A screen that calls the router's method which opens a route
    /// (`AppRouter.shared.signOut()`) does open it, and nothing else does.
    func testRouterSingletonUsedAsAUtilityKeepsItsLaunchEntry() throws {
        let r = try scan(["Routing": Self.routing, "Screens": """
            import UIKit
            final class FeedViewController: UIViewController {
                let router = FeedRouter()
                func tap() { router.openDetail() }
                func me() { router.openAccount() }
            }
            final class DetailViewController: UIViewController {
                func share() { _ = AppRouter.shared.topViewController() }
            }
            final class AccountViewController: UIViewController {
                func logOut() { AppRouter.shared.signOut() }
            }
            protocol FeedRoute { func openFeed() }
            extension FeedRoute where Self: Opening { func openFeed() { let r = FeedRouter(); let vc = FeedViewController(); r.viewController = vc; open(vc) } }
            protocol DetailRoute { func openDetail() }
            extension DetailRoute where Self: Opening { func openDetail() { open(DetailViewController()) } }
            protocol AccountRoute { func openAccount() }
            extension AccountRoute where Self: Opening { func openAccount() { open(AccountViewController()) } }
            protocol WelcomeRoute { func openWelcome() }
            extension WelcomeRoute where Self: Opening { func openWelcome() { open(WelcomeViewController()) } }
            final class WelcomeViewController: UIViewController {}
            final class FeedRouter: BaseRouter, FeedRouter.Routes { typealias Routes = DetailRoute & AccountRoute }
            typealias LaunchRoutes = FeedRoute & WelcomeRoute
            final class AppRouter: BaseRouter, LaunchRoutes {
                static let shared = AppRouter()
                func startApp() { openFeed() }
                func signOut() { openWelcome() }
                func topViewController() -> UIViewController? { UIApplication.shared.windows.first?.rootViewController }
            }
            @main final class AppDelegate: UIResponder, UIApplicationDelegate {
                func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    AppRouter.shared.startApp()
                    return true
                }
            }
            """])
        XCTAssertEqual(r.registry.entries.map(\.name), ["FeedRoute"])
        XCTAssertEqual(edges(r), [
            "AccountViewController -> WelcomeRoute", "FeedViewController -> AccountRoute", "FeedViewController -> DetailRoute",
        ])
        XCTAssertEqual(findings(r), [])
    }

    // MARK: 4. A tab bar that builds its tabs

    /// A `UITabBarController` subclass whose `viewDidLoad` sets `viewControllers = [makeHome(),
    /// makeSaved()]`, each helper building router, view model and view controller in the app's own
    /// navigation controller subclass: the tabs are `direct` edges of the tab bar, and each tab's
    /// view-model calls are that tab's. A view model the tab bar builds without a screen beside it
    /// (`BadgeModel`) stays the tab bar's.
    func testTabBarThatBuildsItsTabs() throws {
        let r = try scan(["Routing": Self.routing, "Screens": """
            import UIKit
            final class AppNavigationController: UINavigationController {}
            final class TabsViewController: UITabBarController {
                let badges = BadgeModel(router: TabsRouter())
                override func viewDidLoad() {
                    super.viewDidLoad()
                    viewControllers = [makeHome(), makeSaved()]
                }
                private func makeHome() -> UINavigationController {
                    let router = HomeRouter()
                    let vc = HomeViewController(viewModel: HomeViewModel(router: router))
                    router.viewController = vc
                    return AppNavigationController(rootViewController: vc)
                }
                private func makeSaved() -> UINavigationController {
                    let router = SavedRouter()
                    let viewModel = SavedViewModel(router: router)
                    let vc = SavedViewController(viewModel: viewModel)
                    router.viewController = vc
                    return AppNavigationController(rootViewController: vc)
                }
            }
            final class BadgeModel { let router: TabsRouter; init(router: TabsRouter) { self.router = router }; func tapped() { router.openInbox() } }
            final class HomeViewModel { let router: HomeRouter; init(router: HomeRouter) { self.router = router }; func pick() { router.openArticle() } }
            final class SavedViewModel { let router: SavedRouter; init(router: SavedRouter) { self.router = router }; func pick() { router.openArticle() } }
            class ScreenBase<VM>: UIViewController {
                let viewModel: VM
                init(viewModel: VM) { self.viewModel = viewModel; super.init(nibName: nil, bundle: nil) }
                required init?(coder: NSCoder) { nil }
            }
            final class HomeViewController: ScreenBase<HomeViewModel> {}
            final class SavedViewController: ScreenBase<SavedViewModel> {}
            final class ArticleViewController: UIViewController {}
            final class InboxViewController: UIViewController {}
            protocol TabsRoute { func openTabs() }
            extension TabsRoute where Self: Opening { func openTabs() { open(TabsViewController()) } }
            protocol ArticleRoute { func openArticle() }
            extension ArticleRoute where Self: Opening { func openArticle() { open(ArticleViewController()) } }
            protocol InboxRoute { func openInbox() }
            extension InboxRoute where Self: Opening { func openInbox() { open(InboxViewController()) } }
            final class HomeRouter: BaseRouter, HomeRouter.Routes { typealias Routes = ArticleRoute }
            final class SavedRouter: BaseRouter, SavedRouter.Routes { typealias Routes = ArticleRoute }
            final class TabsRouter: BaseRouter, TabsRouter.Routes { typealias Routes = InboxRoute }
            final class AppRouter: BaseRouter, TabsRoute {}
            \(Self.launching("AppRouter", "openTabs"))
            """])
        XCTAssertEqual(edges(r), [
            "HomeViewController -> ArticleRoute",
            "SavedViewController -> ArticleRoute",
            "TabsViewController -> InboxRoute",
            "TabsViewController => HomeViewController (children)",
            "TabsViewController => SavedViewController (children)",
        ])
        XCTAssertEqual(r.registry.entries.map(\.name), ["TabsRoute"])
        XCTAssertEqual(findings(r), [])
    }

    // MARK: 5. A ModuleFactory presentation-type enum beside the page

    /// `presentModule(module: .home, parameters: [:], presentType: .root)`: the page argument is the
    /// page; `PresentType` (an enum with no keys) passed beside it is no page enum, so its cases are
    /// no routes and give no `identifier-unreadable` warning. A page case whose key the scanner cannot
    /// read still does.
    func testAPresentationTypeBesideThePageIsNoRoute() throws {
        let r = try scan(["Router": """
            import UIKit
            enum PresentType { case root, push, modal }
            enum Page {
                case home, about, legal
                var moduleKey: String {
                    switch self {
                    case .home: return "home"
                    case .about: return "about"
                    case .legal: return Bundle.main.bundleIdentifier ?? "legal"
                    }
                }
            }
            protocol IModule { func presentView(parameters: [String: Any], presentType: PresentType) }
            final class AppRouter {
                static let shared = AppRouter()
                let modules: [String: (AppRouter) -> IModule] = [
                    Page.home.moduleKey: { HomeModule(router: $0) },
                    Page.about.moduleKey: { AboutModule(router: $0) },
                ]
                func presentModule(module: Page, parameters: [String: Any], presentType: PresentType) {
                    modules[module.moduleKey]?(self).presentView(parameters: parameters, presentType: presentType)
                }
            }
            final class HomeModule: IModule {
                let router: AppRouter
                init(router: AppRouter) { self.router = router }
                func presentView(parameters: [String: Any], presentType: PresentType) {}
                func more() { router.presentModule(module: .about, parameters: [:], presentType: PresentType.push) }
            }
            final class AboutModule: IModule {
                let router: AppRouter
                init(router: AppRouter) { self.router = router }
                func presentView(parameters: [String: Any], presentType: PresentType) {}
            }
            final class AppDelegate: UIResponder, UIApplicationDelegate {
                func start() { AppRouter.shared.presentModule(module: .home, parameters: [:], presentType: .root) }
            }
            """])
        XCTAssertEqual(r.registry.routes.map(\.id).sorted(), ["about", "home"])
        XCTAssertEqual(StyleScan.warnings(r), ["identifier-unreadable Router.swift:4"])
        XCTAssertEqual(edges(r), ["HomeModule -> about"])
        XCTAssertEqual(r.registry.entries.map(\.name), ["home"])
    }

    // MARK: 5. The first screen built by an object held in a global

    /// `let starter = AppStarter()` at top level and `starter.start()` in the app delegate, which sets
    /// `window.rootViewController`: the screen it builds is the first one (an entry). The same starter
    /// held in a global the app delegate never reads opens nothing at launch.
    func testTheFirstScreenBuiltThroughAGlobal() throws {
        let app = """
            import UIKit
            final class ListViewModel { let router: ListRouter; init(router: ListRouter) { self.router = router }; func pick() { router.openDetail() } }
            final class ListViewController: UIViewController {
                let viewModel: ListViewModel
                init(viewModel: ListViewModel) { self.viewModel = viewModel; super.init(nibName: nil, bundle: nil) }
                required init?(coder: NSCoder) { nil }
                func tap() { viewModel.pick() }
            }
            final class DetailViewController: UIViewController {}
            protocol DetailRoute { func openDetail() }
            extension DetailRoute where Self: Opening { func openDetail() { open(DetailViewController()) } }
            final class ListRouter: BaseRouter, ListRouter.Routes { typealias Routes = DetailRoute }
            final class AppStarter {
                let window = UIWindow(frame: UIScreen.main.bounds)
                func start() {
                    let router = ListRouter()
                    let vc = ListViewController(viewModel: ListViewModel(router: router))
                    router.viewController = vc
                    window.rootViewController = UINavigationController(rootViewController: vc)
                }
            }
            let starter = AppStarter()
            """
        let read = try scan(["Routing": Self.routing, "Screens": app, "Delegate": """
            import UIKit
            @main final class AppDelegate: UIResponder, UIApplicationDelegate {
                func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    starter.start()
                    return true
                }
            }
            """])
        XCTAssertEqual(read.registry.entries.map(\.name), ["ListViewController"])
        XCTAssertEqual(edges(read), ["ListViewController -> DetailRoute"])
        XCTAssertEqual(findings(read), [])

        let unread = try scan(["Delegate": """
            import UIKit
            @main final class AppDelegate: UIResponder, UIApplicationDelegate {
                func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool { true }
            }
            """])
        XCTAssertEqual(unread.registry.entries.map(\.name), [])
    }

    // MARK: A SwiftUI app's first screen

    /// `WindowGroup { HomeView() }` in an `@main` App: the root builds HomeView, so it is a screen
    /// and the first one shown (an entry), even though no route builds it and it opens none (a course
    /// repository holds many such apps; each root was "unreachable"). A view the root does not build
    /// and nothing opens (`OrphanView`) is no screen of the registry at all.
    func testAWindowGroupRootIsAnEntryEvenWhenItOpensNoRoute() throws {
        let r = try scan(["Routing": Self.routing, "Screens": """
            import UIKit
            import SwiftUI
            protocol DetailRoute { func openDetail() }
            extension DetailRoute where Self: Opening { func openDetail() { open(DetailViewController()) } }
            final class ListRouter: BaseRouter, DetailRoute {}
            final class DetailViewController: UIViewController {}
            final class ListViewController: UIViewController {
                let router = ListRouter()
                func select() { router.openDetail() }
            }
            struct HomeView: View { var body: some View { Text("Home") } }
            struct OrphanView: View { var body: some View { Text("Orphan") } }
            @main struct CourseApp: App {
                var body: some Scene { WindowGroup { HomeView() } }
            }
            """])
        XCTAssertTrue(r.registry.entries.map(\.name).contains("HomeView"), "\(r.registry.entries.map(\.name))")
        XCTAssertFalse(r.registry.features.map(\.name).contains("OrphanView"))
        XCTAssertFalse(findings(r).contains("unreachable-feature HomeView"), "\(findings(r))")
    }

    // MARK: A route that builds a tab bar from other routes

    /// A route's default implementation that builds a tab bar and fills it with other routes'
    /// make-methods (`tabs.viewControllers = [router.makeFeed(), router.makeSettings()]`): those calls
    /// are edges from the tab bar screen (before, calls inside a route protocol's extension were
    /// skipped, so every tab was "unreachable"). A route's default calling its own variant
    /// (`openTabs()` → `openTabs(animated:)`) gives no self edge.
    func testARouteThatFillsATabBarWithOtherRoutesOpensThem() throws {
        let r = try scan(["Routing": Self.routing, "Screens": """
            import UIKit
            protocol FeedRoute { func makeFeed() -> UIViewController }
            extension FeedRoute where Self: Opening { func makeFeed() -> UIViewController { FeedViewController() } }
            protocol SettingsRoute { func makeSettings() -> UIViewController }
            extension SettingsRoute where Self: Opening { func makeSettings() -> UIViewController { SettingsViewController() } }
            protocol TabsRoute { func openTabs() }
            extension TabsRoute where Self: Opening {
                func openTabs(animated: Bool) {
                    let router = AppRouter()
                    let tabs = TabsController()
                    tabs.viewControllers = [router.makeFeed(), router.makeSettings()]
                    open(tabs)
                }
                func openTabs() { openTabs(animated: true) }
            }
            final class AppRouter: BaseRouter, FeedRoute, SettingsRoute, TabsRoute {}
            final class TabsController: UITabBarController {}
            final class FeedViewController: UIViewController {}
            final class SettingsViewController: UIViewController {}
            \(Self.launching("AppRouter", "openTabs"))
            """])
        XCTAssertEqual(edges(r).filter { $0.hasPrefix("TabsController ->") }, ["TabsController -> FeedRoute", "TabsController -> SettingsRoute"])
        XCTAssertFalse(edges(r).contains("TabsController -> TabsRoute"))
        XCTAssertEqual(findings(r).filter { $0.hasPrefix("unreachable") }, [])
    }
}
