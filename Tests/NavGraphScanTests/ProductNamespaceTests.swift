import Foundation
import NavGraphKit
import XCTest
@testable import NavGraphScan

/// AppRouter / ModuleFactory apps of session 30's public apps, written anew: a router that picks a
/// product's table by the page's `productName` and then the module by its `routePath` (so two
/// products' page enums may share a path), and page keys interpolated from a part every case shares
/// (`"\(Bundle.appName)/List"`).
final class ProductNamespaceTests: ScanSourcesTestCase {
    static let core = """
        import UIKit
        public protocol Product { var productName: String { get } }
        public protocol Page: Product { var routePath: String { get } }
        public protocol Module { init(_ router: AppRouting); func presentView(parameters: [String: Any]) }
        public protocol ProductRouting { func presentModule(module: Page, parameters: [String: Any]) }
        public protocol AppRouting { func presentModule(module: Page, parameters: [String: Any]) }
        public final class AppRouter: AppRouting {
            public static var products: [String: (AppRouting) -> ProductRouting] = [:]
            public static let shared = AppRouter()
            public func presentModule(module: Page, parameters: [String: Any]) {
                Self.products[module.productName]?(self).presentModule(module: module, parameters: parameters)
            }
        }
        """

    /// `accountsTable`: the accounts product router's table; `extra` is appended to it (a second
    /// enum's shared key listed in the same table makes the duplicate real).
    static func products(accountsTable extra: String = "") -> String {
        """
        public enum Accounts: Page {
            case home, statement
            public var productName: String { "Accounts" }
            public var routePath: String {
                switch self {
                case .home: return "/home"
                case .statement: return "/statement"
                }
            }
        }
        public enum Social: Page {
            case home
            public var productName: String { "Social" }
            public var routePath: String {
                switch self {
                case .home: return "/home"
                }
            }
        }
        final class AccountsHome: Module {
            let router: AppRouting
            init(_ router: AppRouting) { self.router = router }
            func presentView(parameters: [String: Any]) { router.presentModule(module: Accounts.statement, parameters: [:]) }
        }
        final class Statement: Module {
            let router: AppRouting
            init(_ router: AppRouting) { self.router = router }
            func presentView(parameters: [String: Any]) {}
        }
        final class SocialHome: Module {
            let router: AppRouting
            init(_ router: AppRouting) { self.router = router }
            func presentView(parameters: [String: Any]) { router.presentModule(module: Accounts.home, parameters: [:]) }
        }
        final class AccountsRouter: ProductRouting {
            let router: AppRouting
            init(router: AppRouting) { self.router = router }
            let modules: [String: (AppRouting) -> Module] = [
                Accounts.home.routePath: { AccountsHome($0) },
                Accounts.statement.routePath: { Statement($0) },\(extra)
            ]
            func presentModule(module: Page, parameters: [String: Any]) { modules[module.routePath]?(router).presentView(parameters: parameters) }
        }
        final class SocialRouter: ProductRouting {
            let router: AppRouting
            init(router: AppRouting) { self.router = router }
            let modules: [String: (AppRouting) -> Module] = [
                Social.home.routePath: { SocialHome($0) },
            ]
            func presentModule(module: Page, parameters: [String: Any]) { modules[module.routePath]?(router).presentView(parameters: parameters) }
        }
        @main final class AppDelegate: UIResponder, UIApplicationDelegate {
            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                AppRouter.products = ["Accounts": { AccountsRouter(router: $0) }, "Social": { SocialRouter(router: $0) }]
                AppRouter.shared.presentModule(module: Social.home, parameters: [:])
                return true
            }
        }
        """
    }

    /// Each product's `/home` is its own route, handled by its own table: no duplicate, and each edge
    /// reaches the module of the product it names.
    func testTwoProductsMayShareAPathEachInItsOwnTable() throws {
        let r = try scan(["Core": Self.core, "Products": Self.products()])
        XCTAssertEqual(r.summary.styles, [.moduleFactory])
        XCTAssertEqual(r.registry.routes.map(\.id).sorted(), ["/statement", "Accounts:/home", "Social:/home"])
        let mappings = r.registry.handlers.flatMap { h in h.routes.map { "\($0.route) -> \($0.feature)" } }.sorted()
        XCTAssertEqual(mappings, ["/statement -> Statement", "Accounts:/home -> AccountsHome", "Social:/home -> SocialHome"])
        XCTAssertEqual(edges(r), ["AccountsHome -> /statement", "SocialHome -> Accounts:/home"])
        XCTAssertEqual(findings(r).filter { $0.hasPrefix("duplicate-route") || $0.hasPrefix("unreachable") }, [])
    }

    /// One table that lists both enums' `/home` has the key twice: that duplicate is real.
    func testOneTableListingBothEnumsSharedPathIsADuplicate() throws {
        let r = try scan(["Core": Self.core, "Products": Self.products(accountsTable: "\n        Social.home.routePath: { SocialHome($0) },")])
        XCTAssertEqual(r.registry.routes.map(\.id).filter { $0.hasSuffix("/home") }, ["/home", "/home"])
        XCTAssertTrue(findings(r).contains("duplicate-route /home"), "\(findings(r))")
    }

    static func interpolated(_ second: String) -> String {
        """
        import UIKit
        public protocol Page { var routePath: String { get } }
        public protocol Module { func presentView(parameters: [String: Any]) }
        extension Bundle { static func appName() -> String { "App" } }
        public enum Pages: Page {
            case list, detail
            public var routePath: String {
                switch self {
                case .list: return "\\(Bundle.appName())/List"
                case .detail: return \(second)
                }
            }
        }
        final class ListModule: Module {
            func presentView(parameters: [String: Any]) { AppRouter.shared.presentModule(module: Pages.detail, parameters: [:]) }
        }
        final class DetailModule: Module { func presentView(parameters: [String: Any]) {} }
        final class AppRouter {
            static let shared = AppRouter()
            var modules: [String: () -> Module] = [:]
            func presentModule(module: Page, parameters: [String: Any]) { modules[module.routePath]?().presentView(parameters: parameters) }
        }
        @main final class AppDelegate: UIResponder, UIApplicationDelegate {
            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                AppRouter.shared.modules = [Pages.list.routePath: { ListModule() }, Pages.detail.routePath: { DetailModule() }]
                AppRouter.shared.presentModule(module: Pages.list, parameters: [:])
                return true
            }
        }
        """
    }

    /// Keys interpolated from one shared part are told apart by what each case writes.
    func testKeysInterpolatedFromASharedPartAreRoutes() throws {
        let r = try scan(["App": Self.interpolated(#""\(Bundle.appName())/Detail""#)])
        XCTAssertEqual(r.registry.routes.map(\.id).sorted(), [#"\(Bundle.appName())/Detail"#, #"\(Bundle.appName())/List"#])
        XCTAssertEqual(edges(r), [#"ListModule -> \(Bundle.appName())/Detail"#])
        XCTAssertEqual(r.summary.navigateResolved, r.summary.navigateCalls)
    }

    /// Two cases that write the same interpolated text (or read `self`) may differ at run time: no key.
    func testAnInterpolationTwoCasesShareIsNoKey() throws {
        let r = try scan(["App": Self.interpolated(#""\(Bundle.appName())/List""#)])
        XCTAssertEqual(r.registry.routes.map(\.id), [])
        XCTAssertLessThan(r.summary.navigateResolved, r.summary.navigateCalls)
        let selfRead = try scan(["App": Self.interpolated(#""\(Bundle.appName())/\(self)""#)])
        XCTAssertEqual(selfRead.registry.routes.map(\.id), [#"\(Bundle.appName())/List"#])
    }

    /// The router's protocols come from a package outside the sources (`import AppsRouter`): the
    /// modules are what the products' tables build (not the product routers that hold the tables);
    /// an enum a table is keyed through is a page enum even when the app only gets its pages
    /// (`appRouter.getModule(module: Food.home)`), and such a getter returns the page's module
    /// for the tab bar that shows it. (The app's table of products is keyed by cases named like the
    /// page enums, `Products.Food.productName`: its product routers are still no modules.)
    static let external = """
        import UIKit
        import AppsRouter
        public enum Food: AppModule {
            case home
            public var productName: String { "Food" }
            public var routePath: String { switch self { case .home: return "/food/home" } }
        }
        public enum General: AppModule {
            case main
            public var productName: String { "General" }
            public var routePath: String { switch self { case .main: return "/main" } }
        }
        final class FoodHomeModule: IAppModule {
            init(_ router: IAppRouter) {}
            func presentView(parameters: IAppParameter?) {}
        }
        final class MainModule: IAppModule {
            let router: IAppRouter
            init(_ router: IAppRouter) { self.router = router }
            func presentView(parameters: IAppParameter?) { router.presentView(view: MainViewController(router: router)) }
        }
        final class MainViewController: UITabBarController {
            let router: IAppRouter
            init(router: IAppRouter) { self.router = router; super.init(nibName: nil, bundle: nil) }
            override func viewDidLoad() {
                guard let food = router.getModule(module: Food.home) else { return }
                viewControllers = [UINavigationController(rootViewController: food)]
            }
        }
        final class FoodRouters: IAppProductRouter {
            let router: IAppRouter
            init(router: IAppRouter) { self.router = router }
            let modules: [String: (IAppRouter) -> IAppModule] = [Food.home.routePath: { FoodHomeModule($0) }]
        }
        final class GeneralRouters: IAppProductRouter {
            let router: IAppRouter
            init(router: IAppRouter) { self.router = router }
            let modules: [String: (IAppRouter) -> IAppModule] = [General.main.routePath: { MainModule($0) }]
        }
        enum Products {
            case Food, General
            var productName: String { switch self { case .Food: return "Food"; case .General: return "General" } }
        }
        @main final class AppDelegate: UIResponder, UIApplicationDelegate {
            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                let products: [String: (IAppRouter) -> IAppProductRouter] = [
                    Products.Food.productName: { FoodRouters(router: $0) },
                    Products.General.productName: { GeneralRouters(router: $0) },
                ]
                AppRouter.setUp(products: products)
                AppRouter.shared.presentModule(module: General.main, presentType: .root)
                return true
            }
        }
        """

    func testModulesOfARouterFromAPackageAndAPageTheAppOnlyGets() throws {
        let r = try scan(["App": Self.external])
        XCTAssertEqual(r.summary.styles, [.moduleFactory])
        XCTAssertEqual(r.registry.features.map(\.name).sorted(), ["FoodHomeModule", "MainModule"])
        XCTAssertEqual(edges(r), ["MainModule => FoodHomeModule (children)"])
        XCTAssertEqual(findings(r).filter { $0.hasPrefix("unreachable") }, [])
        XCTAssertEqual(r.summary.presentCalls, r.summary.presentResolved)
    }
}
