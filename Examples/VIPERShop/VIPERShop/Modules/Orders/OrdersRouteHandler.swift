import RouterService
import UIKit

struct OrdersRouteHandler: RouteHandler {
    var routes: [Route.Type] {
        [OrdersRoute.self]
    }

    func destination(forRoute route: Route, fromViewController viewController: UIViewController) -> Feature.Type {
        guard route is OrdersRoute else {
            preconditionFailure("OrdersRouteHandler cannot open \(route)")
        }
        return OrdersFeature.self
    }
}
