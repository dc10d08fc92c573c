import Foundation
import NavGraphKit
import XCTest
@testable import NavGraphScan

/// Protocol routes met in a public app of session 29 (shapes written anew): a screen holds its
/// presenter as a protocol (`var output: ShelfOutput!`) that one class adopts, and a DI part registers
/// that class in the composition root; a route's default implementation hands a system share sheet
/// to a presenting helper whose own code makes a placeholder controller for a window.
final class PresenterProtocolTests: ScanSourcesTestCase {
    static let app = """
    import UIKit
    protocol RouterProtocol: AnyObject { var controller: UIViewController? { get } }
    class BaseRouter: RouterProtocol {
        weak var controller: UIViewController?
        init(view: UIViewController) { controller = view }
    }
    protocol BookRoute { func openBook(id: Int) }
    extension BookRoute where Self: RouterProtocol {
        func openBook(id: Int) {
            let screen = BookAssembly.make(id: id)
            controller?.navigationController?.pushViewController(screen, animated: true)
        }
    }
    protocol ShareRoute { func openShare(url: URL) }
    extension ShareRoute where Self: RouterProtocol {
        func openShare(url: URL) {
            let sheet = UIActivityViewController(activityItems: [url], applicationActivities: nil)
            SheetPresenter(target: sheet, parent: controller).show()
        }
    }
    final class SheetPresenter {
        let target: UIViewController
        let parent: UIViewController?
        init(target: UIViewController, parent: UIViewController?) { self.target = target; self.parent = parent }
        func show() {
            if let parent { parent.present(target, animated: true) } else { OverlayWindow.make().rootViewController?.present(target, animated: true) }
        }
    }
    final class OverlayWindow: UIWindow {
        static func make() -> UIWindow {
            let w = OverlayWindow(frame: .zero)
            w.rootViewController = PlaceholderController()
            return w
        }
    }
    private final class PlaceholderController: UIViewController {}
    protocol ShelfRoutes: BookRoute {}
    final class ShelfRouter: BaseRouter, ShelfRoutes {}
    protocol BookRoutes: ShareRoute {}
    final class BookRouter: BaseRouter, BookRoutes {}
    protocol ShelfOutput: AnyObject { func bind(router: ShelfRoutes); func picked(_ id: Int) }
    final class ShelfPresenter: ShelfOutput {
        private var router: ShelfRoutes!
        func bind(router: ShelfRoutes) { self.router = router }
        func picked(_ id: Int) { router.openBook(id: id) }
    }
    protocol BookOutput: AnyObject { func bind(router: BookRoutes); func share() }
    final class BookPresenter: BookOutput {
        private var router: BookRoutes!
        func bind(router: BookRoutes) { self.router = router }
        func share() { router.openShare(url: URL(string: "https://example.com")!) }
    }
    final class ShelfViewController: UIViewController { var output: ShelfOutput! }
    final class BookViewController: UIViewController { var output: BookOutput! }
    enum Container {
        static var parts: [String: () -> AnyObject] = [:]
        static func resolve<T>() -> T { parts["\\(T.self)"]!() as! T }
    }
    enum PresentersPart {
        static func load() {
            Container.parts["ShelfOutput"] = { ShelfPresenter() }
            Container.parts["BookOutput"] = { BookPresenter() }
        }
    }
    enum ShelfAssembly {
        static func make() -> ShelfViewController {
            let screen = ShelfViewController()
            screen.output = Container.resolve()
            screen.output.bind(router: ShelfRouter(view: screen))
            return screen
        }
    }
    enum BookAssembly {
        static func make(id: Int) -> BookViewController {
            let screen = BookViewController()
            screen.output = Container.resolve()
            screen.output.bind(router: BookRouter(view: screen))
            return screen
        }
    }
    @main final class AppDelegate: UIResponder, UIApplicationDelegate {
        var window: UIWindow?
        func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
            PresentersPart.load()
            window?.rootViewController = UINavigationController(rootViewController: ShelfAssembly.make())
            return true
        }
    }
    """

    /// The shelf's presenter opens the book: the shelf's edge, not an entry of the composition root
    /// (which registers the presenter). The share sheet is a system controller handed to a
    /// presenting helper: no route of the app's screens (before: the helper's placeholder controller
    /// was taken for the route's screen).
    func testAPresenterHeldAsAProtocolIsTheScreensAndAHandedOnSheetIsNoScreen() throws {
        let r = try scan(["App": Self.app])
        XCTAssertEqual(r.summary.styles, [.protocolRoutes])
        let mappings = r.registry.handlers.flatMap { h in h.routes.map { "\($0.route) -> \($0.feature)" } }.sorted()
        XCTAssertEqual(mappings, ["BookRoute -> BookViewController"])
        XCTAssertEqual(edges(r), ["ShelfViewController -> BookRoute"])
        XCTAssertFalse(r.registry.entries.map(\.name).contains("BookRoute"))
        XCTAssertEqual(findings(r).filter { $0.contains("error") }, [])
    }
}
