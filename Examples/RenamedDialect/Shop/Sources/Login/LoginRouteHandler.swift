import DIService
import UIKit

struct LoginRouteHandler: RouteHandling {
    var routes: [Route.Type] {
        [UsernameRoute.self, PasswordRoute.self]
    }

    func destination(for route: Route, from viewController: UIViewController) -> Builder.Type {
        switch route {
        case is UsernameRoute:
            return UsernameBuilder.self
        case is PasswordRoute:
            return PasswordBuilder.self
        default:
            preconditionFailure("LoginRouteHandler cannot open \(route)")
        }
    }
}
