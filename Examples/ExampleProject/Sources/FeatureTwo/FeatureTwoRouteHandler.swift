import FeatureTwoInterface
import RouterServiceInterface
import UIKit

public final class FeatureTwoRouteHandler: RouteHandler {
    public var routes: [Route.Type] {
        [FeatureTwoRoute.self]
    }

    public init() {}

    public func destination(forRoute route: Route, fromViewController viewController: UIViewController) -> Feature.Type {
        guard route is FeatureTwoRoute else {
            preconditionFailure("FeatureTwoRouteHandler only handles FeatureTwoRoute")
        }
        return FeatureTwo.self
    }
}
