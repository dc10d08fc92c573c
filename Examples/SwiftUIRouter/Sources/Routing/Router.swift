import SwiftUI

public final class Router: ObservableObject {
    private var handlers: [String: RouteHandler] = [:]

    public init() {}

    public func register(_ handler: RouteHandler) {
        for routeType in handler.routes {
            handlers[routeType.identifier] = handler
        }
    }

    public func feature(for route: Route) -> Feature {
        let identifier = type(of: route).identifier
        guard let handler = handlers[identifier] else {
            preconditionFailure("No handler is registered for \(identifier)")
        }
        return handler.destination(for: route).init()
    }

    /// The destination of a `NavigationLink`.
    public func link(for route: Route) -> AnyView {
        feature(for: route).build(using: self)
    }

    /// The content of a sheet: the screen in a navigation stack of its own.
    public func sheet(for route: Route) -> AnyView {
        AnyView(NavigationStack { self.link(for: route) })
    }
}
