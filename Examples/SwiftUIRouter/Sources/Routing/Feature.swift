import SwiftUI

/// A screen. The router creates it with `init()` and asks it for its view.
public protocol Feature {
    init()
    func build(using router: Router) -> AnyView
}

public protocol Route {
    static var identifier: String { get }
}

/// Names the feature that shows each of its routes.
public protocol RouteHandler {
    var routes: [Route.Type] { get }
    func destination(for route: Route) -> Feature.Type
}
