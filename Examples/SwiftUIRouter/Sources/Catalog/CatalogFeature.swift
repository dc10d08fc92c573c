import Routing
import SwiftUI

public struct CatalogFeature: Feature {
    public init() {}

    public func build(using router: Router) -> AnyView {
        AnyView(CatalogView(router: router, items: CatalogItem.samples))
    }
}

public struct CatalogRouteHandler: RouteHandler {
    public init() {}

    public var routes: [Route.Type] {
        [CatalogRoute.self]
    }

    public func destination(for route: Route) -> Feature.Type {
        guard route is CatalogRoute else {
            preconditionFailure("CatalogRouteHandler cannot show \(route)")
        }
        return CatalogFeature.self
    }
}
