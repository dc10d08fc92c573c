import Foundation
import NavGraphKit
import XCTest
@testable import NavGraphScan

/// The AppRouter / ModuleFactory style: a page enum with per-case keys, a table or factory from keys
/// to modules, `presentModule(…)` calls.
final class ModuleFactoryTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-mf-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    /// A page enum (`Page`: home "home", detail "detail", extra "extra"), the module protocol, the router
    /// with its table (home, detail), an app delegate that presents `.home`, and the given files.
    /// The page enum with the given key expressions (as written) and the module protocol.
    static func page(home: String, detail: String, extra: String) -> String {
        """
        enum Page {
            case home, detail, extra
            var moduleKey: String {
                switch self {
                case .home: return \(home)
                case .detail: return \(detail)
                case .extra: return \(extra)
                }
            }
        }
        protocol IModule { func presentView(parameters: [String: Any]) }
        """
    }

    /// The router with its table (home → HomeModule, detail → DetailModule) and the two modules.
    static let router = """
            final class AppRouter {
                static let shared = AppRouter()
                let modules: [String: (AppRouter) -> IModule] = [
                    Page.home.moduleKey: { HomeModule(router: $0) },
                    Page.detail.moduleKey: { DetailModule(router: $0) },
                ]
                func presentModule(module: Page, parameters: [String: Any]) {
                    modules[module.moduleKey]?(self).presentView(parameters: parameters)
                }
            }
            final class HomeModule: IModule {
                let router: AppRouter
                init(router: AppRouter) { self.router = router }
                func presentView(parameters: [String: Any]) { _ = HomeView(router: router) }
            }
            final class DetailModule: IModule {
                let router: AppRouter
                init(router: AppRouter) { self.router = router }
                func presentView(parameters: [String: Any]) {}
            }
            """

    /// The router with a table of all three pages (home, detail, extra → their modules), and `also`.
    static func threePageRouter(also: String = "") -> String {
        """
        final class AppRouter {
            static let shared = AppRouter()
            let modules: [String: (AppRouter) -> IModule] = [
                Page.home.moduleKey: { HomeModule(router: $0) },
                Page.detail.moduleKey: { DetailModule(router: $0) },
                Page.extra.moduleKey: { ExtraModule(router: $0) },
            ]
            func presentModule(module: Page, parameters: [String: Any]) {
                modules[module.moduleKey]?(self).presentView(parameters: parameters)
            }
            \(also)
        }

        """
    }

    func scan(_ files: [String: String], style: RoutingStyle? = nil) throws -> ScanResult {
        var all = files
        all["Sources/Core/Page.swift"] = all["Sources/Core/Page.swift"] ?? Self.page(home: #""home""#, detail: #""detail""#, extra: #""extra""#)
        all["Sources/App/Router.swift"] = all["Sources/App/Router.swift"] ?? Self.router
        all["Sources/App/AppDelegate.swift"] = all["Sources/App/AppDelegate.swift"] ?? """
            final class AppDelegate: UIResponder, UIApplicationDelegate {
                func start() { AppRouter.shared.presentModule(module: .home, parameters: [:]) }
            }
            """
        try StyleScan.write(all, to: dir)
        var config = ScanConfiguration()
        if let style { config.styles = [style] }
        return try SwiftSourceScanner(configuration: config).scan(paths: [dir])
    }

    func edges(_ r: ScanResult) -> [String] { StyleScan.edges(r) }
    func warnings(_ r: ScanResult) -> [String] { StyleScan.warnings(r) }
    func findings(_ r: ScanResult) -> [String] { StyleScan.findings(r) }

    // MARK: The example app

    func testExampleAppScansToItsRegistryAndReportsThePlantedFindings() throws {
        let result = try StyleScan.example("ModuleFactoryApp")
        // `--style auto` reads this app as module-factory and nothing else.
        XCTAssertEqual(result.summary.styles, [.moduleFactory])
        XCTAssertEqual(findings(result), [
            "duplicate-route PageModule.swift:8",
            "unhandled-route TripListPresenter.swift:16",
            "unreachable-feature AboutModule.swift:4",
            "unreachable-feature ExportModule.swift:5",
            "unused-route PageModule.swift:11",
        ])
        XCTAssertEqual(warnings(result), ["parameter-never-passed SettingsModule.swift:7"])
        XCTAssertEqual(edges(result), [
            "HomeModule -> settings", "HomeModule -> trips",
            "SettingsModule -> settings",
            "TripListModule -> map/legacy", "TripListModule -> trips/detail",
        ])
        XCTAssertEqual(result.registry.entries.map(\.name), ["home"])
        // The base class every module inherits from is not a page.
        XCTAssertFalse(result.registry.features.contains { $0.name == "BaseModule" })
        XCTAssertEqual(result.registry.handlers.map(\.name), ["AppRouter", "SettingsModuleFactory"])
    }

    // MARK: Keys

    func testKeysFromASwitchOverSelfAndFromRawValues() throws {
        let r = try scan([:])
        XCTAssertEqual(r.registry.routes.map(\.id), ["detail", "extra", "home"])
        XCTAssertEqual(r.registry.routes.map { $0.type ?? "" }, ["Page.detail", "Page.extra", "Page.home"])

        let raw = try scan(["Sources/Core/Page.swift": """
            enum Page: String { case home = "pages/home", detail, extra = "pages/extra" }
            protocol IModule { func presentView(parameters: [String: Any]) }
            """, "Sources/App/Start.swift": "final class Start { func go() { AppRouter.shared.presentModule(module: .home, parameters: [:]) } }"])
        // `detail` has no raw value written: a String enum's case name is its raw value.
        XCTAssertEqual(raw.registry.routes.map(\.id), ["detail", "pages/extra", "pages/home"])
    }

    func testAKeyTheScannerCannotReadIsAWarning() throws {
        let r = try scan(["Sources/Core/Page.swift": Self.page(home: #""home""#, detail: #""detail""#, extra: "Config.current.extraKey"), "Sources/App/Start.swift": "final class Start { func go() { AppRouter.shared.presentModule(module: .home, parameters: [:]) } }"])
        XCTAssertEqual(r.registry.routes.map(\.id), ["detail", "home"])
        XCTAssertTrue(warnings(r).contains("identifier-unreadable Page.swift:2"), "\(warnings(r))")
    }

    // MARK: Value flow of the page argument

    func testPagesThroughWrappersPropertiesAndChoicesResolve() throws {
        let r = try scan(["Sources/App/HomeView.swift": """
            final class HomeView {
                let router: AppRouter
                private let next = Page.detail
                init(router: AppRouter) { self.router = router }
                func open(_ page: Page) { router.presentModule(module: page, parameters: [:]) }
                func tapped() { open(.detail) }
                func other(flag: Bool) { router.presentModule(module: flag ? next : Page.extra, parameters: [:]) }
            }
            """])
        XCTAssertEqual(edges(r), ["HomeModule -> detail", "HomeModule -> extra"])
        XCTAssertTrue(r.explanations.allSatisfy(\.isResolved), "\(r.explanations)")
        XCTAssertEqual(warnings(r), [])
        // `extra` has no module in the table.
        XCTAssertTrue(findings(r).contains("unhandled-route HomeView.swift:7"), "\(findings(r))")
    }

    func testAPageTheScannerCannotFollowStaysUnresolved() throws {
        let r = try scan(["Sources/App/HomeView.swift": """
            final class HomeView {
                let router: AppRouter
                init(router: AppRouter) { self.router = router }
                func restore(saved: String) { router.presentModule(module: Page(rawValue: saved)!, parameters: [:]) }
                func open(_ page: Page) { router.presentModule(module: page, parameters: [:]) }
            }
            """])
        XCTAssertEqual(edges(r), [])
        XCTAssertEqual(warnings(r), ["navigate-unresolved HomeView.swift:4", "navigate-unresolved HomeView.swift:5"])
    }

    func testPresentingFromTheAppDelegateIsAnEntryAndFromNowhereIsUnattributed() throws {
        let r = try scan([
            "Sources/App/AppDelegate.swift": """
            final class AppDelegate: UIResponder, UIApplicationDelegate {
                func start() { AppRouter.shared.presentModule(module: .home, parameters: [:]) }
            }
            """,
            "Sources/App/Orphan.swift": "final class Orphan { func go() { AppRouter.shared.presentModule(module: .detail, parameters: [:]) } }",
        ])
        XCTAssertEqual(r.registry.entries.map(\.name), ["home"])
        XCTAssertEqual(warnings(r), ["navigate-unattributed Orphan.swift:1"])
        XCTAssertEqual(edges(r), [])
    }

    // MARK: Handlers

    func testAFactorySwitchMapsKeysAndAShadowedCaseMapsNothing() throws {
        let r = try scan(["Sources/App/Router.swift": """
            final class AppRouter {
                static let shared = AppRouter()
                func module(for key: String) -> IModule? {
                    switch key {
                    case Page.home.moduleKey: return HomeModule()
                    case Page.detail.moduleKey: return DetailModule()
                    case Page.home.moduleKey: return ExtraModule()
                    default: return nil
                    }
                }
                func presentModule(module: Page, parameters: [String: Any]) { module(for: module.moduleKey)?.presentView(parameters: parameters) }
            }
            final class HomeModule: IModule { func presentView(parameters: [String: Any]) {} }
            final class DetailModule: IModule { func presentView(parameters: [String: Any]) {} }
            final class ExtraModule: IModule { func presentView(parameters: [String: Any]) {} }
            """])
        let mappings = r.registry.handlers.flatMap { h in h.routes.map { "\(h.name): \($0.route) -> \($0.feature)" } }
        XCTAssertEqual(mappings, ["AppRouter: detail -> DetailModule", "AppRouter: home -> HomeModule"])
        XCTAssertTrue(findings(r).contains("unreachable-feature Router.swift:15"), "\(findings(r))")
    }

    func testATableEntryWithoutAReadableModuleIsAWarning() throws {
        let r = try scan(["Sources/App/Router.swift": """
            final class AppRouter {
                static let shared = AppRouter()
                let modules: [String: (AppRouter) -> IModule] = [
                    Page.home.moduleKey: { HomeModule(router: $0) },
                    Page.detail.moduleKey: makeDetail,
                ]
                func presentModule(module: Page, parameters: [String: Any]) {}
            }
            final class HomeModule: IModule {
                init(router: AppRouter) {}
                func presentView(parameters: [String: Any]) {}
            }
            """])
        XCTAssertEqual(r.registry.handlers.flatMap(\.routes).map(\.route), ["home"])
        XCTAssertEqual(warnings(r), ["destination-unreadable Router.swift:5"])
    }

    func testOtherDictionariesAreNotTables() throws {
        let r = try scan(["Sources/App/Params.swift": """
            final class Params {
                let defaults: [String: Any] = ["home": 1, "detail": 2]
                let others: [String: IModule] = ["x": HomeModule(router: AppRouter.shared)]
            }
            """])
        XCTAssertEqual(r.registry.handlers.map(\.name), ["AppRouter"])
        XCTAssertEqual(warnings(r), [])
    }

    // MARK: Parameters

    func testAParameterNoCallerPassesIsAWarning() throws {
        let router = Self.router.replacingOccurrences(
            of: "func presentView(parameters: [String: Any]) {}",
            with: #"func presentView(parameters: [String: Any]) { print(parameters["id"] ?? "", parameters["mode"] ?? "") }"#)
        let r = try scan(["Sources/App/HomeView.swift": """
            final class HomeView {
                let router: AppRouter
                init(router: AppRouter) { self.router = router }
                func a() { router.presentModule(module: .detail, parameters: ["id": 3]) }
                func b() { router.presentModule(module: Page.detail, parameters: [:]) }
            }
            """, "Sources/App/Router.swift": router])
        // `id` is passed by one caller; `mode` by none.
        XCTAssertEqual(warnings(r), ["parameter-never-passed Router.swift:19"])
        XCTAssertTrue(r.diagnostics.contains { $0.message.contains(#"DetailModule reads parameters["mode"]"#) }, "\(r.diagnostics)")

        // A caller that passes a dictionary the scanner cannot list may pass anything: no warning.
        let open = try scan(["Sources/App/HomeView.swift": """
            final class HomeView {
                let router: AppRouter
                init(router: AppRouter) { self.router = router }
                func a(extra: [String: Any]) { router.presentModule(module: .detail, parameters: extra) }
            }
            """, "Sources/App/Router.swift": router])
        XCTAssertEqual(warnings(open), [])
    }

    // MARK: Names are data

    func testHostileKeysStayData() throws {
        let r = try scan(["Sources/Core/Page.swift": Self.page(
            home: #""<script>alert(1)</script>""#, detail: #""a\"b: [c]\nd""#, extra: #""extra""#)])
        XCTAssertEqual(Set(r.registry.routes.map(\.id)), ["<script>alert(1)</script>", "a\"b: [c]\nd", "extra"])
        let yaml = RegistryWriter.yaml(r.registry)
        let back = try RegistryLoader().load(text: yaml, file: "r.yml")
        XCTAssertEqual(Set(back.routes.map(\.id)), Set(r.registry.routes.map(\.id)))
        XCTAssertEqual(back.entries.map(\.name), ["<script>alert(1)</script>"])
    }

    /// The presenting method is learnt from the declarations, under any name: `show(_:parameters:)` of a
    /// `ScreenRouting` protocol whose page is an enum with per-case keys and whose conforming factory
    /// backs it with a key → module table. A method of another type taking the same enum (analytics)
    /// with no such table, and the router's method that returns a controller (a factory), are not learnt.
    func testAPresentingMethodUnderAnotherNameIsLearntFromTheDeclarations() throws {
        try StyleScan.write([
            "Sources/Core/Screens.swift": """
                enum Screen {
                    case feed, post, profile, about
                    var key: String {
                        switch self {
                        case .feed: return "feed"
                        case .post: return "post"
                        case .profile: return "profile"
                        case .about: return "about"
                        }
                    }
                }
                protocol ScreenModule { func start(parameters: [String: Any]) }
                protocol ScreenRouting: AnyObject {
                    func show(_ screen: Screen, parameters: [String: Any])
                    func controller(_ screen: Screen) -> UIViewController?
                }
                final class Analytics { func track(_ screen: Screen, parameters: [String: Any]) {} }
                """,
            "Sources/App/ScreenFactory.swift": """
                final class ScreenFactory: ScreenRouting {
                    private var modules: [String: ScreenModule] {
                        [
                            Screen.feed.key: FeedModule(router: self),
                            Screen.post.key: PostModule(router: self),
                            Screen.profile.key: ProfileModule(),
                        ]
                    }
                    func show(_ screen: Screen, parameters: [String: Any]) { modules[screen.key]?.start(parameters: parameters) }
                    func controller(_ screen: Screen) -> UIViewController? { nil }
                }
                """,
            "Sources/App/Modules.swift": """
                final class FeedModule: ScreenModule {
                    let router: ScreenRouting
                    init(router: ScreenRouting) { self.router = router }
                    func start(parameters: [String: Any]) {
                        router.show(.post, parameters: ["id": 1])
                        _ = router.controller(.profile)
                    }
                }
                final class PostModule: ScreenModule {
                    let router: ScreenRouting
                    init(router: ScreenRouting) { self.router = router }
                    func start(parameters: [String: Any]) {
                        Analytics().track(.profile, parameters: [:])
                        router.show(.about, parameters: [:])
                    }
                }
                final class ProfileModule: ScreenModule { func start(parameters: [String: Any]) {} }
                """,
            "Sources/App/AppDelegate.swift": """
                final class AppDelegate: UIResponder, UIApplicationDelegate {
                    let router: ScreenRouting = ScreenFactory()
                    func start() { router.show(.feed, parameters: [:]) }
                }
                """,
        ], to: dir)
        let r = try SwiftSourceScanner().scan(paths: [dir])
        XCTAssertEqual(r.summary.styles, [.moduleFactory])
        XCTAssertEqual(r.registry.routes.map(\.id), ["about", "feed", "post", "profile"])
        XCTAssertEqual(r.registry.entries.map(\.name), ["feed"])
        XCTAssertEqual(edges(r), ["FeedModule -> post", "PostModule -> about"])
        // `.about` has no module; ProfileModule is only tracked, never shown.
        XCTAssertEqual(findings(r), [
            "unhandled-route Modules.swift:14", "unreachable-feature Modules.swift:17", "unused-route Screens.swift:2",
        ])
    }

    /// The article's module protocol with more after `parameters:` (`presentView(parameters:presentType:)`),
    /// a page enum nested in a products enum with its key from a `switch self`, and a table of
    /// constructors taking the router (`[String: (AppRouting) -> IModule]`): the shape a blind public
    /// app of this style used (its 0 modules gave a false unhandled-route error).
    func testModulesWithMoreThanParametersInTheirPresentingRequirementAreRead() throws {
        try StyleScan.write([
            "Sources/Core/Module.swift": """
                enum PresentType { case root, push }
                protocol IModule { func presentView(parameters: [String: Any], presentType: PresentType) }
                protocol Module { var routePath: String { get } }
                enum Products {
                    enum Shop: Module {
                        case catalog
                        case basket
                        var routePath: String {
                            switch self {
                            case .catalog: return "/shop/catalog"
                            case .basket: return "/shop/basket"
                            }
                        }
                    }
                }
                protocol AppRouting: AnyObject { func presentModule(module: Module, parameters: [String: Any], presentType: PresentType) }
                """,
            "Sources/Core/ShopRouter.swift": """
                final class ShopRouter {
                    let router: AppRouting
                    let modules: [String: (AppRouting) -> IModule] = [
                        Products.Shop.catalog.routePath: { CatalogModule(router: $0) },
                        Products.Shop.basket.routePath: { BasketModule(router: $0) },
                    ]
                    init(router: AppRouting) { self.router = router }
                    func presentModule(module: Module, parameters: [String: Any], presentType: PresentType) {
                        if let make = modules[module.routePath] { make(router).presentView(parameters: parameters, presentType: presentType) }
                    }
                }
                """,
            "Sources/Shop/Modules.swift": """
                final class CatalogModule: IModule {
                    let router: AppRouting
                    init(router: AppRouting) { self.router = router }
                    func presentView(parameters: [String: Any], presentType: PresentType) {}
                    func openBasket() { router.presentModule(module: Products.Shop.basket, parameters: [:], presentType: .push) }
                }
                final class BasketModule: IModule {
                    let router: AppRouting
                    init(router: AppRouting) { self.router = router }
                    func presentView(parameters: [String: Any], presentType: PresentType) {}
                }
                """,
            "Sources/App/AppDelegate.swift": """
                final class AppDelegate: UIResponder, UIApplicationDelegate {
                    var router: AppRouting!
                    func start() { router.presentModule(module: Products.Shop.catalog, parameters: [:], presentType: .root) }
                }
                """,
        ], to: dir)
        let r = try SwiftSourceScanner().scan(paths: [dir])
        XCTAssertEqual(r.summary.styles, [.moduleFactory])
        XCTAssertEqual(r.registry.features.map(\.name), ["BasketModule", "CatalogModule"])
        let mappings = r.registry.handlers.flatMap { h in h.routes.map { "\($0.route) -> \($0.feature)" } }
        XCTAssertEqual(mappings, ["/shop/basket -> BasketModule", "/shop/catalog -> CatalogModule"])
        XCTAssertEqual(r.registry.entries.map(\.name), ["/shop/catalog"])
        XCTAssertEqual(edges(r), ["CatalogModule -> /shop/basket"])
        XCTAssertEqual(findings(r), [])
    }

    /// A page enum with no keys at all whose own `switch self` builds the modules, modules whose
    /// requirement takes the parameters by type (`resolve(using params: [String: Any]) -> UIViewController`),
    /// and a router whose presenting methods are `setRoot(to:)` / `push(module:)` beside UIKit's
    /// `present(_:animated:)` (no page: its labels fit no declaration of a presenting method). Each
    /// case is its own route; what the router presents inside its own code is not a direct presentation.
    func testAKeylessPageEnumThatBuildsItsOwnModules() throws {
        try StyleScan.write([
            "Sources/App/Pages.swift": """
                import UIKit
                enum Screen {
                    case gallery, photo
                    func make(using router: Routing) -> Module {
                        switch self {
                        case .gallery: return GalleryModule(router: router)
                        case .photo: return PhotoModule(router: router)
                        }
                    }
                }
                protocol Module { func resolve(using params: [String: Any]) -> UIViewController }
                protocol Routing: AnyObject {
                    func setRoot(to screen: Screen, window: UIWindow?, using params: [String: Any])
                    func push(module screen: Screen, using params: [String: Any])
                }
                final class AppRouter: Routing {
                    var nav = UINavigationController()
                    func setRoot(to screen: Screen, window: UIWindow?, using params: [String: Any] = [:]) {
                        nav = UINavigationController(rootViewController: screen.make(using: self).resolve(using: params))
                        window?.rootViewController = nav
                    }
                    func push(module screen: Screen, using params: [String: Any] = [:]) {
                        nav.pushViewController(screen.make(using: self).resolve(using: params), animated: true)
                    }
                    func alert(_ text: String) { nav.present(UIAlertController(title: text, message: nil, preferredStyle: .alert), animated: true) }
                }
                """,
            "Sources/App/Modules.swift": """
                import UIKit
                final class GalleryModule: Module {
                    let router: Routing
                    init(router: Routing) { self.router = router }
                    func resolve(using params: [String: Any]) -> UIViewController { GalleryViewController(router: router) }
                }
                final class GalleryViewController: UIViewController {
                    let router: Routing
                    init(router: Routing) { self.router = router; super.init(nibName: nil, bundle: nil) }
                    func open() { router.push(module: .photo, using: ["id": 1]) }
                }
                final class PhotoModule: Module {
                    init(router: Routing) {}
                    func resolve(using params: [String: Any]) -> UIViewController { UIViewController() }
                }
                """,
            "Sources/App/AppDelegate.swift": """
                import UIKit
                final class AppDelegate: UIResponder, UIApplicationDelegate {
                    var window: UIWindow?
                    let router = AppRouter()
                    func start() { router.setRoot(to: .gallery, window: window, using: [:]) }
                }
                """,
        ], to: dir)
        let r = try SwiftSourceScanner().scan(paths: [dir])
        XCTAssertEqual(r.summary.styles, [.moduleFactory])
        XCTAssertEqual(r.registry.routes.map(\.id), ["Screen.gallery", "Screen.photo"])
        let mappings = r.registry.handlers.flatMap { h in h.routes.map { "\($0.route) -> \($0.feature)" } }
        XCTAssertEqual(mappings, ["Screen.gallery -> GalleryModule", "Screen.photo -> PhotoModule"])
        XCTAssertEqual(r.registry.entries.map(\.name), ["Screen.gallery"])
        XCTAssertEqual(edges(r), ["GalleryModule -> Screen.photo"])
        XCTAssertEqual(r.summary.navigateCalls, 2, "UIKit's present(_:animated:) is no page")
        XCTAssertEqual(r.registry.unfollowed, [], "the router's own pushes are the router at work")
        XCTAssertEqual(findings(r), [])
    }

    /// A screen pushed around the module router whose view controller several modules' builds reach
    /// (made by wireframes): not an edge, but the modules it may be — all but the one showing it — are
    /// held back as "may be unreachable" instead of reported unreachable. A module nothing shows stays
    /// an error. (A public app's only false error in its set-aside run was this shape.)
    func testAViewControllerPushedAroundTheRouterHoldsBackTheModulesItMayBe() throws {
        let r = try scan([
            "Sources/App/Router.swift": Self.threePageRouter(also: "func show(_ vc: UIViewController) {}") + """
                final class HomeModule: IModule {
                    init(router: AppRouter) {}
                    func presentView(parameters: [String: Any]) { HomeWireframe().start() }
                }
                final class HomeWireframe {
                    func start() { AppRouter.shared.show(HomeViewController()) }
                    func profile() { AppRouter.shared.show(DetailViewController()) }
                }
                final class HomeViewController: UIViewController {
                    @objc func openDetail() { navigationController?.pushViewController(DetailViewController(), animated: true) }
                }
                final class DetailModule: IModule {
                    init(router: AppRouter) {}
                    func presentView(parameters: [String: Any]) { DetailWireframe().start() }
                }
                final class DetailWireframe {
                    func start() { AppRouter.shared.show(DetailViewController()) }
                }
                final class DetailViewController: UIViewController {}
                final class ExtraModule: IModule {
                    init(router: AppRouter) {}
                    func presentView(parameters: [String: Any]) { AppRouter.shared.show(ExtraViewController()) }
                }
                final class ExtraViewController: UIViewController {}
                """,
        ])
        XCTAssertEqual(r.registry.unfollowed.map(\.screens), [["DetailModule"]])
        let graph = NavGraph(registry: r.registry)
        let found = CheckRunner(options: CheckOptions(scenarios: [FlagScenario.defaults(of: r.registry)])).run(graph)
            .filter { $0.ruleID == "unreachable-feature" }.map { "\($0.subject) \($0.severity)" }.sorted()
        XCTAssertEqual(found, ["DetailModule warning", "ExtraModule error"])
    }

    func testTheStyleIsNotDetectedInARouterServiceApp() throws {
        let files = ["Sources/A.swift": """
            struct ARoute: Route { static let identifier = "a" }
            final class HomeFeature: Feature { func build(fromRoute route: Route?) -> UIViewController { UIViewController() } }
            """]
        try StyleScan.write(files, to: dir)
        let r = try SwiftSourceScanner().scan(paths: [dir])
        XCTAssertFalse(r.summary.styles.contains(.moduleFactory))
    }
}
