import RouterServiceInterface
import ShopInterface
import UIKit

public struct WishlistFeature: Feature {
    @Dependency var router: RouterServiceProtocol
    @Dependency var session: SessionProtocol

    public init() {}

    public func isEnabled() -> Bool { session.isLoggedIn }

    public func fallback(forRoute route: Route?) -> Feature.Type? { LoginFeature.self }

    public func build(fromRoute route: Route?) -> UIViewController {
        WishlistViewController()
    }
}

public struct LoginFeature: Feature {
    public init() {}
    public func build(fromRoute route: Route?) -> UIViewController { UIViewController() }
}

final class WishlistViewController: UIViewController {
    // navgraph:navigates login modal
    func showLogin() {
        let route: Route = LoginRoute()
        router?.navigate(toRoute: route, fromView: self, presentationStyle: Modal(), animated: true)
    }
    var router: RouterServiceProtocol?
}

public final class WishlistRouteHandler: RouteHandler {
    public var routes: [Route.Type] { [WishlistRoute.self, LoginRoute.self] }

    public init() {}

    public func destination(forRoute route: Route, fromViewController viewController: UIViewController) -> Feature.Type {
        if route is LoginRoute {
            return LoginFeature.self
        }
        return WishlistFeature.self
    }
}
