import Foundation
import NavGraphKit
import XCTest
@testable import NavGraphScan

/// Each routing system in the form its author's document shows (/work/shared/seeds: the Components
/// README, the AppRouter / ModuleFactory article, Featherweight Router's tl;dr, the composable
/// routes article), and the variants real apps write: one example app per document, and a unit
/// test per variant.
final class SeedFormTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-seed-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    func scan(_ files: [String: String], style: RoutingStyle? = nil) throws -> ScanResult {
        try StyleScan.write(files, to: dir)
        var config = ScanConfiguration()
        if let style { config.styles = [style] }
        return try SwiftSourceScanner(configuration: config).scan(paths: [dir])
    }

    // MARK: - The example apps

    func testComponentsReadmeApp() throws {
        let (findings, warnings, result) = try checkExample("ComponentsReadmeApp")
        XCTAssertEqual(findings, [
            "unhandled-route Sources/Chat/Modules/ConversationListModule.swift:40",
            "unhandled-route Sources/Chat/Modules/ConversationListModule.swift:44",
            "unreachable-feature Sources/Chat/Modules/ArchiveModule.swift:5",
            "unreachable-feature Sources/Chat/Modules/SettingsModule.swift:5",
            "unused-route Sources/Chat/Modules/SettingsModule.swift:5",
        ])
        XCTAssertEqual(warnings, [])
        XCTAssertEqual(result.summary.styles, [.components])
        XCTAssertEqual(result.registry.entries.map(\.name), ["app"])
        XCTAssertEqual(result.summary.edges, 6)
    }

    func testModuleFactoryArticleApp() throws {
        let (findings, warnings, result) = try checkExample("ModuleFactoryArticleApp")
        XCTAssertEqual(findings, [
            "unhandled-route Journal/Modules/Routers.swift:14",
            "unreachable-feature Journal/Modules/ArchiveModule.swift:3",
        ])
        XCTAssertEqual(warnings, [])
        XCTAssertEqual(result.summary.styles, [.moduleFactory])
        // The `modules` dictionary filled entry by entry is the handler.
        XCTAssertEqual(result.registry.handlers.map(\.name), ["ModuleFactory"])
        XCTAssertEqual(result.registry.handlers.first?.routes.map(\.feature), ["EntryModule", "HistoryModule", "HomeModule"])
        XCTAssertEqual(result.registry.entries.map(\.name), ["home-page-key"], "one entry, though two value paths reach it")
    }

    func testFeatherweightReadmeApp() throws {
        let (findings, warnings, result) = try checkExample("FeatherweightReadmeApp")
        XCTAssertEqual(findings, ["unhandled-route Sources/Shell/Presenters.swift:44"])
        // The Swift 2 file is read as far as it parses, and named in the totals.
        XCTAssertEqual(warnings, ["syntax-error Sources/Shell/Store.swift:10"])
        XCTAssertEqual(result.summary.unparsedFiles.map { Fixture.relative($0, to: ExampleAppsTests.examples + "/FeatherweightReadmeApp") }, ["Sources/Shell/Store.swift"])
        XCTAssertTrue(result.summary.line.contains("; 1 file did not parse (read as far as they do): "), result.summary.line)
        XCTAssertTrue(result.summary.line.hasSuffix("Sources/Shell/Store.swift"), result.summary.line)
        // One presenter function with five titles is five screens.
        XCTAssertEqual(result.registry.features.map(\.name).filter { $0.hasPrefix("mockPresenter") }, [
            "mockPresenter(title: Animal)", "mockPresenter(title: Animals)", "mockPresenter(title: Kind)",
            "mockPresenter(title: Register)", "mockPresenter(title: Welcome)",
        ])
        XCTAssertEqual(result.registry.unfollowed.filter { $0.kind == .navigate }, [], "the store driving setRoute is plumbing, not an unfollowed navigation")
    }

    func testProtocolRoutesArticleApp() throws {
        let (findings, warnings, result) = try checkExample("ProtocolRoutesArticleApp")
        XCTAssertEqual(findings, [
            "invalid-deeplink Wishlist/Application/DeeplinkRouter.swift:21",
            "unhandled-route Wishlist/Scenes/Login.swift:16",
            "unhandled-route Wishlist/Scenes/Login.swift:33",
            "unreachable-feature Wishlist/Scenes/Login.swift:45",
        ])
        XCTAssertEqual(warnings, [])
        XCTAssertEqual(result.registry.deeplinks.map { "\($0.url ?? "-") \($0.route ?? "-")" }.sorted(), [".login LoginRoute", ".product ProductRoute", ".signUp -"],
                       "the router-only overload openProduct(id:with:) opens ProductRoute")
    }

    // MARK: - Components variants

    func testComponentsModulesByShapeWhenTheFrameworkIsADependency() throws {
        // No `ModuleInterface` declared: modules are known by `init(router:navigator:)` or `open(_:callback:)`.
        let r = try scan([
            "App/AppDelegate.swift": """
                import Components
                final class AppDelegate: UIResponder, UIApplicationDelegate {
                    func start(router: Router) {
                        router.register(HomeModule.self)
                        router.open(HomeModule.self)
                    }
                }
                """,
            "App/Modules.swift": """
                import Components
                final class HomeModule: ModuleInterface {
                    static let route = "home"
                    let router: RouterInterface
                    init(router: RouterInterface, navigator: NavigatorInterface) { self.router = router }
                    func open(_ parameters: AnyDictionary?, callback: ((AnyDictionary?) -> Void)?) {
                        router.open("detail", ["id": "1"])
                    }
                }
                struct DetailModule: ModuleInterface {
                    static var route: String { "detail" }
                    func open(_ parameters: AnyDictionary?, callback: ((AnyDictionary?) -> Void)?) {}
                }
                /// A static route on something that is not a module.
                enum Analytics { static let route = "analytics" }
                """,
        ])
        XCTAssertEqual(r.registry.features.map(\.name), ["DetailModule", "HomeModule"])
        XCTAssertEqual(StyleScan.edges(r), ["HomeModule -> detail"])
        XCTAssertEqual(r.registry.entries.map(\.name), ["home"])
    }

    func testComponentsReadmeFormsNotInTheExample() throws {
        // The README's remaining forms: a struct module, a typed `static let route: String`, a computed
        // route, `router.open("route") { result in … }` with only a callback, a module type held in a typed
        // local, and `navigator.present(as:controller:)` in `open` (no edge).
        let r = try scan([
            "App/App.swift": """
                import UIKit
                import Components

                final class AppDelegate: UIResponder, UIApplicationDelegate {
                    var window: UIWindow?
                    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                        let navigator = Navigator(window: window!)
                        let builder = Builder(navigator: navigator, container: ShopContainer())
                        let router = Router(navigator: navigator, builder: builder)
                        builder.router = router
                        router.register(ShopModule.self)
                        router.register(BasketModule.self)
                        router.register(PayModule.self)
                        router.open(ShopModule.self)
                        return true
                    }
                }

                struct ShopModule: ModuleInterface {
                    static let route = "shop"
                    private let router: RouterInterface
                    private let navigator: NavigatorInterface
                    init(router: RouterInterface, navigator: NavigatorInterface) { self.router = router; self.navigator = navigator }
                    func open(_ parameters: AnyDictionary?, callback: ((AnyDictionary?) -> Void)?) {
                        navigator.present(as: .push, controller: UIViewController())
                        router.open("basket") { result in print(result) }
                    }
                }

                final class BasketModule: ModuleInterface {
                    static var route: String { return "basket" }
                    private let router: RouterInterface
                    init(router: RouterInterface, navigator: NavigatorInterface) { self.router = router }
                    func open(_ parameters: AnyDictionary?, callback: ((AnyDictionary?) -> Void)?) {
                        let next: ModuleInterface.Type = PayModule.self
                        router.open(next, ["total": 3]) { _ in }
                    }
                }

                final class PayModule: ModuleInterface {
                    static let route: String = "pay"
                    init(router: RouterInterface, navigator: NavigatorInterface) {}
                    func open(_ parameters: AnyDictionary?, callback: ((AnyDictionary?) -> Void)?) { callback?(["result": true]) }
                }
                """,
        ])
        XCTAssertEqual(r.registry.features.map(\.name), ["BasketModule", "PayModule", "ShopModule"])
        XCTAssertEqual(StyleScan.edges(r), ["BasketModule -> pay", "ShopModule -> basket"])
        XCTAssertEqual(r.registry.entries.map(\.name), ["shop"])
        XCTAssertEqual(StyleScan.findings(r), [])
    }

    func testComponentsRenamedOpenAndRegisterAreLearntFromTheCopiedRouter() throws {
        // The framework copied under other names, its `open` and `register` too: a method taking a module
        // type opens (`show(_:parameters:)`, and its string overload), one named `register…` registers.
        let r = try scan([
            "Core/Screen.swift": """
                protocol Screen: AnyObject {
                    static var route: String { get }
                    init(router: ScreenRouter)
                }
                protocol ScreenRouter: AnyObject {
                    func registerScreen(_ type: Screen.Type)
                    func show(_ type: Screen.Type, parameters: [String: Any]?)
                    func show(_ route: String, parameters: [String: Any]?)
                }
                final class Navigation: ScreenRouter {
                    private var types: [String: Screen.Type] = [:]
                    func registerScreen(_ type: Screen.Type) { types[type.route] = type }
                    func show(_ type: Screen.Type, parameters: [String: Any]?) { show(type.route, parameters: parameters) }
                    func show(_ route: String, parameters: [String: Any]?) { _ = types[route]?.init(router: self) }
                }
                """,
            "App/Screens.swift": """
                final class AppDelegate: UIResponder, UIApplicationDelegate {
                    func start(router: ScreenRouter) {
                        router.registerScreen(InboxScreen.self)
                        router.registerScreen(MessageScreen.self)
                        router.show(InboxScreen.self, parameters: nil)
                    }
                }
                final class InboxScreen: Screen {
                    static let route = "inbox"
                    let router: ScreenRouter
                    init(router: ScreenRouter) { self.router = router }
                    func select() { router.show("message", parameters: ["id": 1]) }
                    func compose() { router.show(DraftScreen.self, parameters: nil) }
                }
                final class MessageScreen: Screen {
                    static let route = "message"
                    init(router: ScreenRouter) {}
                }
                final class DraftScreen: Screen {
                    static let route = "draft"
                    init(router: ScreenRouter) {}
                }
                """,
        ])
        XCTAssertEqual(r.summary.styles, [.components])
        XCTAssertEqual(r.registry.handlers.first?.routes.map(\.route), ["inbox", "message"])
        XCTAssertEqual(StyleScan.edges(r), ["InboxScreen -> draft", "InboxScreen -> message"])
        XCTAssertEqual(r.registry.entries.map(\.name), ["inbox"])
        // DraftScreen is shown but never registered: nothing shows it (the planted findings).
        XCTAssertEqual(StyleScan.findings(r), ["unhandled-route Screens.swift:13", "unreachable-feature Screens.swift:19"])
    }

    func testComponentsRenamedProtocolRegisterWithContainerAndModuleURLs() throws {
        // The framework copied into the app under other names (`ModuleProtocol`, a module manager),
        // `register(X.self, with: container)`, and `router.open(URL(string: "modules://main/…")!)`.
        let r = try scan([
            "Core/ModuleProtocol.swift": """
                public typealias Route = String
                public protocol ModuleProtocol: AnyObject {
                    static var route: Route { get }
                    init(router: RouterProtocol, navigator: NavigatorProtocol)
                    func open(path: String?, parameters: [String: String]?, callback: (([String: String]?) -> Void)?)
                }
                public protocol RouterProtocol: AnyObject {
                    func open(_ module: ModuleProtocol.Type, parameters: [String: String]?, callback: (([String: String]?) -> Void)?)
                    func open(_ url: URL, callback: (([String: String]?) -> Void)?)
                }
                public class ModuleManager {
                    public func register(_ moduleType: ModuleProtocol.Type) {}
                    public func register(_ moduleType: ModuleProtocol.Type, with container: Container) { register(moduleType) }
                }
                """,
            "App/AppDelegate.swift": """
                final class AppDelegate: UIResponder, UIApplicationDelegate {
                    var router: RouterProtocol!
                    func start(manager: ModuleManager) {
                        manager.register(MainModule.self)
                        manager.register(AuthModule.self, with: AuthContainer())
                        router.open(MainModule.self, parameters: nil, callback: nil)
                    }
                }
                """,
            "App/Modules.swift": """
                final class MainModule: ModuleProtocol {
                    static let route = "main"
                    let router: RouterProtocol
                    init(router: RouterProtocol, navigator: NavigatorProtocol) { self.router = router }
                    func open(path: String?, parameters: [String: String]?, callback: (([String: String]?) -> Void)?) {
                        router.open(AuthModule.self, parameters: nil, callback: callback)
                    }
                }
                final class AuthModule: ModuleProtocol {
                    static let route = "auth"
                    let router: RouterProtocol
                    init(router: RouterProtocol, navigator: NavigatorProtocol) { self.router = router }
                    func open(path: String?, parameters: [String: String]?, callback: (([String: String]?) -> Void)?) {
                        router.open(URL(string: "modules://main/app_view")!, callback: nil)
                        router.open(URL(string: "https://example.com/help")!, callback: nil)
                    }
                }
                """,
        ])
        XCTAssertEqual(r.registry.handlers.first?.routes.map { "\($0.route) \($0.feature)" }, ["auth AuthModule", "main MainModule"])
        XCTAssertEqual(r.registry.handlers.first?.origin.source?.file.hasSuffix("AppDelegate.swift"), true,
                       "the registrations are the app's, not the module manager's forwarding")
        XCTAssertEqual(StyleScan.edges(r), ["AuthModule -> main", "MainModule -> auth"])
        XCTAssertEqual(StyleScan.warnings(r), [], "a URL that names no module is not this style's")
    }

    // MARK: - ModuleFactory variants

    func testModuleFactoryTwoLevelsNestedPagesAndRouterHelpers() throws {
        // A product router holding module constructors behind a second level, a nested page enum,
        // module types conforming to one of two `parameters:` protocols, and `navigateToX` helpers in an
        // extension of the app router.
        let r = try scan([
            "Routing/Modules.swift": """
                public protocol IModule { func presentView(parameters: [String: Any]) }
                public protocol IWireframe { func presentView(parameters: [String: Any]) }
                public protocol Module { var routePath: String { get } }
                public enum Products {
                    case shop
                    public enum Shop: Module {
                        case home, details, orphan
                        public var routePath: String {
                            switch self {
                            case .home: return "/shop/home"
                            case .details: return "/shop/details"
                            case .orphan: return "/shop/orphan"
                            }
                        }
                    }
                }
                public protocol IProductRouter: AnyObject { func presentModule(module: Module, parameters: [String: Any]) }
                """,
            "Routing/AppRouter.swift": """
                class AppRouter: IProductRouter {
                    let products: [String: (AppRouter) -> IProductRouter] = ["shop": { ShopRouter(router: $0) }]
                    func presentModule(module: Module, parameters: [String: Any]) {
                        if let make = products["shop"] { make(self).presentModule(module: module, parameters: parameters) }
                    }
                }
                extension AppRouter {
                    public func navigateToDetails() {
                        presentModule(module: Products.Shop.details, parameters: [:])
                    }
                }
                class ShopRouter: IProductRouter {
                    let router: AppRouter
                    let modules: [String: (AppRouter) -> IModule] = [
                        Products.Shop.home.routePath: { HomeModule(router: $0) },
                        Products.Shop.details.routePath: { DetailsModule(router: $0) },
                    ]
                    init(router: AppRouter) { self.router = router }
                    func presentModule(module: Module, parameters: [String: Any]) {
                        if let make = modules[module.routePath] { make(router).presentView(parameters: parameters) }
                    }
                }
                """,
            "App/AppDelegate.swift": """
                final class AppDelegate: UIResponder, UIApplicationDelegate {
                    let router = AppRouter()
                    func start() { router.presentModule(module: Products.Shop.home, parameters: [:]) }
                }
                """,
            "Modules/Home.swift": """
                class HomeModule: IModule {
                    let router: AppRouter
                    init(router: AppRouter) { self.router = router }
                    func presentView(parameters: [String: Any]) { HomeWireframe(router: router).presentView(parameters: parameters) }
                }
                class HomeWireframe: IWireframe {
                    let router: AppRouter
                    init(router: AppRouter) { self.router = router }
                    func presentView(parameters: [String: Any]) {}
                    func detailsTapped() { router.navigateToDetails() }
                }
                class DetailsModule: IModule {
                    init(router: AppRouter) {}
                    func presentView(parameters: [String: Any]) {}
                }
                """,
        ])
        XCTAssertEqual(r.summary.styles, [.moduleFactory])
        XCTAssertEqual(r.registry.routes.map(\.id), ["/shop/details", "/shop/home", "/shop/orphan"])
        XCTAssertEqual(r.registry.features.map(\.name), ["DetailsModule", "HomeModule"], "wireframes are not screens")
        XCTAssertEqual(r.registry.handlers.flatMap(\.routes).map { "\($0.route) \($0.feature)" }, ["/shop/details DetailsModule", "/shop/home HomeModule"])
        XCTAssertEqual(StyleScan.edges(r), ["HomeModule -> /shop/details"], "the helper's page, from where the helper is called")
        XCTAssertEqual(r.registry.entries.map(\.name), ["/shop/home"])
        XCTAssertEqual(r.registry.unfollowed, [], "the product router passing `module` on is plumbing")
    }

    func testModuleFactoryHelperMappingAStringToAPageInsideTheRouter() throws {
        // `presentRoutePath(routePath:)` turns a run-time string into a page through the page enum: the
        // page is decided in the router, so the edge is the helper's caller's.
        let r = try scan([
            "Router.swift": """
                protocol IModule { func presentView(parameters: [String: Any]) }
                protocol Module { var routePath: String { get } }
                enum Chat: Module {
                    case home
                    var routePath: String { switch self { case .home: return "/chat/home" } }
                    static func getModule(routePath: String) -> Chat { return .home }
                }
                class AppRouter {
                    static let shared = AppRouter()
                    let modules: [String: (AppRouter) -> IModule] = [Chat.home.routePath: { HomeModule(router: $0) }]
                    func presentModule(module: Module, parameters: [String: Any]) {}
                    func presentRoutePath(routePath: String) {
                        presentModule(module: Chat.getModule(routePath: routePath), parameters: [:])
                    }
                }
                class HomeModule: IModule {
                    init(router: AppRouter) {}
                    func presentView(parameters: [String: Any]) { let vc = HomeViewController() }
                }
                class HomeViewController: UIViewController {
                    func menuTapped(route: String) { AppRouter.shared.presentRoutePath(routePath: route) }
                }
                """,
        ], style: .moduleFactory)
        XCTAssertEqual(StyleScan.edges(r), ["HomeModule -> /chat/home"])
        XCTAssertEqual(StyleScan.warnings(r), [])
    }

    func testModuleFactoryTableFilledBySubscript() throws {
        let r = try scan([
            "Factory.swift": """
                protocol BaseModule: AnyObject { func displayPage(parameters: [String: Any]) }
                protocol Module { var moduleKey: String { get } }
                protocol ProductRouter: AnyObject { func presentModule(_ module: Module, parameters: [String: Any]) }
                enum PageModule: Module {
                    case home, history
                    var moduleKey: String {
                        switch self {
                        case .home: return "home-key"
                        case .history: return "history-key"
                        }
                    }
                }
                class ModuleFactory: ProductRouter {
                    var modules: [String: BaseModule] {
                        var result: [String: BaseModule] = [:]
                        let home = HomeModule()
                        result[PageModule.home.moduleKey] = home
                        result[PageModule.history.moduleKey] = HistoryModule()
                        return result
                    }
                    func presentModule(_ module: Module, parameters: [String: Any]) {
                        modules[module.moduleKey]?.displayPage(parameters: parameters)
                    }
                }
                class HomeModule: BaseModule {
                    var router: ProductRouter?
                    func displayPage(parameters: [String: Any]) { router?.presentModule(PageModule.history, parameters: [:]) }
                }
                class HistoryModule: BaseModule { func displayPage(parameters: [String: Any]) {} }
                """,
        ])
        XCTAssertEqual(r.registry.handlers.flatMap(\.routes).map { "\($0.route) \($0.feature)" }, ["history-key HistoryModule", "home-key HomeModule"])
        XCTAssertEqual(StyleScan.edges(r), ["HomeModule -> history-key"])
    }

    // MARK: - Featherweight variants

    func testFeatherweightPresentersWithArgumentsRegexAndStore() throws {
        let r = try scan([
            "Router.swift": """
                func appRouter(store: Store) -> Router<UIViewController> {
                    return Router(tabBarPresenter()).junction([
                        Router(navigationPresenter("Feed")).stack([
                            Router(listPresenter(store, kind: "feed")).route("feed", children: [
                                Router(itemPresenter(store)).route("feed/\\\\d+"),
                            ]),
                        ]),
                        Router(navigationPresenter("Saved")).stack([
                            Router(listPresenter(store, kind: "saved")).route("saved"),
                        ]),
                    ])
                }
                func coordinator() {
                    let store = Store()
                    let router = appRouter(store)
                    store.subscribe { state in router.setRoute(state.route) }
                    store.setPath("feed")
                }
                func listPresenter(store: Store, kind: String) -> RouterDelegate<UIViewController> {
                    let vc = ListViewController(kind: kind)
                    vc.onSelect = { id in store.setPath("feed/42") }
                    return RouterDelegate() { vc }
                }
                func itemPresenter(store: Store) -> RouterDelegate<UIViewController> { RouterDelegate() { UIViewController() } }
                """,
        ])
        XCTAssertEqual(r.registry.features.map(\.name), ["itemPresenter", "listPresenter(kind: feed)", "listPresenter(kind: saved)", "tabBarPresenter"])
        XCTAssertEqual(r.registry.routes.map(\.id), ["feed", "feed/\\d+", "saved"])
        // The path set in a presenter used for two screens is each screen's edge; it matches the regex.
        XCTAssertEqual(StyleScan.edges(r).filter { $0.hasPrefix("listPresenter") }, [
            "listPresenter(kind: feed) -> feed/\\d+", "listPresenter(kind: saved) -> feed/\\d+",
        ])
        XCTAssertEqual(r.registry.unfollowed, [])
        XCTAssertEqual(r.registry.entries.map(\.name).sorted(), ["feed", "tabBarPresenter"])
    }

    // MARK: - Protocol routes variants

    func testProtocolRoutesThroughABuilderFactoryAndAGenericBaseController() throws {
        let r = try scan([
            "Routes.swift": """
                public protocol RouterProtocol { var viewController: UIViewController { get } }
                protocol CatalogRoute { func openCatalog() }
                extension CatalogRoute where Self: RouterProtocol {
                    func openCatalog() {
                        let controller = CatalogModuleBuilder.build()
                        viewController.navigationController?.pushViewController(controller, animated: true)
                    }
                }
                enum CatalogModuleBuilder {
                    static func build() -> UIViewController { CatalogViewController() }
                }
                open class BaseViewController<V: UIView>: UIViewController {}
                final class CatalogViewController: BaseViewController<UIView> {}
                struct HomeRouter: RouterProtocol, CatalogRoute { let viewController: UIViewController }
                """,
        ])
        XCTAssertEqual(r.registry.routes.map(\.id), ["CatalogRoute"])
        XCTAssertEqual(r.registry.handlers.flatMap(\.routes).map(\.feature), ["CatalogViewController"])
    }

    func testProtocolRoutesVariantOpeningsBesideTheRequirement() throws {
        // `modalRegister()` in the route's extension, beside the required `pushRegister()`, builds the
        // same screen: calling it opens the route.
        let r = try scan([
            "Routes.swift": """
                protocol RouterProtocol: AnyObject { func open(_ vc: UIViewController) }
                protocol RegisterRoute { func pushRegister() }
                extension RegisterRoute where Self: RouterProtocol {
                    func pushRegister() { open(RegisterViewController()) }
                    func modalRegister() { open(RegisterViewController()) }
                    func logRegister() { print("register") }
                }
                final class RegisterViewController: UIViewController {}
                final class AppRouter: RouterProtocol, RegisterRoute { func open(_ vc: UIViewController) {} }
                final class LoginViewModel {
                    let router: RegisterRoute & RouterProtocol
                    init(router: AppRouter) { self.router = router }
                    func signUp() { router.modalRegister() }
                    func log() { router.logRegister() }
                }
                final class LoginViewController: UIViewController {
                    let viewModel = LoginViewModel(router: AppRouter())
                }
                """,
        ])
        XCTAssertEqual(StyleScan.edges(r), ["LoginViewController -> RegisterRoute"], "logRegister() builds no screen: not an opening")
    }

    // MARK: - Old syntax

    func testFilesThatDoNotParseAreNamedInTheTotals() throws {
        let r = try scan([
            "A.swift": """
                func appRouter() -> Router<UIViewController> {
                    return Router(aPresenter()).route("a")
                }
                """,
            "Old.swift": """
                func loop(xs: [Int] -> Void) {
                    for var i = 0; i < 3; ++i { }
                }
                func bPresenter() {}
                """,
        ])
        XCTAssertEqual(r.summary.unparsedFiles.count, 1)
        XCTAssertTrue(r.summary.line.contains("1 file did not parse (read as far as they do): "), r.summary.line)
        XCTAssertTrue(r.summary.line.hasSuffix("Old.swift"), r.summary.line)
        var summary = ScanSummary()
        summary.unparsedFiles = (1...7).map { "F\($0).swift" }
        XCTAssertTrue(summary.line.hasSuffix("; 7 files did not parse (read as far as they do): F1.swift, F2.swift, F3.swift, F4.swift, F5.swift and 2 more"), summary.line)
    }
}
