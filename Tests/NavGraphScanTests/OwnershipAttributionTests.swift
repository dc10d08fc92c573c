import Foundation
import NavGraphKit
import XCTest
@testable import NavGraphScan

/// What a screen's construction owns is its own; what it only points to (a `weak` property, a cast
/// of a value passed in to a protocol) belongs to the screen that made it (`TypeReferenceGraph`).
/// In the AppRouter / ModuleFactory style: Home's presenter opens Detail and Extra, and is Detail's
/// delegate.
final class OwnershipAttributionTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-own-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    /// The router's table (home, detail, extra), Home and Extra, the app delegate, and `files`.
    func scan(_ files: [String: String], appDelegate: String? = nil) throws -> ScanResult {
        var all = files
        all["Sources/Core/Page.swift"] = ModuleFactoryTests.page(home: #""home""#, detail: #""detail""#, extra: #""extra""#)
        all["Sources/App/Router.swift"] = """
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
            }
            final class ExtraModule: IModule {
                init(router: AppRouter) {}
                func presentView(parameters: [String: Any]) {}
            }
            """
        all["Sources/App/AppDelegate.swift"] = appDelegate ?? """
            final class AppDelegate: UIResponder, UIApplicationDelegate {
                func start() { AppRouter.shared.presentModule(module: .home, parameters: [:]) }
            }
            """
        try StyleScan.write(all, to: dir)
        return try SwiftSourceScanner(configuration: ScanConfiguration()).scan(paths: [dir])
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
        let r = try scan([
            "Sources/Home/Home.swift": Self.home,
            "Sources/Detail/Detail.swift": """
                final class DetailModule: IModule {
                    let router: AppRouter
                    init(router: AppRouter) { self.router = router }
                    func presentView(parameters: [String: Any]) {
                        let presenter = DetailPresenter()
                        presenter.delegate = parameters["delegate"] as? DetailDelegate
                    }
                }
                final class DetailPresenter {
                    weak var delegate: DetailDelegate?
                    func done() { delegate?.detailDidFinish() }
                }
                """,
        ])
        XCTAssertEqual(StyleScan.edges(r), ["HomeModule -> detail", "HomeModule -> extra"])
    }

    /// The same with the delegate handed over by a method (`configure(delegate:)`): the weak
    /// property alone does not make Home's presenter Detail's.
    func testAWeakPropertyDoesNotOwnWhatItPointsTo() throws {
        let r = try scan([
            "Sources/Home/Home.swift": Self.home,
            "Sources/Detail/Detail.swift": """
                final class DetailModule: IModule {
                    let router: AppRouter
                    init(router: AppRouter) { self.router = router }
                    func presentView(parameters: [String: Any]) { _ = DetailPresenter() }
                }
                final class DetailPresenter {
                    weak var delegate: DetailDelegate?
                    func configure(delegate: DetailDelegate) { self.delegate = delegate }
                    func done() { delegate?.detailDidFinish() }
                }
                """,
        ])
        XCTAssertEqual(StyleScan.edges(r), ["HomeModule -> detail", "HomeModule -> extra"])
    }

    /// A coordinator the app delegate makes, which Home's view reports to through a weak
    /// property: no screen's construction owns it, so what it opens is Home's.
    func testAWeakReferenceToWhatNoScreenOwnsIsFollowed() throws {
        let r = try scan([
            "Sources/Home/Home.swift": """
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
            "Sources/Detail/Detail.swift": """
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
        XCTAssertEqual(StyleScan.edges(r), ["HomeModule -> detail"])
    }
}
