import Foundation
import NavGraphKit
import XCTest
@testable import NavGraphScan

/// Route enums (`func route(to destination: Destination)` whose cases the router maps to screens):
/// each way a case is mapped, a case that shows nothing, the router's own first call as an entry,
/// and a function taking an enum that shows nothing, which is no router.
final class RouteEnumTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-routeenum-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    func scan(_ files: [String: String]) throws -> ScanResult {
        try StyleScan.write(files, to: dir)
        return try SwiftSourceScanner().scan(paths: [dir])
    }

    func mappings(_ r: ScanResult) -> [String] {
        r.registry.handlers.flatMap { h in h.routes.map { "\($0.route) -> \($0.feature)" } }.sorted()
    }

    /// The example app scans to its registry.yml and reports exactly its planted findings (EXPECTED.md).
    func testExampleApp() throws {
        let r = try StyleScan.example("RouteEnumApp")
        XCTAssertEqual(r.summary.styles, [.routeEnum])
        XCTAssertEqual(StyleScan.findings(r), ["unreachable-feature PantryScreens.swift:21", "unused-route PantryFlow.swift:9"])
        XCTAssertEqual(StyleScan.edges(r), [
            "RecipeDetailViewController -> Destination.basket", "RecipeListViewController -> Destination.detail",
            "ShelvesViewController -> PantryStep.expiring",
        ])
        XCTAssertEqual(r.registry.entries.map(\.name), ["PantryStep.shelves", "RecipeListViewController"])
    }

    /// A switch over the parameter whose case bodies push what a factory protocol's one conformer makes.
    static let recipes = """
        import UIKit
        protocol Routing { associatedtype Destination; func route(to destination: Destination) }
        protocol RecipeScreens { func makeDetail(id: Int) -> UIViewController }
        final class RecipeListRouter: Routing {
            enum Destination { case detail(id: Int), back, shopping, share(String), promo }
            private let screens: RecipeScreens
            weak var navigation: UINavigationController?
            init(screens: RecipeScreens) { self.screens = screens }
            func route(to destination: Destination) {
                switch destination {
                case .detail(let id):
                    let next = screens.makeDetail(id: id)
                    navigation?.pushViewController(next, animated: true)
                case .back:
                    navigation?.popViewController(animated: true)
                case .shopping:
                    navigation?.present(ShoppingViewController(), animated: true)
                case .share(let text):
                    navigation?.present(UIActivityViewController(activityItems: [text], applicationActivities: nil), animated: true)
                case .promo:
                    navigation?.present(PromoLoader.load(), animated: true)
                }
            }
        }
        final class AppScreens: RecipeScreens {
            func makeDetail(id: Int) -> UIViewController { RecipeDetailViewController(id: id) }
        }
        final class RecipeDetailViewController: UIViewController { init(id: Int) { super.init(nibName: nil, bundle: nil) } }
        final class ShoppingViewController: UIViewController {}
        final class RecipeListViewController: UIViewController {
            var router: RecipeListRouter?
            func open(_ id: Int) { router?.route(to: .detail(id: id)) }
            func close() { router?.route(to: .back) }
            func basket() { router?.route(to: RecipeListRouter.Destination.shopping) }
            func share() { router?.route(to: .share("soup")) }
            func promo() { router?.route(to: .promo) }
        }
        """

    func testCasesMappedByASwitchOverTheParameter() throws {
        let r = try scan(["Sources/Recipes.swift": Self.recipes])
        XCTAssertEqual(r.summary.styles, [.routeEnum])
        XCTAssertEqual(r.registry.routes.map(\.id), ["Destination.detail", "Destination.shopping"])
        XCTAssertEqual(mappings(r), ["Destination.detail -> RecipeDetailViewController", "Destination.shopping -> ShoppingViewController"])
        XCTAssertEqual(StyleScan.edges(r), ["RecipeListViewController -> Destination.detail", "RecipeListViewController -> Destination.shopping"])
        // `.back` pops and `.share` shows a framework controller: no screen of the sources, no route;
        // their calls are counted as not followed, never dropped, and open only their case. `.promo`
        // presents what the scan cannot follow: it may show anything.
        XCTAssertEqual(StyleScan.warnings(r), ["navigate-unresolved Recipes.swift:33", "navigate-unresolved Recipes.swift:35", "navigate-unresolved Recipes.swift:36"])
        XCTAssertEqual(r.registry.unfollowed.filter { $0.kind == .navigate }.map { $0.routes ?? ["any"] }, [["Destination.back"], ["Destination.share"], ["any"]])
        XCTAssertEqual(r.summary.navigateCalls, 5)
        XCTAssertEqual(r.summary.navigateResolved, 2)
    }

    /// The enum's own method switching over `self` makes a coordinator whose `start()` pushes a lazily
    /// built screen; the router's `start()` opens the first case, and the scene delegate calls it: an entry.
    func testCasesMappedThroughTheEnumsOwnMethodAndCoordinators() throws {
        let r = try scan(["Sources/App.swift": """
            import UIKit
            protocol Flow { func start() }
            protocol AppRouting: AnyObject { var navigation: UINavigationController { get }; func go(_ step: Step) }
            enum Step {
                case welcome, pantry(owner: String)
                func flow(using router: AppRouting) -> Flow {
                    switch self {
                    case .welcome: return WelcomeFlow(router: router)
                    case .pantry(let owner): return PantryFlow(owner: owner, router: router)
                    }
                }
            }
            final class Shell: AppRouting {
                let navigation = UINavigationController()
                func start() { go(.welcome) }
                func go(_ step: Step) { step.flow(using: self).start() }
            }
            final class WelcomeFlow: Flow {
                let router: AppRouting
                private lazy var screen: UIViewController = {
                    let model = WelcomeModel(router: router)
                    return WelcomeViewController(model: model)
                }()
                init(router: AppRouting) { self.router = router }
                func start() { router.navigation.pushViewController(screen, animated: false) }
            }
            final class PantryFlow: Flow {
                let router: AppRouting
                init(owner: String, router: AppRouting) { self.router = router }
                func start() { router.navigation.pushViewController(PantryViewController(), animated: true) }
            }
            final class WelcomeModel {
                weak var router: AppRouting?
                init(router: AppRouting) { self.router = router }
                func signedIn() { router?.go(.pantry(owner: "me")) }
            }
            final class WelcomeViewController: UIViewController {
                let model: WelcomeModel
                init(model: WelcomeModel) { self.model = model; super.init(nibName: nil, bundle: nil) }
            }
            final class PantryViewController: UIViewController {}
            final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                let shell = Shell()
                func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) { shell.start() }
            }
            """])
        XCTAssertEqual(r.summary.styles, [.routeEnum])
        XCTAssertEqual(mappings(r), ["Step.pantry -> PantryViewController", "Step.welcome -> WelcomeViewController"])
        XCTAssertEqual(r.registry.entries.map(\.name), ["Step.welcome"])
        XCTAssertEqual(StyleScan.edges(r), ["WelcomeViewController -> Step.pantry"])
        XCTAssertEqual(StyleScan.warnings(r), [])
        XCTAssertEqual(StyleScan.findings(r), [])
    }

    /// A case that shows a known screen on one branch and a value the scan cannot follow on the
    /// other: its call is an edge to the known screen and partly resolved, and may open any route
    /// of the style, so what the other branch shows is held back, never an error.
    func testACaseShowingAKnownScreenOrAnUnknownValueIsPartlyResolved() throws {
        let r = try scan(["Sources/Offers.swift": """
            import UIKit
            final class OffersRouter {
                enum Destination { case offer(Int) }
                weak var navigation: UINavigationController?
                func route(to destination: Destination) {
                    switch destination {
                    case .offer(let id):
                        navigation?.pushViewController(id > 0 ? OfferViewController() : Remote.screen(for: id), animated: true)
                    }
                }
            }
            final class OfferViewController: UIViewController {}
            final class OffersViewController: UIViewController {
                let router = OffersRouter()
                func open(_ id: Int) { router.route(to: .offer(id)) }
            }
            """])
        XCTAssertEqual(StyleScan.edges(r), ["OffersViewController -> Destination.offer"])
        XCTAssertEqual(r.summary.navigatePartly, 1)
        XCTAssertEqual(r.registry.unfollowed.filter { $0.kind == .navigate }.map { $0.routes ?? ["any"] }, [["any"]])
    }

    /// A router method named like RouterService's (`navigate(to:)`): the call is the route enum's,
    /// counted once, and RouterService's reading of it (an argument that is no route type) is no
    /// second call left unfollowed.
    func testARouterMethodNamedNavigateIsCountedOnce() throws {
        let r = try scan(["Sources/Search.swift": """
            import UIKit
            final class SearchRouter {
                enum Step { case track(Int) }
                weak var navigation: UINavigationController?
                func navigate(to step: Step) {
                    switch step {
                    case let .track(id): navigation?.pushViewController(TrackViewController(id: id), animated: true)
                    }
                }
            }
            final class TrackViewController: UIViewController { init(id: Int) { super.init(nibName: nil, bundle: nil) } }
            final class SearchViewController: UIViewController {
                let router = SearchRouter()
                func picked(_ id: Int) { router.navigate(to: .track(id)) }
            }
            """])
        XCTAssertEqual(StyleScan.edges(r), ["SearchViewController -> Step.track"])
        XCTAssertEqual(r.summary.navigateCalls, 1)
        XCTAssertEqual(r.summary.navigateResolved, 1)
        XCTAssertEqual(r.registry.unfollowed.filter { $0.kind == .navigate }.count, 0)
    }

    /// A method taking an enum that presents nothing (`configure(_ style: Theme)`) is no router, and
    /// neither is a router method no code calls: no routing is found.
    func testAnEnumParameterThatShowsNothingIsNoRouter() throws {
        XCTAssertThrowsError(try scan(["Sources/Theme.swift": """
            import UIKit
            enum Theme { case light, dark }
            final class Painter {
                func configure(_ theme: Theme) {
                    switch theme {
                    case .light: print("light")
                    case .dark: print("dark")
                    }
                }
                func go() { configure(.dark) }
            }
            final class Unused {
                enum Target { case a }
                weak var nav: UINavigationController?
                func show(_ t: Target) { switch t { case .a: nav?.pushViewController(AViewController(), animated: true) } }
            }
            final class AViewController: UIViewController {}
            """])) { error in
            XCTAssertTrue("\(error)".contains("no routing found"), "\(error)")
        }
    }

    /// The window's root set in a type no screen builds, which the app delegate runs at launch
    /// (`appContainer.router.start()` through a global, or a property): the first screen, an entry.
    /// The same method called only from a screen's code is no entry. A public app of session 32
    /// (three apps, each `let app = AppContainer()` and `app.router.start()`) had no entry found.
    func testTheRootSetByCodeTheAppDelegateRunsIsTheEntry() throws {
        func sources(launch: String, holder: String = "") -> [String: String] {
            ["App/Screens.swift": """
                import UIKit
                enum ShelfRoute { case item(Int) }
                final class ShelfViewController: UIViewController {
                    func navigate(to route: ShelfRoute) {
                        switch route {
                        case .item(let id): show(ItemFactory.make(id), sender: nil)
                        }
                    }
                    func tapped() { navigate(to: .item(1)) }
                }
                final class ItemViewController: UIViewController {}
                enum ItemFactory { static func make(_ id: Int) -> ItemViewController { ItemViewController() } }
                enum ShelfFactory {
                    static func make() -> ShelfViewController {
                        UIStoryboard(name: "Shelf", bundle: nil).instantiateViewController(withIdentifier: "Shelf") as! ShelfViewController
                    }
                }
                final class LaunchRouter {
                    let window = UIWindow()
                    func start() { begin() }
                    private func begin() {
                        window.rootViewController = UINavigationController(rootViewController: ShelfFactory.make())
                        window.makeKeyAndVisible()
                    }
                }
                final class Container { let router = LaunchRouter() }
                let appContainer = Container()
                """,
             "App/AppDelegate.swift": """
                import UIKit
                @main final class AppDelegate: UIResponder, UIApplicationDelegate {
                    \(holder)
                    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                        \(launch)
                        return true
                    }
                }
                """]
        }
        for (launch, holder) in [("appContainer.router.start()", ""), ("router.start()", "let router = LaunchRouter()")] {
            let r = try scan(sources(launch: launch, holder: holder))
            XCTAssertEqual(r.registry.entries.map(\.name), ["ShelfViewController"], launch)
            XCTAssertFalse(r.summary.noEntry, launch)
            XCTAssertEqual(r.summary.presentResolved, r.summary.presentCalls, launch)
            XCTAssertEqual(StyleScan.findings(r), [], launch)
        }
        // Run from a screen's code instead, the same root is no first screen.
        var screenRuns = sources(launch: "")
        screenRuns["App/Screens.swift"]! += "\nfinal class LogoutViewController: UIViewController { func done() { appContainer.router.start() } }\n"
        let r = try scan(screenRuns)
        XCTAssertEqual(r.registry.entries.map(\.name), [])
    }
}
