import UIKit

public protocol Route {
    static var identifier: String { get }
}

/// Names the builder that opens each of its routes.
public protocol RouteHandling {
    var routes: [Route.Type] { get }
    func destination(for route: Route, from viewController: UIViewController) -> Builder.Type
}
