import Foundation
import NavGraphKit
import XCTest
@testable import NavGraphScan

/// The Components style: modules with a `static route`, `router.register(Module.self)`,
/// `router.open(Module.self)` / `router.open("route")`.
final class ComponentsTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-comp-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    /// The module protocol, a router, modules Home ("home", registered) and Detail ("detail",
    /// registered), an app delegate that opens Home, and the given files.
    func scan(_ files: [String: String]) throws -> ScanResult {
        var all = files
        all["Sources/Core/Router.swift"] = all["Sources/Core/Router.swift"] ?? """
            protocol Module { static var route: String { get }; func instantiate() -> UIViewController }
            final class Router {
                func register(_ module: Module.Type) {}
                func open(_ module: Module.Type) { open(module.route) }
                func open(_ route: String) {}
            }
            """
        all["Sources/App/AppDelegate.swift"] = all["Sources/App/AppDelegate.swift"] ?? """
            final class AppDelegate: UIResponder, UIApplicationDelegate {
                let router = Router()
                func start() {
                    router.register(HomeModule.self)
                    router.register(DetailModule.self)
                    router.open(HomeModule.self)
                }
            }
            """
        all["Sources/App/Modules.swift"] = all["Sources/App/Modules.swift"] ?? """
            final class HomeModule: Module {
                static let route = "home"
                let router = Router()
                func instantiate() -> UIViewController { HomeView(router: router) }
            }
            final class DetailModule: Module {
                static var route: String { "detail" }
                func instantiate() -> UIViewController { UIViewController() }
            }
            """
        try StyleScan.write(all, to: dir)
        return try SwiftSourceScanner().scan(paths: [dir])
    }

    func edges(_ r: ScanResult) -> [String] { StyleScan.edges(r) }
    func warnings(_ r: ScanResult) -> [String] { StyleScan.warnings(r) }
    func findings(_ r: ScanResult) -> [String] { StyleScan.findings(r) }

    func testExampleAppScansToItsRegistryAndReportsThePlantedFindings() throws {
        let result = try StyleScan.example("ComponentsApp")
        XCTAssertEqual(result.summary.styles, [.components])
        XCTAssertEqual(findings(result), [
            "unhandled-route HomeViewController.swift:24",
            "unhandled-route RecipeDetailModule.swift:11",
            "unreachable-feature ShoppingListModule.swift:5",
            "unreachable-feature TimerModule.swift:5",
            "unused-injection RecipeListModule.swift:7",
            "unused-route ShoppingListModule.swift:5",
        ])
        XCTAssertEqual(warnings(result), [])
        XCTAssertEqual(edges(result), [
            "HomeModule -> favourites", "HomeModule -> recipes", "HomeModule -> settings",
            "RecipeDetailModule -> timer", "RecipeListModule -> recipes/detail",
        ])
        XCTAssertEqual(result.registry.entries.map(\.name), ["home"])
        XCTAssertEqual(result.registry.dependencies.map(\.protocol), ["AnalyticsTracking", "RecipeCatalog", "SessionStore"])
    }

    func testModulesRoutesRegistrationsAndTheEntry() throws {
        let r = try scan([:])
        XCTAssertEqual(r.registry.routes.map(\.id), ["detail", "home"])
        XCTAssertEqual(r.registry.handlers.flatMap(\.routes).map { "\($0.route) -> \($0.feature)" }, ["detail -> DetailModule", "home -> HomeModule"])
        XCTAssertEqual(r.registry.entries.map(\.name), ["home"])
        // The router's own forwarding `open(module.route)` is not navigation (and no warning).
        XCTAssertEqual(warnings(r), [])
        XCTAssertEqual(findings(r), ["unreachable-feature Modules.swift:6", "unused-route Modules.swift:6"])
    }

    func testModulesThroughWrappersLocalsAndStringsResolve() throws {
        let r = try scan(["Sources/App/HomeView.swift": """
            final class HomeView {
                let router: Router
                init(router: Router) { self.router = router }
                func show(_ module: Module.Type) { router.open(module) }
                func tapped() { show(DetailModule.self) }
                func other() { let next = "detail"; router.open(next) }
                func missing() { router.open("nowhere") }
            }
            """])
        XCTAssertEqual(edges(r), ["HomeModule -> detail", "HomeModule -> nowhere"])
        XCTAssertEqual(warnings(r), [])
        // A route string no module declares: a route no handler maps.
        XCTAssertTrue(findings(r).contains("unhandled-route HomeView.swift:7"), "\(findings(r))")
    }

    func testAModuleTheScannerCannotFollowStaysUnresolved() throws {
        let r = try scan(["Sources/App/HomeView.swift": """
            final class HomeView {
                let router: Router
                init(router: Router) { self.router = router }
                func restore(_ module: Module.Type) { router.open(module) }
                func fromServer(_ payload: Payload) { router.open(payload.route) }
            }
            """])
        XCTAssertEqual(edges(r), [])
        XCTAssertEqual(warnings(r), ["navigate-unresolved HomeView.swift:4", "navigate-unresolved HomeView.swift:5"])
    }

    func testAnOpenedModuleNeverRegisteredIsUnhandledAndOpenedFromNowhereIsUnattributed() throws {
        let r = try scan([
            "Sources/App/AppDelegate.swift": """
            final class AppDelegate: UIResponder, UIApplicationDelegate {
                let router = Router()
                func start() { router.register(HomeModule.self); router.open(HomeModule.self) }
            }
            final class HomeView { let router = Router(); func go() { router.open(DetailModule.self) } }
            final class Orphan { let router = Router(); func go() { router.open(DetailModule.self) } }
            """,
        ])
        XCTAssertEqual(edges(r), ["HomeModule -> detail"])
        XCTAssertTrue(findings(r).contains("unhandled-route AppDelegate.swift:5"), "\(findings(r))")
        XCTAssertEqual(warnings(r), ["navigate-unattributed AppDelegate.swift:6"])
    }

    /// A closure a factory stores on what a module builds (`model.onDone = { router.open(…) }`) runs as
    /// that object's code: the module that builds the object opens the route. One stored on an object
    /// no module builds stays unattributed.
    func testAClosureStoredOnWhatAModuleBuildsIsThatModules() throws {
        let r = try scan([
            "Sources/App/Modules.swift": """
            final class HomeModule: Module {
                static let route = "home"
                func instantiate() -> UIViewController { HomeView(model: HomeModel()) }
            }
            final class DetailModule: Module {
                static var route: String { "detail" }
                func instantiate() -> UIViewController { UIViewController() }
            }
            final class HomeModel { var onDone: (() -> Void)? }
            final class Stray { var onDone: (() -> Void)? }
            enum Wiring {
                static func wire(router: Router) {
                    let model = HomeModel()
                    model.onDone = { router.open(DetailModule.self) }
                    let stray = Stray()
                    stray.onDone = { router.open(DetailModule.self) }
                }
            }
            """,
        ])
        XCTAssertEqual(edges(r), ["HomeModule -> detail"])
        XCTAssertEqual(warnings(r), ["navigate-unattributed Modules.swift:16"])
    }

    func testHostileRoutesStayData() throws {
        let r = try scan(["Sources/App/Modules.swift": #"""
            final class HomeModule: Module {
                static let route = "<b>home</b>\n\"x\": [y]"
                func instantiate() -> UIViewController { UIViewController() }
            }
            final class DetailModule: Module {
                static let route = "detail"
                func instantiate() -> UIViewController { UIViewController() }
            }
            """#])
        XCTAssertEqual(Set(r.registry.routes.map(\.id)), ["<b>home</b>\n\"x\": [y]", "detail"])
        let back = try RegistryLoader().load(text: RegistryWriter.yaml(r.registry), file: "r.yml")
        XCTAssertEqual(back.entries.map(\.name), ["<b>home</b>\n\"x\": [y]"])
    }
    // MARK: The container variant

    func testContainerVariantEdgesAreRoutersAssemblingOtherContainers() throws {
        try StyleScan.write([
            "Sources/Core/Base.swift": """
            open class ModuleContainer { let viewControllerToShow: UIViewController; init(viewControllerToShow: UIViewController) { self.viewControllerToShow = viewControllerToShow } }
            open class BaseRouter { func push(_ c: ModuleContainer) {}; func present(_ c: ModuleContainer) {} }
            """,
            "Sources/App/List.swift": """
            final class ListModuleContainer: ModuleContainer {
                static func assemble(_ deps: Deps) -> ListModuleContainer {
                    let router = ListRouter(deps: deps)
                    return ListModuleContainer(viewControllerToShow: HostingViewController(rootView: ListView(router: router)))
                }
            }
            final class ListRouter: BaseRouter {
                let deps: Deps
                init(deps: Deps) { self.deps = deps }
                func openDetail() { push(DetailModuleContainer.assemble(deps)) }
            }
            """,
            "Sources/App/Detail.swift": """
            enum DetailModuleContainer {
                static func assemble(_ deps: Deps) -> ModuleContainer { ModuleContainer(viewControllerToShow: DetailRouter(deps: deps).make()) }
            }
            final class DetailRouter: BaseRouter {
                let deps: Deps
                init(deps: Deps) { self.deps = deps }
                func make() -> UIViewController { UIViewController() }
                func openFilter() { present(FilterModuleContainer.assemble(deps)) }
            }
            enum FilterModuleContainer { static func assemble(_ deps: Deps) -> ModuleContainer { ModuleContainer(viewControllerToShow: UIViewController()) } }
            enum OrphanModuleContainer { static func assemble(_ deps: Deps) -> ModuleContainer { ModuleContainer(viewControllerToShow: UIViewController()) } }
            """,
            "Sources/App/SceneDelegate.swift": """
            final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                func start() { window.rootViewController = ListModuleContainer.assemble(Deps()).viewControllerToShow }
            }
            final class Stray { func go() { _ = FilterModuleContainer.assemble(Deps()) } }
            """,
        ], to: dir)
        let r = try SwiftSourceScanner().scan(paths: [dir])
        XCTAssertEqual(r.summary.styles, [.components])
        XCTAssertEqual(r.registry.routes.map(\.id), ["Detail", "Filter", "List", "Orphan"])
        XCTAssertEqual(edges(r), ["DetailModuleContainer -> Filter", "ListModuleContainer -> Detail"])
        XCTAssertEqual(r.registry.entries.map(\.name), ["List"])
        // Assembled from code no container builds: reported, not invented.
        XCTAssertEqual(warnings(r), ["navigate-unattributed SceneDelegate.swift:4"])
        XCTAssertEqual(findings(r), ["unreachable-feature Detail.swift:11", "unused-route Detail.swift:11"])
    }

    /// The same template named `XContainer` (whose `assemble` returns the type), assembled without
    /// arguments; a `Container` whose `assemble` returns something else is not one; UIKit's
    /// `tableView.register(Cell.self, forCellReuseIdentifier:)` is no injection.
    func testContainersWithoutModuleInTheNameAndWithoutArguments() throws {
        try StyleScan.write([
            "Sources/App/Auth.swift": """
            final class AuthContainer {
                let viewController: UIViewController
                private init(viewController: UIViewController) { self.viewController = viewController }
                class func assemble() -> AuthContainer { AuthContainer(viewController: AuthViewController(router: AuthRouter())) }
            }
            final class AuthRouter { func openSignUp() { _ = SignUpContainer.assemble() } }
            final class AuthViewController: UIViewController {
                init(router: AuthRouter) { super.init(nibName: nil, bundle: nil) }
                func viewDidLoad() { tableView.register(Cell.self, forCellReuseIdentifier: "c") }
            }
            final class Cell: UITableViewCell {}
            final class SignUpContainer {
                class func assemble() -> SignUpContainer { SignUpContainer() }
            }
            final class DIContainer { static func assemble() -> Resolver { Resolver() } }
            final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                func start() { window.rootViewController = AuthContainer.assemble().viewController; _ = DIContainer.assemble() }
            }
            """,
        ], to: dir)
        let r = try SwiftSourceScanner().scan(paths: [dir])
        XCTAssertEqual(r.summary.styles, [.components])
        XCTAssertEqual(r.registry.routes.map(\.id), ["Auth", "SignUp"])
        XCTAssertEqual(edges(r), ["AuthContainer -> SignUp"])
        XCTAssertEqual(r.registry.entries.map(\.name), ["Auth"])
        XCTAssertEqual(r.registry.dependencies.map(\.protocol), [])
        XCTAssertEqual(findings(r), [])
    }
}
