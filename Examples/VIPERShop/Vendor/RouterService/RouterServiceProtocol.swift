import UIKit

/// A value that names a destination. Routes are Codable so that they can be saved and restored.
public protocol Route: Codable {
    static var identifier: String { get }
}

/// A screen. The router creates it with `init()`, fills in its `@Dependency` properties, asks
/// `isEnabled()`, and builds either the feature or its fallback.
public protocol Feature {
    init()
    func build(fromRoute route: Route?) -> UIViewController
    func isEnabled() -> Bool
    func fallback(forRoute route: Route?) -> Feature.Type?
}

public extension Feature {
    func isEnabled() -> Bool {
        true
    }

    func fallback(forRoute route: Route?) -> Feature.Type? {
        nil
    }
}

/// Names the feature that opens each of its routes.
public protocol RouteHandler {
    var routes: [Route.Type] { get }
    func destination(forRoute route: Route, fromViewController viewController: UIViewController) -> Feature.Type
}

public protocol RouterServiceProtocol: AnyObject {
    func navigate(
        toRoute route: Route,
        fromView viewController: UIViewController,
        presentationStyle: PresentationStyle,
        animated: Bool,
        completion: (() -> Void)?
    )

    /// A JSON decoder that reads `AnyRoute` values of the routes registered so far.
    func makeRouteDecoder() -> JSONDecoder
}

public extension RouterServiceProtocol {
    /// The usual call: no completion.
    func navigate(
        toRoute route: Route,
        fromView viewController: UIViewController,
        presentationStyle: PresentationStyle,
        animated: Bool
    ) {
        navigate(
            toRoute: route,
            fromView: viewController,
            presentationStyle: presentationStyle,
            animated: animated,
            completion: nil
        )
    }
}
