import Foundation
import NavGraphKit
import XCTest
@testable import NavGraphScan

/// What a screen's construction owns is its own; what it only points to (a `weak` property, a cast
/// of a value passed in to a protocol) belongs to the screen that made it (`TypeReferenceGraph`).
/// In the AppRouter / ModuleFactory style: Home's presenter opens Detail and Extra, and is Detail's
/// delegate.
final class OwnershipAttributionTests: ScanSourcesTestCase {
    /// The router's table (home, detail, extra), Extra, the app delegate, and `files` (by name).
    func scanApp(_ files: [String: String], appDelegate: String? = nil) throws -> ScanResult {
        var all = files
        all["Page"] = ModuleFactoryTests.page(home: #""home""#, detail: #""detail""#, extra: #""extra""#)
        all["Router"] = ModuleFactoryTests.threePageRouter() + """
            final class ExtraModule: IModule {
                init(router: AppRouter) {}
                func presentView(parameters: [String: Any]) {}
            }
            """
        all["AppDelegate"] = appDelegate ?? """
            final class AppDelegate: UIResponder, UIApplicationDelegate {
                func start() { AppRouter.shared.presentModule(module: .home, parameters: [:]) }
            }
            """
        return try scan(all)
    }

    /// Detail's module, whose `presentView` does `presentView`, and its presenter, which holds its
    /// delegate weakly and has `members`.
    static func detail(presentView: String, members: String) -> String {
        """
        final class DetailModule: IModule {
            let router: AppRouter
            init(router: AppRouter) { self.router = router }
            func presentView(parameters: [String: Any]) {
                \(presentView)
            }
        }
        final class DetailPresenter {
            weak var delegate: DetailDelegate?
            \(members)
            func done() { delegate?.detailDidFinish() }
        }
        """
    }

    /// Home's module, view and presenter: the view's buttons (run by UIKit) ask the presenter,
    /// through its protocol, to open Detail (passing itself as the delegate) and Extra; the
    /// presenter holds the view weakly.
    static let home = """
        protocol DetailDelegate: AnyObject { func detailDidFinish() }
        protocol HomeViewing: AnyObject { func reload() }
        protocol HomePresenting { func showDetail(); func showExtra() }
        final class HomeModule: IModule {
            let router: AppRouter
            init(router: AppRouter) { self.router = router }
            func presentView(parameters: [String: Any]) {
                let presenter = HomePresenter(router: router)
                presenter.view = HomeViewController(presenter: presenter)
            }
        }
        final class HomeViewController: UIViewController, HomeViewing {
            let presenter: HomePresenting
            init(presenter: HomePresenting) { self.presenter = presenter }
            func detailTapped() { presenter.showDetail() }
            func extraTapped() { presenter.showExtra() }
            func reload() {}
        }
        final class HomePresenter: DetailDelegate, HomePresenting {
            let router: AppRouter
            weak var view: HomeViewing?
            init(router: AppRouter) { self.router = router }
            func showDetail() { router.presentModule(module: .detail, parameters: ["delegate": self]) }
            func showExtra() { router.presentModule(module: .extra, parameters: [:]) }
            func detailDidFinish() { view?.reload() }
        }
        """

    /// Detail's presenter holds its delegate weakly, set from the parameters by a cast: Home's
    /// presenter, which Home's module made. What that presenter opens is Home's, not Detail's.
    func testADelegatePassedInStaysTheScreenThatMadeIt() throws {
        let r = try scanApp([
            "Home": Self.home,
            "Detail": Self.detail(presentView: """
                let presenter = DetailPresenter()
                        presenter.delegate = parameters["delegate"] as? DetailDelegate
                """, members: ""),
        ])
        XCTAssertEqual(edges(r), ["HomeModule -> detail", "HomeModule -> extra"])
    }

    /// The same with the delegate handed over by a method (`configure(delegate:)`): the weak
    /// property alone does not make Home's presenter Detail's.
    func testAWeakPropertyDoesNotOwnWhatItPointsTo() throws {
        let r = try scanApp([
            "Home": Self.home,
            "Detail": Self.detail(
                presentView: "_ = DetailPresenter()", members: "func configure(delegate: DetailDelegate) { self.delegate = delegate }"),
        ])
        XCTAssertEqual(edges(r), ["HomeModule -> detail", "HomeModule -> extra"])
    }

    /// A coordinator the app delegate makes, which Home's view reports to through a weak
    /// property: no screen's construction owns it, so what it opens is Home's.
    func testAWeakReferenceToWhatNoScreenOwnsIsFollowed() throws {
        let r = try scanApp([
            "Home": """
                protocol HomeCoordinating: AnyObject { func openDetail() }
                final class HomeModule: IModule {
                    init(router: AppRouter) {}
                    func presentView(parameters: [String: Any]) { _ = HomeView() }
                }
                final class HomeView {
                    weak var coordinator: HomeCoordinating?
                    func tapped() { coordinator?.openDetail() }
                }
                """,
            "Detail": """
                final class DetailModule: IModule {
                    init(router: AppRouter) {}
                    func presentView(parameters: [String: Any]) {}
                }
                final class AppCoordinator: HomeCoordinating {
                    func openDetail() { AppRouter.shared.presentModule(module: .detail, parameters: [:]) }
                }
                """,
        ], appDelegate: """
            final class AppDelegate: UIResponder, UIApplicationDelegate {
                let coordinator = AppCoordinator()
                func start() { AppRouter.shared.presentModule(module: .home, parameters: [:]) }
            }
            """)
        XCTAssertEqual(edges(r), ["HomeModule -> detail"])
    }
}
