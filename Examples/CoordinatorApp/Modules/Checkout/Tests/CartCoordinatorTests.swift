import AppRouting
@testable import Checkout
import RouterService
import UIKit
import XCTest

private final class SessionStub: SessionProviding {
    let isLoggedIn: Bool

    init(isLoggedIn: Bool) {
        self.isLoggedIn = isLoggedIn
    }

    func logIn(email: String, password: String) async throws {}
}

/// Remembers the route the router built it with.
private struct RouteRecorderFeature: Feature {
    static var lastRoute: Route?

    init() {}

    func build(fromRoute route: Route?) -> UIViewController {
        RouteRecorderFeature.lastRoute = route
        return UIViewController()
    }
}

private struct RecordingHandler: RouteHandler {
    var routes: [Route.Type] {
        [CheckoutRoute.self, LoginRoute.self]
    }

    func destination(forRoute route: Route, fromViewController viewController: UIViewController) -> Feature.Type {
        RouteRecorderFeature.self
    }
}

final class CartCoordinatorTests: XCTestCase {
    private func routeAfterTappingCheckout(loggedIn: Bool) -> Route? {
        RouteRecorderFeature.lastRoute = nil
        let router = RouterService()
        router.register(routeHandler: RecordingHandler())
        let coordinator = CartCoordinator(routerService: router, session: SessionStub(isLoggedIn: loggedIn))
        let navigation = UINavigationController(rootViewController: coordinator.start())
        withExtendedLifetime(navigation) {
            coordinator.checkoutTapped()
        }
        return RouteRecorderFeature.lastRoute
    }

    func testALoggedInUserGoesStraightToCheckout() {
        XCTAssertTrue(routeAfterTappingCheckout(loggedIn: true) is CheckoutRoute)
    }

    func testAGuestLogsInFirstAndComesBackToCheckout() {
        let route = routeAfterTappingCheckout(loggedIn: false) as? LoginRoute
        XCTAssertEqual(route?.continueToCheckout, true)
    }
}
