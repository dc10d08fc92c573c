import RouterService
import UIKit
import XCTest
@testable import VIPERShop

/// Counts how often the router built it (the router makes its own instances).
final class FeatureSpy: Feature {
    static var buildCount = 0

    init() {}

    func build(fromRoute route: Route?) -> UIViewController {
        FeatureSpy.buildCount += 1
        return UIViewController()
    }
}

struct RouteStub: Route {
    static let identifier = "route_stub"
}

struct RouteStubHandler: RouteHandler {
    var routes: [Route.Type] {
        [RouteStub.self]
    }

    func destination(forRoute route: Route, fromViewController viewController: UIViewController) -> Feature.Type {
        FeatureSpy.self
    }
}

private final class WireframeSpy: HomeWireframe {
    private(set) var routes: [Route] = []
    private(set) var restoreCount = 0

    func navigateTo(route: Route) {
        routes.append(route)
    }

    func restoreLastVisitedScreen() {
        restoreCount += 1
    }
}

final class HomePresenterTests: XCTestCase {
    func testTheSecondRowOpensProfile() {
        let presenter = HomePresenter()
        let wireframe = WireframeSpy()
        presenter.router = wireframe

        presenter.didSelect(row: 1)

        XCTAssertEqual(wireframe.routes.count, 1)
        XCTAssertTrue(wireframe.routes.first is ProfileRoute)
    }

    func testLoadingRestoresTheLastScreenOnce() {
        let presenter = HomePresenter()
        let wireframe = WireframeSpy()
        presenter.router = wireframe

        presenter.viewDidLoad()

        XCTAssertEqual(wireframe.restoreCount, 1)
    }

    func testTheRouterBuildsWhatTheHandlerNames() {
        FeatureSpy.buildCount = 0
        let router = RouterService()
        router.register(routeHandler: RouteStubHandler())
        let navigation = UINavigationController(rootViewController: UIViewController())

        router.navigate(toRoute: RouteStub(), fromView: navigation.topViewController!, presentationStyle: Push(), animated: false)

        XCTAssertEqual(FeatureSpy.buildCount, 1)
    }
}
