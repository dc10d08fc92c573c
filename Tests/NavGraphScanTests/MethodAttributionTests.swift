import Foundation
import NavGraphKit
import XCTest
@testable import NavGraphScan

/// Attribution by the program's structure (issue 29, item 3): a call inside a shared object's helper
/// belongs to the screens whose code reaches that helper, not to every screen holding the object.
final class MethodAttributionTests: XCTestCase {
    /// One view model, `SharedViewModel`, built by both Home's and List's screens; Home calls
    /// `navigateToA`, List calls `navigateToB` (from a closure), nobody calls `navigateToC`, and
    /// `navigateToD` is handed to a button by `#selector` (who runs it is not known).
    static let app = """
        struct ARoute: Route { static let identifier = "a" }
        struct BRoute: Route { static let identifier = "b" }
        struct CRoute: Route { static let identifier = "c" }
        struct DRoute: Route { static let identifier = "d" }
        final class AHandler: RouteHandler {
            var routes: [Route.Type] { [ARoute.self] }
            func destination(forRoute route: Route, fromViewController vc: UIViewController) -> Feature.Type { AFeature.self }
        }
        final class BHandler: RouteHandler {
            var routes: [Route.Type] { [BRoute.self] }
            func destination(forRoute route: Route, fromViewController vc: UIViewController) -> Feature.Type { BFeature.self }
        }
        final class CHandler: RouteHandler {
            var routes: [Route.Type] { [CRoute.self] }
            func destination(forRoute route: Route, fromViewController vc: UIViewController) -> Feature.Type { CFeature.self }
        }
        final class DHandler: RouteHandler {
            var routes: [Route.Type] { [DRoute.self] }
            func destination(forRoute route: Route, fromViewController vc: UIViewController) -> Feature.Type { DFeature.self }
        }
        final class SharedViewModel {
            let router: RouterServiceProtocol
            weak var view: UIViewController?
            init(router: RouterServiceProtocol) { self.router = router }
            func navigateToA() { router.navigate(toRoute: ARoute(), fromView: view!, presentationStyle: Push(), animated: true) }
            func navigateToB() { router.navigate(toRoute: BRoute(), fromView: view!, presentationStyle: Push(), animated: true) }
            func navigateToC() { router.navigate(toRoute: CRoute(), fromView: view!, presentationStyle: Push(), animated: true) }
            @objc func navigateToD() { router.navigate(toRoute: DRoute(), fromView: view!, presentationStyle: Push(), animated: true) }
        }
        final class HomeViewController: UIViewController {
            let viewModel: SharedViewModel
            init(viewModel: SharedViewModel) { self.viewModel = viewModel }
            func openA() { viewModel.navigateToA() }
        }
        final class ListViewController: UIViewController {
            let viewModel: SharedViewModel
            var onTap: (() -> Void)?
            init(viewModel: SharedViewModel) { self.viewModel = viewModel }
            override func viewDidLoad() { onTap = { [weak self] in self?.viewModel.navigateToB() } }
            func wire(_ button: UIButton) { button.addTarget(viewModel, action: #selector(SharedViewModel.navigateToD), for: .touchUpInside) }
        }
        struct HomeFeature: Feature {
            @Dependency var routerService: RouterServiceProtocol
            func build(fromRoute route: Route?) -> UIViewController { HomeViewController(viewModel: SharedViewModel(router: routerService)) }
        }
        struct ListFeature: Feature {
            @Dependency var routerService: RouterServiceProtocol
            func build(fromRoute route: Route?) -> UIViewController { ListViewController(viewModel: SharedViewModel(router: routerService)) }
        }
        struct AFeature: Feature { func build(fromRoute route: Route?) -> UIViewController { UIViewController() } }
        struct BFeature: Feature { func build(fromRoute route: Route?) -> UIViewController { UIViewController() } }
        struct CFeature: Feature { func build(fromRoute route: Route?) -> UIViewController { UIViewController() } }
        struct DFeature: Feature { func build(fromRoute route: Route?) -> UIViewController { UIViewController() } }
        final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            var window: UIWindow?
            let routerService = RouterService()
            func start() {
                window?.rootViewController = routerService.navigationController(withInitialFeature: HomeFeature.self)
                _ = ListFeature.self
            }
        }
        """

    func testAHelperBelongsToTheScreensThatCallIt() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-attr-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try StyleScan.write(["Sources/App/App.swift": Self.app], to: dir)
        let r = try SwiftSourceScanner().scan(paths: [dir])
        let edges = r.registry.features.flatMap { f in f.navigates.map { "\(f.name) -> \($0.route)" } }.sorted()
        // a: only Home calls navigateToA; b: only List (through a closure it sets); c: nobody (no edge,
        // counted as unattributed); d: run by a selector, so every screen holding the view model keeps it.
        XCTAssertEqual(edges, ["HomeFeature -> a", "HomeFeature -> d", "ListFeature -> b", "ListFeature -> d"])
        let c = try XCTUnwrap(r.explanations.first { $0.written.hasPrefix("CRoute") })
        XCTAssertTrue(c.resolved.isEmpty)
        XCTAssertEqual(c.unresolved.map(\.route), ["c"])
        // CFeature is not an error: the call nobody runs is in the registry's unfollowed calls.
        let findings = CheckRunner().run(NavGraph(registry: r.registry))
        XCTAssertFalse(findings.contains { $0.subject == "CFeature" && $0.severity == .error }, "\(findings.map(\.message))")
    }

    /// A helper that hands the same call on to a value the scan cannot type
    /// (`func navigateToA() { if let relay { relay.navigateToA() } else { router.navigate(…) } }`, `relay:
    /// AnyObject & Relaying` of a protocol no source declares) looks like its own caller: that call
    /// is no other screen running it. Before, it made every screen holding the view model an owner.
    func testAHelperThatCallsItsOwnNameOnAnUntypedValueIsNotItsOwnCaller() throws {
        let app = Self.app.replacingOccurrences(
            of: "func navigateToA() { router.navigate(toRoute: ARoute(), fromView: view!, presentationStyle: Push(), animated: true) }",
            with: "var relay: Relaying?\n    func navigateToA() { if let relay { relay.navigateToA() } else { router.navigate(toRoute: ARoute(), fromView: view!, presentationStyle: Push(), animated: true) } }")
        XCTAssertTrue(app.contains("relay.navigateToA()"))
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-attr-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try StyleScan.write(["Sources/App/App.swift": app], to: dir)
        let r = try SwiftSourceScanner().scan(paths: [dir])
        let edges = r.registry.features.flatMap { f in f.navigates.map { "\(f.name) -> \($0.route)" } }.sorted()
        XCTAssertEqual(edges, ["HomeFeature -> a", "HomeFeature -> d", "ListFeature -> b", "ListFeature -> d"])
    }
}
