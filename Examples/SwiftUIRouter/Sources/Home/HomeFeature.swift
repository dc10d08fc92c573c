import Routing
import SwiftUI

public struct HomeFeature: Feature {
    public init() {}

    public func build(using router: Router) -> AnyView {
        AnyView(HomeView(router: router))
    }
}

public struct HomeRouteHandler: RouteHandler {
    public init() {}

    public var routes: [Route.Type] {
        [HomeRoute.self]
    }

    public func destination(for route: Route) -> Feature.Type {
        HomeFeature.self
    }
}
