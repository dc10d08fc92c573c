import Foundation
import NavGraphKit
import XCTest
@testable import NavGraphScan

/// Gaps of the value analysis closed one by one (issues 29 and 30), each with a case that resolves and
/// a case that stays unknown (counted, never an invented edge): enum cases with associated values bound
/// in a pattern, callback closures a view controller sets on another object's property, Featherweight
/// children applied by a closure, and a scan that finds routing but no screen.
final class ValueFlowGapTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-gaps-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    /// Routes `a`, `b` and `detail`, a handler showing `DetailFeature` for `detail` and `HomeFeature`
    /// otherwise, `HomeFeature` as the first screen, plus the given files.
    func scan(_ files: [String: String]) throws -> ScanResult {
        var all = files
        all["Sources/Routes/Routes.swift"] = """
            struct ARoute: Route { static let identifier = "a" }
            struct BRoute: Route { static let identifier = "b" }
            struct DetailRoute: Route { static let identifier = "detail" }
            final class HomeHandler: RouteHandler {
                var routes: [Route.Type] { [ARoute.self, BRoute.self] }
                func destination(forRoute route: Route, fromViewController vc: UIViewController) -> Feature.Type { HomeFeature.self }
            }
            final class DetailHandler: RouteHandler {
                var routes: [Route.Type] { [DetailRoute.self] }
                func destination(forRoute route: Route, fromViewController vc: UIViewController) -> Feature.Type { DetailFeature.self }
            }
            final class DetailFeature: Feature {
                func build(fromRoute route: Route?) -> UIViewController { UIViewController() }
            }
            final class HomeFeature: Feature {
                @Dependency var router: RouterServiceProtocol
                func build(fromRoute route: Route?) -> UIViewController { HomeViewController(router: router) }
            }
            protocol Decoder { func decode() -> Route }
            final class AppDelegate {
                func start(router: RouterService) { _ = router.navigationController(withInitialFeature: HomeFeature.self) }
            }
            """
        try StyleScan.write(all, to: dir)
        return try SwiftSourceScanner().scan(paths: [dir])
    }

    func unresolvedReasons(_ r: ScanResult) -> [String] {
        r.explanations.flatMap { $0.unresolved.map(\.reason) }
    }

    // MARK: Enum cases with associated values

    func testAssociatedValueBoundInACasePatternIsFollowedToTheCaseBuilt() throws {
        let r = try scan(["Sources/Home/Home.swift": """
            enum Step { case show(Route), close }
            final class HomeViewController: UIViewController {
                let router: RouterServiceProtocol
                init(router: RouterServiceProtocol) { self.router = router }
                func handle(_ step: Step) {
                    switch step {
                    case .show(let route): router.navigate(toRoute: route, fromView: self, presentationStyle: Push(), animated: true)
                    case .close: break
                    }
                }
                func open(_ step: Step) {
                    if case let .show(next) = step { router.navigate(toRoute: next, fromView: self, presentationStyle: Modal(), animated: true) }
                }
                func tap() { handle(.show(DetailRoute())); handle(.close) }
                func more() { open(Step.show(ARoute())) }
            }
            """])
        XCTAssertEqual(StyleScan.edges(r), ["HomeFeature -> a", "HomeFeature -> detail"])
        XCTAssertEqual(r.summary.navigateResolved, 2)
        XCTAssertEqual(r.summary.navigateUnresolved, 0)
        let chain = r.explanations.flatMap { $0.resolved.flatMap(\.chain) }
        XCTAssertTrue(chain.contains("value 0 of case .show(…), bound in a pattern over step"), "\(chain)")
    }

    func testAssociatedValueOfACaseBuiltFromAnUnknownValueStaysUnknown() throws {
        let r = try scan(["Sources/Home/Home.swift": """
            enum Step { case show(Route), close }
            final class HomeViewController: UIViewController {
                let router: RouterServiceProtocol
                var decoder: Decoder!
                init(router: RouterServiceProtocol) { self.router = router }
                func handle(_ step: Step) {
                    switch step {
                    case .show(let route): router.navigate(toRoute: route, fromView: self, presentationStyle: Push(), animated: true)
                    case .close: break
                    }
                }
                func tap() { handle(.show(decoder.decode())) }
            }
            """])
        XCTAssertEqual(StyleScan.edges(r), [])
        XCTAssertEqual(r.summary.navigateCalls, 1)
        XCTAssertEqual(r.summary.navigateUnresolved, 1)
        XCTAssertEqual(unresolvedReasons(r), ["'decoder.decode(…)' returns a value the scanner cannot see (no such function with a readable return in the sources)"])
    }

    // MARK: Callback closures set on another object's property

    static func callbackApp(select: String) -> [String: String] {
        ["Sources/Home/Home.swift": """
            final class ListViewModel {
                var onSelect: ((Route) -> Void)?
                var decoder: Decoder!
                func select(_ row: Int) { onSelect?(\(select)) }
            }
            final class HomeViewController: UIViewController {
                let router: RouterServiceProtocol
                let viewModel = ListViewModel()
                init(router: RouterServiceProtocol) { self.router = router }
                override func viewDidLoad() {
                    viewModel.onSelect = { [weak self] route in
                        guard let self else { return }
                        self.router.navigate(toRoute: route, fromView: self, presentationStyle: Push(), animated: true)
                    }
                }
            }
            """]
    }

    func testClosureSetOnAViewModelsPropertyIsFollowedToWhereTheViewModelCallsIt() throws {
        let r = try scan(Self.callbackApp(select: "row == 0 ? DetailRoute() : BRoute()"))
        XCTAssertEqual(StyleScan.edges(r), ["HomeFeature -> b", "HomeFeature -> detail"])
        XCTAssertEqual(r.summary.navigateResolved, 1)
        let chain = r.explanations.flatMap { $0.resolved.flatMap(\.chain) }
        XCTAssertTrue(chain.contains { $0.hasPrefix("closure viewModel.onSelect, called at ") }, "\(chain)")
    }

    func testClosureSetOnAViewModelsPropertyCalledWithAnUnknownValueStaysUnknown() throws {
        let r = try scan(Self.callbackApp(select: "decoder.decode()"))
        XCTAssertEqual(StyleScan.edges(r), [])
        XCTAssertEqual(r.summary.navigateUnresolved, 1)
        // The detail screen is then held back, never an unreachable error.
        let graph = NavGraph(registry: r.registry)
        let errors = CheckRunner().run(graph).filter { $0.severity == .error && $0.ruleID == "unreachable-feature" }
        XCTAssertEqual(errors.map(\.message), [])
    }

    func testClosurePropertyNobodyCallsStaysUnknownWithItsReason() throws {
        var files = Self.callbackApp(select: "DetailRoute()")
        files["Sources/Home/Home.swift"] = files["Sources/Home/Home.swift"]!.replacingOccurrences(of: "func select(_ row: Int) { onSelect?(DetailRoute()) }", with: "")
        let r = try scan(files)
        XCTAssertEqual(StyleScan.edges(r), [])
        XCTAssertEqual(unresolvedReasons(r), ["$0 of the closure set as viewModel.onSelect: the scanner sees no call of onSelect on ListViewModel"])
    }

    // MARK: Featherweight children applied by a closure

    static func featherweightApp(children: String) -> String {
        """
        func welcomePresenter(_ store: AppStore) -> Presenter<UIViewController> { Presenter(UIViewController()) }
        func aboutPresenter(_ store: AppStore) -> Presenter<UIViewController> { Presenter(UIViewController()) }
        func tabBarPresenter() -> Presenter<UIViewController> { Presenter(UITabBarController()) }
        func welcomeRouter(_ store: AppStore) -> Router<UIViewController, String> {
            Router(welcomePresenter(store)).route("welcome")
        }
        func aboutRouter(_ store: AppStore) -> Router<UIViewController, String> {
            Router(aboutPresenter(store)).route("about")
        }
        func tabsRouter(_ store: AppStore, children: [(AppStore) -> Router<UIViewController, String>]) -> Router<UIViewController, String> {
            Router(tabBarPresenter()).junction(children.map { $0(store) })
        }
        func appRouter() -> Router<UIViewController, String> {
            let store = AppStore()
            return tabsRouter(store, children: \(children))
        }
        final class AppDelegate {
            func start() { _ = appRouter() }
        }
        """
    }

    func testFeatherweightChildrenAppliedByAClosureAreTheTreesTheirFunctionsBuild() throws {
        try StyleScan.write(["Sources/App/Tree.swift": Self.featherweightApp(children: "[welcomeRouter, aboutRouter]")], to: dir)
        let r = try SwiftSourceScanner().scan(paths: [dir])
        XCTAssertEqual(StyleScan.edges(r), ["tabBarPresenter -> about", "tabBarPresenter -> welcome"])
        XCTAssertEqual(r.registry.routes.map(\.id), ["about", "welcome"])
        // One tree, one handler: the subtrees are not trees of their own.
        XCTAssertEqual(r.registry.handlers.map(\.name), ["appRouter"])
        XCTAssertEqual(StyleScan.findings(r), [])
    }

    func testFeatherweightChildrenThatAreNoFunctionOfTheSourcesGiveNoEdge() throws {
        try StyleScan.write(["Sources/App/Tree.swift": Self.featherweightApp(children: "Plugins.routers")], to: dir)
        let r = try SwiftSourceScanner().scan(paths: [dir])
        // The two subtrees stay trees of their own; nothing is invented under the tab bar.
        XCTAssertEqual(StyleScan.edges(r), [])
        XCTAssertEqual(r.registry.handlers.map(\.name), ["aboutRouter", "welcomeRouter"])
    }

    // MARK: Routing found, no screen

    func testRoutingWithoutAnyScreenIsAnErrorNotAGreenCheck() throws {
        try StyleScan.write(["Sources/App/App.swift": """
            protocol Route { static var identifier: String { get } }
            protocol RouterServiceProtocol { func navigate(to route: Route, from view: UIViewController) }
            struct CardsRoute: Route { static let identifier = "cards" }
            struct CardRoute: Route { static let identifier = "card" }
            struct CardsView: View {
                let router: RouterServiceProtocol
                var decoder: Decoder!
                func open() { router.navigate(to: decoder.decode(), from: UIViewController()) }
            }
            protocol Decoder { func decode() -> Route }
            """], to: dir)
        XCTAssertThrowsError(try SwiftSourceScanner().scan(paths: [dir])) { error in
            guard let e = error as? InputError, let d = e.diagnostics.first else { return XCTFail("\(error)") }
            XCTAssertTrue(d.message.hasPrefix("no screens found in \(dir) (1 Swift files read): the scan found routing [routerservice] — 2 routes, 1 navigate call (0 resolved)"), d.message)
            XCTAssertTrue(SwiftSourceScanner.isNoRouting(d))
        }
    }

    // MARK: The partial-graph note counts every kind of call not followed

    func testPartialNoteCountsNavigateCallsAndPresentations() {
        var scan = ScanSummary()
        scan.navigateCalls = 4
        scan.navigateResolved = 2
        scan.navigatePartly = 1
        let present = UnfollowedCall(call: "present(x)", kind: .present)
        let navigate = UnfollowedCall(call: "saved.value")
        XCTAssertEqual(ScanSummary.partialNote(scan: scan, unfollowed: [present, present, navigate]),
                       "; the graph is partial: 2 navigate calls not fully resolved, 2 presentations not followed (navgraph scan --explain)")
        // On a registry file: what its `unfollowed:` says.
        XCTAssertEqual(ScanSummary.partialNote(scan: nil, unfollowed: [present]),
                       "; the graph is partial: 1 presentation not followed (navgraph scan --explain)")
        XCTAssertEqual(ScanSummary.partialNote(scan: nil, unfollowed: [navigate, UnfollowedCall(call: "the first screen", kind: .entry)]),
                       "; the graph is partial: 1 navigate call not fully resolved (navgraph scan --explain)")
        XCTAssertEqual(ScanSummary.partialNote(scan: ScanSummary(), unfollowed: []), "")
    }
}
