import RouterServiceInterface
import ShopInterface
import UIKit

public final class ShopRouteHandler: RouteHandler {
    public let routes: [Route.Type] = [ShopRoute.self, ProductRoute.self]

    public init() {}

    public func destination(forRoute route: Route, fromViewController viewController: UIViewController) -> Feature.Type {
        switch route {
        case is ShopRoute:
            return ShopFeature.self
        case is ProductRoute:
            return ProductFeature.self
        default:
            preconditionFailure()
        }
    }
}
