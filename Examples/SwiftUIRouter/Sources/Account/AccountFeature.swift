import Routing
import SwiftUI

public struct AccountFeature: Feature {
    public init() {}

    public func build(using router: Router) -> AnyView {
        AnyView(AccountView(router: router))
    }
}

public struct AccountRouteHandler: RouteHandler {
    public init() {}

    public var routes: [Route.Type] {
        [AccountRoute.self]
    }

    public func destination(for route: Route) -> Feature.Type {
        guard route is AccountRoute else {
            preconditionFailure("AccountRouteHandler cannot show \(route)")
        }
        return AccountFeature.self
    }
}
