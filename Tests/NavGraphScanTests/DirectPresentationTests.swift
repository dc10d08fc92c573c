import Foundation
import NavGraphKit
import XCTest
@testable import NavGraphScan

/// Direct presentations (issue 30, item 2): each UIKit and SwiftUI form gives a `presents` edge
/// (style `direct`) when the presented value is made as a known screen, and no edge — an
/// unresolved presentation in `--explain` — when the value cannot be known.
final class DirectPresentationTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-direct-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    /// `HomeFeature` (its screen `HomeViewController`, or SwiftUI's `HomeView`, whose bodies are
    /// given) and `DetailFeature` (`DetailViewController` / `DetailView`), behind route `detail`.
    func scan(_ files: [String: String]) throws -> ScanResult {
        var all = files
        all["Sources/Routes.swift"] = """
            struct DetailRoute: Route { static let identifier = "detail" }
            struct Handler: RouteHandler {
                var routes: [Route.Type] { [DetailRoute.self] }
                func destination(forRoute route: Route, fromViewController vc: UIViewController) -> Feature.Type { DetailFeature.self }
            }
            struct DetailFeature: Feature {
                func build(fromRoute route: Route?) -> UIViewController { DetailViewController() }
            }
            final class DetailViewController: UIViewController {}
            struct DetailView: View { var body: some View { Text("d") } }
            struct DetailViewFeature: Feature {
                func build(fromRoute route: Route?) -> UIViewController { UIHostingController(rootView: DetailView()) }
            }
            """
        all["Sources/Home.swift"] = all["Sources/Home.swift"] ?? """
            struct HomeFeature: Feature {
                func build(fromRoute route: Route?) -> UIViewController { HomeViewController() }
            }
            """
        try StyleScan.write(all, to: dir)
        return try SwiftSourceScanner().scan(paths: [dir])
    }

    func presents(_ r: ScanResult) -> [String] {
        r.registry.features.flatMap { f in f.presents.map { "\(f.name) -> \($0.feature) (\($0.style ?? "-"))" } }.sorted()
    }

    func unresolved(_ r: ScanResult) -> [String] {
        r.explanations.filter { $0.kind == .present && !$0.isResolved }.map(\.written)
    }

    /// A UIKit form in `HomeViewController.open()`, with the resolved and the unknown value.
    func uikit(_ call: (String) -> String, known: String = "DetailViewController()") throws -> (resolved: ScanResult, unknown: ScanResult) {
        func source(_ value: String) -> [String: String] {
            ["Sources/HomeVC.swift": """
                final class HomeViewController: UIViewController {
                    let storyboard = UIStoryboard(name: "Main", bundle: nil)
                    func open() {
                        \(call(value))
                    }
                }
                """]
        }
        return (try scan(source(known)), try scan(source("storyboard.instantiateViewController(withIdentifier: \"detail\")")))
    }

    func testPushViewController() throws {
        let (a, b) = try uikit { "navigationController?.pushViewController(\($0), animated: true)" }
        XCTAssertEqual(presents(a), ["HomeFeature -> DetailFeature (push)"])
        XCTAssertEqual(presents(b), [])
        XCTAssertEqual(unresolved(b).count, 1)
        XCTAssertEqual(a.summary.directEdges, 1)
        XCTAssertTrue(a.summary.line.contains("+ 1 direct"), a.summary.line)
    }

    /// A storyboard's screen cast to a type (`… as? DetailViewController`, `as!`) is an instance of
    /// that type by Swift's semantics: the push shows it. A cast to a protocol or to a type the sources
    /// do not declare says nothing of which screen it is: the presentation stays unfollowed.
    func testAScreenCastToItsTypeIsThatScreen() throws {
        let storyboard = "storyboard.instantiateViewController(withIdentifier: \"detail\")"
        for cast in ["as?", "as!"] {
            let (a, _) = try uikit({ "guard let vc = \($0) else { return }; navigationController?.pushViewController(vc, animated: true)" },
                                   known: "\(storyboard) \(cast) DetailViewController")
            XCTAssertEqual(presents(a), ["HomeFeature -> DetailFeature (push)"], cast)
            XCTAssertEqual(unresolved(a), [], cast)
        }
        // A cast to a class may hold any of its subclasses: each is a screen it may show.
        let (sub, _) = try uikit({ "guard let vc = \($0) else { return }; navigationController?.pushViewController(vc, animated: true)" },
                                 known: "\(storyboard) as? BaseDetailViewController")
        XCTAssertEqual(presents(sub), [], "no subclass yet")
        try StyleScan.write(["Sources/Base.swift": """
            class BaseDetailViewController: UIViewController {}
            final class SpecialDetailViewController: BaseDetailViewController {}
            struct SpecialFeature: Feature {
                func build(fromRoute route: Route?) -> UIViewController { SpecialDetailViewController() }
            }
            """], to: dir)
        let (both, _) = try uikit({ "guard let vc = \($0) else { return }; navigationController?.pushViewController(vc, animated: true)" },
                                  known: "\(storyboard) as? BaseDetailViewController")
        XCTAssertEqual(presents(both), ["HomeFeature -> SpecialFeature (push)"])
        // A base class of more than eight screens says too little: no edge to each, the push stays unfollowed.
        let many = (1...9).map { "final class Sub\($0)ViewController: BaseDetailViewController {}\nstruct Sub\($0)Feature: Feature { func build(fromRoute route: Route?) -> UIViewController { Sub\($0)ViewController() } }" }
        try StyleScan.write(["Sources/Many.swift": many.joined(separator: "\n")], to: dir)
        let (wide, _) = try uikit({ "guard let vc = \($0) else { return }; navigationController?.pushViewController(vc, animated: true)" },
                                  known: "\(storyboard) as? BaseDetailViewController")
        XCTAssertEqual(presents(wide), [])
        XCTAssertEqual(unresolved(wide).count, 1)
        try FileManager.default.removeItem(atPath: dir + "/Sources/Many.swift")
        try FileManager.default.removeItem(atPath: dir + "/Sources/Base.swift")
        try StyleScan.write(["Sources/Screen.swift": "protocol DetailScreen: AnyObject {}"], to: dir)
        for type in ["DetailScreen", "UINavigationController"] {
            let (a, _) = try uikit({ "if let vc = \($0) { navigationController?.pushViewController(vc, animated: true) }" },
                                   known: "\(storyboard) as? \(type)")
            XCTAssertEqual(presents(a), [], type)
            XCTAssertEqual(unresolved(a).count, 1, type)
        }
    }

    /// A static function declared `-> Self` (a protocol extension's storyboard helper whose body is
    /// `… as! Self`) called on a screen's type gives an instance of that type; called on a type the
    /// sources do not declare, it says nothing.
    func testAFactoryReturningSelfMakesTheTypeItIsCalledOn() throws {
        try StyleScan.write(["Sources/Storyboard.swift": """
            protocol StoryboardMade {}
            extension StoryboardMade where Self: UIViewController {
                static func fromStoryboard() -> Self {
                    UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: String(describing: self)) as! Self
                }
            }
            extension DetailViewController: StoryboardMade {}
            """], to: dir)
        let (a, b) = try uikit({ "navigationController?.pushViewController(\($0), animated: true)" }, known: "DetailViewController.fromStoryboard()")
        XCTAssertEqual(presents(a), ["HomeFeature -> DetailFeature (push)"])
        XCTAssertEqual(unresolved(a), [])
        XCTAssertEqual(presents(b), [])
        let (c, _) = try uikit({ "navigationController?.pushViewController(\($0), animated: true)" }, known: "UITableViewController.fromStoryboard()")
        XCTAssertEqual(presents(c), [])
        XCTAssertEqual(unresolved(c).count, 1)
    }

    /// A local or a property declared of a screen's type holds that screen (or a subclass), though
    /// its value is made where the scan cannot follow (a generic storyboard helper inferring `T`
    /// from the declaration); declared `UIViewController`, it says nothing.
    func testABindingDeclaredOfAScreenTypeHoldsThatScreen() throws {
        let helper = "storyboard.instantiate()"
        for declared in ["DetailViewController", "DetailViewController!", "UIViewController"] {
            let (local, _) = try uikit({ "let vc: \(declared) = \($0); navigationController?.pushViewController(vc, animated: true)" }, known: helper)
            XCTAssertEqual(presents(local), declared == "UIViewController" ? [] : ["HomeFeature -> DetailFeature (push)"], declared)
            XCTAssertEqual(unresolved(local).count, declared == "UIViewController" ? 1 : 0, declared)
        }
        // A parameter declared of the screen's type, whose callers pass what the scan cannot follow.
        for declared in ["DetailViewController", "UIViewController"] {
            let r = try scan(["Sources/HomeVC.swift": """
                final class HomeViewController: UIViewController {
                    let storyboard = UIStoryboard(name: "Main", bundle: nil)
                    func show(_ screen: \(declared)) { navigationController?.pushViewController(screen, animated: true) }
                    func open() { show(\(helper)) }
                }
                """])
            XCTAssertEqual(presents(r), declared.hasPrefix("UI") ? [] : ["HomeFeature -> DetailFeature (push)"], declared)
        }
        for declared in ["DetailViewController!", "UIViewController?"] {
            let r = try scan(["Sources/HomeVC.swift": """
                final class HomeViewController: UIViewController {
                    let storyboard = UIStoryboard(name: "Main", bundle: nil)
                    var detail: \(declared)
                    func prepare() { detail = \(helper) }
                    func open() { navigationController?.pushViewController(detail, animated: true) }
                }
                """])
            XCTAssertEqual(presents(r), declared.hasPrefix("UI") ? [] : ["HomeFeature -> DetailFeature (push)"], declared)
            XCTAssertEqual(unresolved(r).count, declared.hasPrefix("UI") ? 1 : 0, declared)
        }
    }

    /// A lazy property made by a closure of several statements run at once (`{ let vc = …; return vc }()`)
    /// is what its last statement returns, a local of the closure read as what it is bound to; what
    /// the scan cannot follow stays unknown.
    func testALazyScreenMadeByAClosureOfSeveralStatements() throws {
        for (body, shown) in [
            ("let model = 1; let vc = DetailViewController(); return vc", true),
            ("let model = 1; return DetailViewController()", true),
            ("let vc = storyboard.instantiate(); return vc", false),
        ] {
            let r = try scan(["Sources/HomeVC.swift": """
                final class HomeViewController: UIViewController {
                    let storyboard = UIStoryboard(name: "Main", bundle: nil)
                    private lazy var detail: UIViewController = { \(body) }()
                    func open() { navigationController?.pushViewController(detail, animated: true) }
                }
                """])
            XCTAssertEqual(presents(r), shown ? ["HomeFeature -> DetailFeature (push)"] : [], body)
        }
    }

    func testPresent() throws {
        let (a, b) = try uikit { "present(\($0), animated: true, completion: nil)" }
        XCTAssertEqual(presents(a), ["HomeFeature -> DetailFeature (present)"])
        XCTAssertEqual(presents(b), [])
        XCTAssertEqual(unresolved(b).count, 1)
    }

    func testShowAndShowDetail() throws {
        let (a, b) = try uikit { "show(\($0), sender: self)" }
        XCTAssertEqual(presents(a), ["HomeFeature -> DetailFeature (show)"])
        XCTAssertEqual(presents(b), [])
        let (c, d) = try uikit { "showDetailViewController(\($0), sender: nil)" }
        XCTAssertEqual(presents(c), ["HomeFeature -> DetailFeature (showDetail)"])
        XCTAssertEqual(presents(d), [])
    }

    func testSetViewControllers() throws {
        let (a, b) = try uikit { "navigationController?.setViewControllers([\($0)], animated: false)" }
        XCTAssertEqual(presents(a), ["HomeFeature -> DetailFeature (children)"])
        XCTAssertEqual(presents(b), [])
        XCTAssertEqual(unresolved(b).count, 1)
    }

    func testNavigationControllerAroundTheScreen() throws {
        let (a, b) = try uikit({ "let nav = UINavigationController(rootViewController: \($0)); present(nav, animated: true)" })
        XCTAssertEqual(presents(a), ["HomeFeature -> DetailFeature (present)"])
        XCTAssertEqual(presents(b), [])
        XCTAssertEqual(unresolved(b).count, 1)
    }

    func testTabBarViewControllers() throws {
        func tabs(_ value: String) throws -> ScanResult {
            try scan(["Sources/Home.swift": """
                struct HomeFeature: Feature {
                    func build(fromRoute route: Route?) -> UIViewController { TabController() }
                }
                final class TabController: UITabBarController {
                    let storyboard = UIStoryboard(name: "Main", bundle: nil)
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        viewControllers = [UINavigationController(rootViewController: \(value))]
                    }
                }
                """])
        }
        XCTAssertEqual(presents(try tabs("DetailViewController()")), ["HomeFeature -> DetailFeature (children)"])
        let unknown = try tabs("storyboard.instantiateInitialViewController()")
        XCTAssertEqual(presents(unknown), [])
        XCTAssertEqual(unresolved(unknown).count, 1)
    }

    /// A lazy property made by an immediately called closure (`lazy var tabs = { … }()`) is what the closure returns.
    func testLazyClosurePropertyIsFollowed() throws {
        let r = try scan(["Sources/Home.swift": """
            struct HomeFeature: Feature {
                func build(fromRoute route: Route?) -> UIViewController { TabController() }
            }
            final class TabController: UITabBarController {
                private lazy var tabs: [UIViewController] = { return [DetailViewController()] }()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    setViewControllers(tabs, animated: false)
                }
            }
            """])
        XCTAssertEqual(presents(r), ["HomeFeature -> DetailFeature (children)"])
    }

    /// A page controller's pages: one of a private lazy array the closure fills by calling a method,
    /// which makes each page with its view model and router in locals and returns them (eight steps
    /// from `setViewControllers` to the construction; presentations follow up to eight).
    func testPagesOfAPageControllerFromALazyArrayAreFollowed() throws {
        let r = try scan(["Sources/Home.swift": """
            struct HomeFeature: Feature {
                func build(fromRoute route: Route?) -> UIViewController { PagesController() }
            }
            final class PageModel { init(kind: Int) {} }
            final class PagesController: UIViewController {
                private lazy var pages: [UIViewController] = {
                    return self.makePages()
                }()
                let pageController = UIPageViewController(transitionStyle: .scroll, navigationOrientation: .horizontal, options: nil)
                private func makePages() -> [UIViewController] {
                    let firstModel = PageModel(kind: 0)
                    let first = DetailViewController()
                    let secondModel = PageModel(kind: 1)
                    let second = DetailViewController()
                    return [first, second]
                }
                func select(_ index: Int) {
                    pageController.setViewControllers([pages[index]], direction: .forward, animated: true, completion: nil)
                }
            }
            """])
        XCTAssertEqual(presents(r), ["HomeFeature -> DetailFeature (children)"])
    }

    func testWindowRootViewControllerIsAnEntry() throws {
        func root(_ value: String) throws -> ScanResult {
            try scan(["Sources/HomeVC.swift": "final class HomeViewController: UIViewController {}", "Sources/SceneDelegate.swift": """
                final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    var window: UIWindow?
                    let storyboard = UIStoryboard(name: "Main", bundle: nil)
                    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
                        window?.rootViewController = \(value)
                    }
                }
                """])
        }
        let known = try root("UINavigationController(rootViewController: DetailViewController())")
        XCTAssertEqual(known.registry.entries.map(\.name), ["DetailFeature"])
        let unknown = try root("storyboard.instantiateInitialViewController()")
        XCTAssertEqual(unknown.registry.entries.map(\.name), [])
        XCTAssertEqual(unresolved(unknown).count, 1)
    }

    /// A navigation controller made empty in a factory and filled there on its local
    /// (`setViewControllers`, `pushViewController`, `viewControllers =`) before it becomes the window's
    /// root holds what it was filled with. Filled in another function the factory calls, the value
    /// is not followed, but the filling is code the scene delegate runs at launch, so what it shows
    /// is a first screen all the same (`DirectPresentations.launchingRoot`); filled by a function
    /// no code calls, nothing is the first screen.
    func testANavigationControllerFilledOnItsLocalHoldsWhatItWasFilledWith() throws {
        for (fill, entry) in [
            ("nav.setViewControllers([DetailViewController()], animated: false)", true),
            ("nav.pushViewController(DetailViewController(), animated: false)", true),
            ("nav.viewControllers = [DetailViewController()]", true),
            ("fill(nav)", true),
            ("", false),
        ] {
            let r = try scan(["Sources/HomeVC.swift": "final class HomeViewController: UIViewController {}", "Sources/SceneDelegate.swift": """
                final class Screens {
                    func makeRoot() -> UIViewController {
                        let nav = UINavigationController()
                        \(fill)
                        return nav
                    }
                    func fill(_ nav: UINavigationController) { nav.setViewControllers([DetailViewController()], animated: false) }
                }
                final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    var window: UIWindow?
                    let screens = Screens()
                    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
                        window?.rootViewController = screens.makeRoot()
                    }
                }
                """])
            XCTAssertEqual(r.registry.entries.map(\.name), entry ? ["DetailFeature"] : [], fill)
        }
    }

    /// A SwiftUI form in `HomeView.body`, with the resolved and the unknown value.
    func swiftUI(_ body: (String) -> String) throws -> (resolved: ScanResult, unknown: ScanResult) {
        func source(_ value: String) -> [String: String] {
            ["Sources/Home.swift": """
                struct HomeFeature: Feature {
                    func build(fromRoute route: Route?) -> UIViewController { UIHostingController(rootView: HomeView()) }
                }
                struct HomeView: View {
                    @State var shown = false
                    let factory: ViewFactory
                    var body: some View {
                        \(body(value))
                    }
                }
                protocol ViewFactory { func make() -> AnyView }
                """]
        }
        return (try scan(source("DetailView()")), try scan(source("factory.make()")))
    }

    func testNavigationLink() throws {
        let (a, b) = try swiftUI { "NavigationLink(\"Detail\", destination: \($0))" }
        XCTAssertEqual(presents(a), ["HomeFeature -> DetailViewFeature (link)"])
        XCTAssertEqual(presents(b), [])
        XCTAssertEqual(unresolved(b).count, 1)
        let (c, _) = try swiftUI { "NavigationLink { \($0) } label: { Text(\"Detail\") }" }
        XCTAssertEqual(presents(c), ["HomeFeature -> DetailViewFeature (link)"])
    }

    func testSheetAndFullScreenCover() throws {
        let (a, b) = try swiftUI { "Text(\"x\").sheet(isPresented: $shown) { NavigationStack { \($0) } }" }
        XCTAssertEqual(presents(a), ["HomeFeature -> DetailViewFeature (sheet)"])
        XCTAssertEqual(presents(b), [])
        XCTAssertEqual(unresolved(b).count, 1)
        let (c, d) = try swiftUI { "Text(\"x\").fullScreenCover(isPresented: $shown) { \($0) }" }
        XCTAssertEqual(presents(c), ["HomeFeature -> DetailViewFeature (fullScreenCover)"])
        XCTAssertEqual(presents(d), [])
    }

    func testNavigationDestination() throws {
        let (a, b) = try swiftUI { "NavigationStack { Text(\"x\").navigationDestination(isPresented: $shown) { \($0) } }" }
        XCTAssertEqual(presents(a), ["HomeFeature -> DetailViewFeature (push)"])
        XCTAssertEqual(presents(b), [])
        XCTAssertEqual(unresolved(b).count, 1)
    }

    func testTabViewChildren() throws {
        let (a, b) = try swiftUI { "TabView { \($0).tabItem { Text(\"Detail\") }.tag(1) }" }
        XCTAssertEqual(presents(a), ["HomeFeature -> DetailViewFeature (tab)"])
        XCTAssertEqual(presents(b), [])
        XCTAssertEqual(unresolved(b).count, 1)
    }

    /// Not a screen (an alert), and the router's own presentation, are no edge and no explanation.
    func testAlertsAndTheRoutersOwnPresentationsAreNotEdges() throws {
        let r = try scan(["Sources/HomeVC.swift": """
            final class HomeViewController: UIViewController {
                func open() { present(UIAlertController(title: "t", message: nil, preferredStyle: .alert), animated: true) }
            }
            extension DetailRoute {
                func open(on nav: UINavigationController) { nav.pushViewController(DetailViewController(), animated: true) }
            }
            """])
        XCTAssertEqual(presents(r), [])
        XCTAssertEqual(r.explanations.filter { $0.kind == .present }.count, 0)
    }

    /// A directly presented screen is reached: not unreachable.
    func testDirectlyPresentedScreenIsReachable() throws {
        let r = try scan(["Sources/HomeVC.swift": """
            final class HomeViewController: UIViewController {
                func open() { navigationController?.pushViewController(DetailViewController(), animated: true) }
            }
            """, "Sources/App.swift": """
            final class AppDelegate: UIResponder, UIApplicationDelegate {
                let router = RouterService()
                func go() { _ = router.navigationController(withInitialFeature: HomeFeature.self) }
            }
            """])
        let graph = NavGraph(registry: r.registry)
        let reach = graph.reachability(under: FlagScenario.defaults(of: r.registry))
        let detail = try XCTUnwrap(graph.node(.feature, "DetailFeature"))
        XCTAssertTrue(reach.isReached(detail))
        XCTAssertEqual(graph.explain(detail, in: reach).last, "HomeFeature presents DetailFeature directly (push), around the router")
        let unreachable = StyleScan.findings(r).filter { $0.hasPrefix("unreachable-feature") }
        XCTAssertEqual(unreachable, ["unreachable-feature Routes.swift:11"], "only DetailViewFeature")
    }
    /// An unfollowed presentation holds back only the screens it could show (issue 29, item 4): one
    /// made outside its own feature (`DetailViewController()` in a coordinator), not one made only by
    /// its own build (`DetailViewFeature`'s view). The window's root set by shared machinery no
    /// screen builds is counted too, and runs at launch.
    func testAnUnfollowedPresentationHoldsBackWhatItCouldShow() throws {
        let r = try scan(["Sources/HomeVC.swift": """
            final class HomeViewController: UIViewController {
                var factory: ScreenFactory?
                func open() { present(factory!.make(), animated: true) }
            }
            protocol ScreenFactory { func make() -> UIViewController }
            final class DetailCoordinator { func start() -> UIViewController { DetailViewController() } }
            """, "Sources/App.swift": """
            final class AppDelegate: UIResponder, UIApplicationDelegate {
                let router = RouterService()
                func go() { _ = router.navigationController(withInitialFeature: HomeFeature.self) }
            }
            final class AppDomain {
                var provider: (() -> UIViewController)!
                func attach(_ window: UIWindow) { window.rootViewController = provider() }
            }
            """])
        let presentations = r.registry.unfollowed.filter { $0.kind == .present }
        XCTAssertEqual(presentations.map(\.call).sorted(), ["present(factory.make(…))", "root(provider(…))"])
        XCTAssertEqual(presentations.first { $0.call.hasPrefix("present") }?.from, ["HomeFeature"])
        XCTAssertEqual(presentations.first { $0.call.hasPrefix("root") }?.from, [], "at launch: assumed to run")
        XCTAssertEqual(presentations.first?.screens, ["DetailFeature"], "HomeViewController is made only by its own build")
        let findings = CheckRunner().run(NavGraph(registry: r.registry))
        let unreachable = findings.filter { $0.ruleID == "unreachable-feature" }.map { "\($0.subject) \($0.severity.rawValue)" }
        XCTAssertEqual(unreachable, ["DetailFeature warning", "DetailViewFeature error"])
    }
}
