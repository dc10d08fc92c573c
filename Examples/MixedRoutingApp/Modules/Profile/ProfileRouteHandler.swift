import Routing
import RouterService
import UIKit

public struct ProfileRouteHandler: RouteHandler {
    public init() {}

    public var routes: [Route.Type] {
        [ProfileRoute.self]
    }

    public func destination(forRoute route: Route, fromViewController viewController: UIViewController) -> Feature.Type {
        ProfileFeature.self
    }
}
