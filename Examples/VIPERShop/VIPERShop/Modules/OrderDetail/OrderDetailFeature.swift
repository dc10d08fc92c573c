import RouterService
import UIKit

struct OrderDetailFeature: Feature {
    @Dependency var ordersService: OrdersServiceProtocol

    func build(fromRoute route: Route?) -> UIViewController {
        guard let route = route as? OrderDetailRoute else {
            preconditionFailure("OrderDetailFeature is opened with an OrderDetailRoute")
        }
        return OrderDetailViewController(order: ordersService.order(withID: route.id))
    }
}

struct OrderDetailRouteHandler: RouteHandler {
    var routes: [Route.Type] {
        [OrderDetailRoute.self]
    }

    func destination(forRoute route: Route, fromViewController viewController: UIViewController) -> Feature.Type {
        guard route is OrderDetailRoute else {
            preconditionFailure("OrderDetailRouteHandler cannot open \(route)")
        }
        return OrderDetailFeature.self
    }
}
