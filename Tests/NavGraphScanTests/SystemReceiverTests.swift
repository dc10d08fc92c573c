import Foundation
import NavGraphKit
import XCTest
@testable import NavGraphScan

/// A method called on a system object (`UIApplication.shared.open(url)`) is the system type's, even
/// where the app extends that type and has a same-named method of its own: a protocol-routes
/// template of session 30 had its window transition's `open(_:)` "called" by a URL helper, so the
/// transition's `rootViewController = viewController` was counted as a presentation of `self` (a URL).
final class SystemReceiverTests: ScanSourcesTestCase {
    static func app(helper: String) -> String {
        """
        import UIKit
        protocol Transition: AnyObject { func open(_ viewController: UIViewController) }
        final class WindowTransition: Transition {
            func open(_ viewController: UIViewController) {
                UIApplication.shared.windows.first?.rootViewController = viewController
            }
        }
        protocol RouterProtocol: AnyObject { func open(_ viewController: UIViewController, transition: Transition) }
        class Router: RouterProtocol {
            func open(_ viewController: UIViewController, transition: Transition) { transition.open(viewController) }
        }
        protocol HomeRoute { func openHome() }
        extension HomeRoute where Self: RouterProtocol {
            func openHome() { open(HomeViewController(), transition: WindowTransition()) }
        }
        final class HomeViewController: UIViewController {}
        final class AppRouter: Router, HomeRoute {}
        @main final class AppDelegate: UIResponder, UIApplicationDelegate {
            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                AppRouter().openHome()
                return true
            }
        }
        extension UIApplication { var isForeground: Bool { applicationState == .active } }
        \(helper)
        """
    }

    func testAMethodOfASystemObjectIsNotTheAppsSameNamedMethod() throws {
        let r = try scan(["App": Self.app(helper: """
            extension URL {
                func openInBrowser() { if UIApplication.shared.canOpenURL(self) { UIApplication.shared.open(self) } }
            }
            """)])
        XCTAssertEqual(r.summary.styles, [.protocolRoutes])
        let unresolved = r.explanations.filter { !$0.unresolved.isEmpty }.map { "\($0.location.line): \($0.written)" }
        XCTAssertEqual(unresolved, [])
        XCTAssertEqual(findings(r).filter { $0.contains("error") }, [])
    }

    /// The same call on an app object of unknown type may still be the app's method: an `open(_:)`
    /// on a value the scan cannot type is a call site of the transition, and what it passes (a URL
    /// read from `self`) stays unknown — the scan says so instead of guessing.
    func testTheSameCallOnAnUntypedValueMayStillBeTheAppsMethod() throws {
        let r = try scan(["App": Self.app(helper: """
            protocol URLOpening { func open(_ url: URL) }
            extension URL {
                func openInBrowser(with opener: AnyObject) { (opener as? URLOpening)?.open(self) }
            }
            """)])
        let unresolved = r.explanations.filter { !$0.unresolved.isEmpty }
        XCTAssertFalse(unresolved.isEmpty)
    }

    /// A router that adopts its routes through a typealias (`final class AppRouter: Router,
    /// AppRouter.Routes` with `typealias Routes = HomeRoute`) conforms to them: the route's
    /// `open(…)` in `extension HomeRoute where Self: RouterProtocol` runs the router's `open`, so what
    /// the transition shows is the route's screen (the router at work), no presentation left unfollowed.
    func testRoutesAdoptedThroughATypealiasAreConformedTo() throws {
        let app = Self.app(helper: "").replacingOccurrences(
            of: "final class AppRouter: Router, HomeRoute {}",
            with: "final class AppRouter: Router, AppRouter.Routes { typealias Routes = HomeRoute }")
        XCTAssertTrue(app.contains("typealias Routes = HomeRoute"))
        let r = try scan(["App": app])
        XCTAssertEqual(r.explanations.filter { !$0.unresolved.isEmpty }.map { "\($0.location.line): \($0.written)" }, [])
        XCTAssertEqual(r.registry.entries.map(\.name), ["HomeRoute"])
    }

    /// A type the sources only extend (`extension Array { … }`) is not one of theirs: a split view's
    /// `nav.viewControllers = Array(controllers[..<index])` re-arranges screens already shown and
    /// presents no screen (before: an unfollowed presentation that "may be any screen").
    func testATypeTheSourcesOnlyExtendIsNoScreen() throws {
        let r = try scan(["App": """
            import UIKit
            protocol RouterProtocol: AnyObject { var root: UIViewController? { get } }
            class Router: RouterProtocol { weak var root: UIViewController? }
            protocol ListRoute { func openList() }
            extension ListRoute where Self: RouterProtocol {
                func openList() { root?.navigationController?.pushViewController(ListViewController(), animated: true) }
            }
            protocol DetailRoute { func openDetail() }
            extension DetailRoute where Self: RouterProtocol {
                func openDetail() { root?.navigationController?.pushViewController(DetailViewController(), animated: true) }
            }
            final class AppRouter: Router, ListRoute, DetailRoute {}
            extension Array { var secondToLast: Element? { count > 1 ? self[count - 2] : nil } }
            final class ListViewController: UIViewController {
                let router = AppRouter()
                let widths = Array(repeating: 0, count: 3)
                func tapped() { router.openDetail() }
                func collapse() {
                    guard let nav = navigationController else { return }
                    let controllers = nav.viewControllers
                    nav.viewControllers = Array(controllers[..<1])
                }
            }
            final class DetailViewController: UIViewController { let heights = Array(repeating: 1, count: 2) }
            @main final class AppDelegate: UIResponder, UIApplicationDelegate {
                func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    AppRouter().openList()
                    return true
                }
            }
            """])
        XCTAssertEqual(edges(r), ["ListViewController -> DetailRoute"])
        XCTAssertEqual(r.explanations.filter { !$0.unresolved.isEmpty }.map { "\($0.location.line): \($0.written)" }, [])
    }
}
