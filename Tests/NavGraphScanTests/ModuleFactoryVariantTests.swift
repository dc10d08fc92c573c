import Foundation
import NavGraphKit
import XCTest
@testable import NavGraphScan

/// AppRouter / ModuleFactory apps written in shapes the public apps of the style use beyond the
/// article's: module types that are their own pages (presented as built, each with its key), a table
/// whose values an enum case's computed property gives as methods, and a table filled key by key
/// with closures. Our own code, in those shapes.
final class ModuleFactoryVariantTests: ScanSourcesTestCase {
    /// The module types: three pages, each its own key (one through an extension, one `@objc`, one
    /// inherited from its superclass, which is a page too); `thread` is made by `key`.
    static func pages(threadKey: String = #"return "Thread""#) -> String {
        """
        import UIKit
        public protocol Screen { var path: String { get } }
        public protocol Page { func presentView(parameters: [String: Any]) }
        public protocol Navigator {
            func presentModule(module: Screen, parameters: [String: Any])
            func dismiss(parameters: [String: Any])
        }
        final class Welcome: Page {
            let nav: Navigator
            init(_ nav: Navigator) { self.nav = nav }
            func presentView(parameters: [String: Any]) { nav.presentModule(module: Inbox(nav), parameters: [:]) }
        }
        extension Welcome: Screen { var path: String { return "Welcome" } }
        class Inbox: Page {
            let nav: Navigator
            init(_ nav: Navigator) { self.nav = nav }
            func presentView(parameters: [String: Any]) {
                let next = Thread(nav)
                nav.presentModule(module: next, parameters: ["id": 1])
            }
        }
        extension Inbox: Screen { @objc var path: String { return "Inbox" } }
        final class Archive: Inbox {}
        final class Thread: Page {
            let nav: Navigator
            init(_ nav: Navigator) { self.nav = nav }
            func presentView(parameters: [String: Any]) {}
        }
        extension Thread: Screen { var path: String { \(threadKey) } }
        """
    }

    /// The router (its protocol takes `dismiss(parameters:)` too: no module's), and a catalog enum whose
    /// computed property gives each case's maker as a method.
    static let router = """
        final class Navigation: Navigator {
            static let shared = Navigation()
            var modules: [String: (Navigator) -> Page] = [:]
            func presentModule(module: Screen, parameters: [String: Any]) {
                if let page = module as? Page, modules[module.path] != nil { page.presentView(parameters: parameters) }
            }
            func dismiss(parameters: [String: Any]) {}
        }
        enum Catalog {
            case welcome, inbox, archive, thread
        }
        private extension Catalog {
            func makeWelcome(nav: Navigator) -> Page { Welcome(nav) }
            func makeInbox(nav: Navigator) -> Page { Inbox(nav) }
            func makeArchive(nav: Navigator) -> Page { Archive(nav) }
            func makeThread(nav: Navigator) -> Page { Thread(nav) }
        }
        extension Catalog {
            var maker: (_ nav: Navigator) -> Page {
                switch self {
                case .welcome: return makeWelcome
                case .inbox: return makeInbox
                case .archive: return makeArchive
                default: return makeThread
                }
            }
        }
        """

    static let scene = """
        import UIKit
        class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                Navigation.shared.modules = [
                    "Welcome": Catalog.welcome.maker,
                    "Inbox": Catalog.inbox.maker,
                    "Thread": Catalog.thread.maker,
                ]
                Navigation.shared.presentModule(module: Welcome(Navigation.shared), parameters: [:])
            }
        }
        """

    func mappings(_ r: ScanResult) -> [String] { r.registry.handlers.flatMap { h in h.routes.map { "\($0.route) -> \($0.feature)" } } }

    /// Each key maps to the one module its case's branch makes (not every branch of the getter), a
    /// presented construction opens that type's key, and the superclass built in its own right stays a
    /// page (the subclass shares its key: a duplicate route, as the app has it).
    func testModulesThatAreTheirOwnPagesAndATableOfCaseMakers() throws {
        let r = try scan(["Pages": Self.pages(), "Router": Self.router, "Scene": Self.scene])
        XCTAssertEqual(r.summary.styles, [.moduleFactory])
        XCTAssertEqual(r.registry.features.map(\.name).sorted(), ["Archive", "Inbox", "Thread", "Welcome"], "the router is no module")
        XCTAssertEqual(r.registry.routes.map { "\($0.id) \($0.type ?? "")" }, ["Inbox Archive", "Inbox Inbox", "Thread Thread", "Welcome Welcome"])
        XCTAssertEqual(mappings(r), ["Inbox -> Inbox", "Thread -> Thread", "Welcome -> Welcome"])
        XCTAssertEqual(r.registry.entries.map(\.name), ["Welcome"])
        XCTAssertEqual(StyleScan.edges(r), ["Inbox -> Thread", "Welcome -> Inbox"])
        XCTAssertEqual(r.registry.unfollowed, [])
        XCTAssertFalse(StyleScan.warnings(r).contains { $0.contains("destination-unreadable") }, "\(StyleScan.warnings(r))")
        // The one planted problem: Archive inherits Inbox's key, and the table's module for it is Inbox.
        XCTAssertEqual(StyleScan.findings(r), ["duplicate-route Pages.swift:22", "unreachable-feature Pages.swift:23"])
    }

    /// A page whose key the scanner cannot read (made at run time) is no route, with a warning: its
    /// presentation stays unresolved, may show that page (so the page is only "may be unreachable"),
    /// and its table entry (no declared key) maps nothing.
    func testAPageWithAKeyMadeAtRunTimeStaysUnknown() throws {
        let r = try scan([
            "Pages": Self.pages(threadKey: #"return UUID().uuidString"#),
            "Router": Self.router, "Scene": Self.scene,
        ])
        XCTAssertEqual(r.registry.routes.map(\.id).sorted(), ["Inbox", "Inbox", "Welcome"])
        XCTAssertEqual(mappings(r), ["Inbox -> Inbox", "Welcome -> Welcome"])
        XCTAssertEqual(StyleScan.edges(r), ["Welcome -> Inbox"])
        XCTAssertEqual(r.summary.navigateUnresolved, 1, "Inbox's presentation of Thread")
        XCTAssertTrue(StyleScan.warnings(r).contains("identifier-unreadable Pages.swift:29"), "\(StyleScan.warnings(r))")
        let findings = CheckRunner(options: CheckOptions(scenarios: [FlagScenario.defaults(of: r.registry)])).run(NavGraph(registry: r.registry))
        XCTAssertFalse(findings.contains { $0.ruleID == "unhandled-route" }, "the unread key opens no route")
        XCTAssertEqual(r.registry.unfollowed.filter { $0.kind == .present }.map(\.screens), [["Thread"]])
        XCTAssertEqual(
            findings.filter { $0.severity == .error }.map { "\($0.ruleID) \($0.subject)" }, ["duplicate-route Inbox", "unreachable-feature Archive"],
            "only the planted problem is an error")
        XCTAssertTrue(findings.contains { $0.ruleID == "unreachable-feature" && $0.subject == "Thread" && $0.severity == .warning })
    }

    /// `modules[key] = { (router: Router) in HomeModule(router: router) }`, entry by entry: read as the
    /// dictionary literal it amounts to, each closure standing for what it returns.
    func testATableFilledKeyByKeyWithTypedClosures() throws {
        let r = try scan([
            "App": """
                import UIKit
                protocol IModule { func presentView(parameters: [String: Any]) }
                protocol IAppRouter { func presentModule(module: Module, parameters: [String: Any]) }
                enum Module {
                    case home, profile
                    var routePath: String {
                        switch self {
                        case .home: return "/home"
                        case .profile: return "/profile"
                        }
                    }
                }
                final class AppRouter: IAppRouter {
                    private let modules: [String: (IAppRouter) -> IModule]
                    init(modules: [String: (IAppRouter) -> IModule]) { self.modules = modules }
                    func presentModule(module: Module, parameters: [String: Any]) {
                        modules[module.routePath]?(self).presentView(parameters: parameters)
                    }
                    static func make() -> IAppRouter {
                        var modules: [String: (IAppRouter) -> IModule] = [:]
                        modules[Module.home.routePath] = { (appRouter: IAppRouter) in HomeModule(appRouter: appRouter) }
                        modules[Module.profile.routePath] = { (appRouter: IAppRouter) -> IModule in ProfileModule(appRouter: appRouter) }
                        return AppRouter(modules: modules)
                    }
                }
                final class HomeModule: IModule {
                    let appRouter: IAppRouter
                    init(appRouter: IAppRouter) { self.appRouter = appRouter }
                    func presentView(parameters: [String: Any]) { appRouter.presentModule(module: .profile, parameters: [:]) }
                }
                final class ProfileModule: IModule {
                    init(appRouter: IAppRouter) {}
                    func presentView(parameters: [String: Any]) {}
                }
                final class AppDelegate: UIResponder, UIApplicationDelegate {
                    var router: IAppRouter!
                    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                        router = AppRouter.make()
                        router.presentModule(module: .home, parameters: [:])
                        return true
                    }
                }
                """,
        ])
        XCTAssertEqual(mappings(r), ["/home -> HomeModule", "/profile -> ProfileModule"])
        XCTAssertEqual(StyleScan.edges(r), ["HomeModule -> /profile"])
        XCTAssertEqual(r.registry.entries.map(\.name), ["/home"])
        XCTAssertEqual(StyleScan.findings(r), [])
    }

    /// Modules a dependency container makes (`container.resolve(HomeModule.self, argument: router)`,
    /// a library's lookup the sources do not declare) are instances of the type asked for; a lookup
    /// of a type the sources do not hold stays unknown.
    func testModulesMadeByADependencyContainer() throws {
        let r = try scan([
            "App": """
                import UIKit
                protocol BaseModule { func displayPage(parameters: [String: Any]) }
                protocol IAppRouter { var container: Resolver { get }; func presentModule(_ module: PageModule, parameters: [String: Any]) }
                enum PageModule {
                    case home, detail, remote
                    var moduleKey: String {
                        switch self {
                        case .home: return "home-key"
                        case .detail: return "detail-key"
                        case .remote: return "remote-key"
                        }
                    }
                }
                final class Factory {
                    let router: IAppRouter
                    init(router: IAppRouter) { self.router = router }
                    var modules: [String: BaseModule] {
                        var result: [String: BaseModule] = [:]
                        if let home = router.container.resolve(HomeModule.self, argument: router) {
                            result[PageModule.home.moduleKey] = home
                        }
                        if let detail = router.container.resolve(DetailModule.self, argument: router) {
                            result[PageModule.detail.moduleKey] = detail
                        }
                        if let remote = router.container.resolve(RemoteModule.self) {
                            result[PageModule.remote.moduleKey] = remote
                        }
                        return result
                    }
                    func presentModule(_ module: PageModule, parameters: [String: Any]) {
                        modules[module.moduleKey]?.displayPage(parameters: parameters)
                    }
                }
                final class HomeModule: BaseModule {
                    let router: IAppRouter
                    init(router: IAppRouter) { self.router = router }
                    func displayPage(parameters: [String: Any]) { router.presentModule(.detail, parameters: [:]) }
                }
                final class DetailModule: BaseModule {
                    init(router: IAppRouter) {}
                    func displayPage(parameters: [String: Any]) {}
                }
                final class AppDelegate: UIResponder, UIApplicationDelegate {
                    var router: IAppRouter!
                    func start() { router.presentModule(.home, parameters: [:]) }
                }
                """,
        ])
        XCTAssertEqual(mappings(r), ["detail-key -> DetailModule", "home-key -> HomeModule"])
        XCTAssertEqual(StyleScan.edges(r), ["HomeModule -> detail-key"])
        XCTAssertEqual(r.registry.entries.map(\.name), ["home-key"])
        XCTAssertTrue(StyleScan.warnings(r).contains("destination-unreadable App.swift:26"), "RemoteModule is no type of the sources: \(StyleScan.warnings(r))")
    }
}
