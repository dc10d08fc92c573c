import AppRouting
import RouterService
import UIKit

public struct CheckoutRouteHandler: RouteHandler {
    public init() {}

    public var routes: [Route.Type] {
        [CartRoute.self, CheckoutRoute.self]
    }

    public func destination(forRoute route: Route, fromViewController viewController: UIViewController) -> Feature.Type {
        switch route {
        case is CartRoute:
            return CartFeature.self
        case is CheckoutRoute:
            return CheckoutFeature.self
        default:
            preconditionFailure("CheckoutRouteHandler cannot open \(route)")
        }
    }
}
