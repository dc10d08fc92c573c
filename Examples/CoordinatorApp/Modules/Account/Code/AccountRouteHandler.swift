import AppRouting
import RouterService
import UIKit

public struct AccountRouteHandler: RouteHandler {
    public init() {}

    public var routes: [Route.Type] {
        [LoginRoute.self, AccountRoute.self]
    }

    public func destination(forRoute route: Route, fromViewController viewController: UIViewController) -> Feature.Type {
        if route is LoginRoute {
            return LoginFeature.self
        }
        guard route is AccountRoute else {
            preconditionFailure("AccountRouteHandler cannot open \(route)")
        }
        return AccountFeature.self
    }
}
