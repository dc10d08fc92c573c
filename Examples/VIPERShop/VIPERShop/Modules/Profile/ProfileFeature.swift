import RouterService
import UIKit

struct ProfileFeature: Feature {
    @Dependency var routerService: RouterServiceProtocol

    func build(fromRoute route: Route?) -> UIViewController {
        ProfileViewController(routerService: routerService)
    }
}

struct ProfileRouteHandler: RouteHandler {
    var routes: [Route.Type] {
        [ProfileRoute.self]
    }

    func destination(forRoute route: Route, fromViewController viewController: UIViewController) -> Feature.Type {
        guard route is ProfileRoute else {
            preconditionFailure("ProfileRouteHandler cannot open \(route)")
        }
        return ProfileFeature.self
    }
}
