import AppRouting
import RouterService
import UIKit

public struct CatalogRouteHandler: RouteHandler {
    public init() {}

    public var routes: [Route.Type] {
        [ProductRoute.self]
    }

    public func destination(forRoute route: Route, fromViewController viewController: UIViewController) -> Feature.Type {
        guard route is ProductRoute else {
            preconditionFailure("CatalogRouteHandler cannot open \(route)")
        }
        return ProductFeature.self
    }
}
