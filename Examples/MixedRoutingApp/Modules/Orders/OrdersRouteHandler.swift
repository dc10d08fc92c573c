import Routing
import RouterService
import UIKit

public struct OrdersRouteHandler: RouteHandler {
    public init() {}

    public var routes: [Route.Type] {
        [OrdersRoute.self]
    }

    public func destination(forRoute route: Route, fromViewController viewController: UIViewController) -> Feature.Type {
        OrdersFeature.self
    }
}
