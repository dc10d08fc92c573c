import Routing
import RouterService
import UIKit

public struct SettingsRouteHandler: RouteHandler {
    public init() {}

    public var routes: [Route.Type] {
        [SettingsRoute.self]
    }

    public func destination(forRoute route: Route, fromViewController viewController: UIViewController) -> Feature.Type {
        SettingsFeature.self
    }
}
