/// A navigation call the scanner found but could not follow to the routes it opens (a route
/// decoded at run time, a parameter no call passes, a value past the analysis' bounds).
///
/// The registry a scan writes carries these (`unfollowed:`), so that `check` on that file knows the
/// graph is partial exactly as the scan did: an absence that such a call could explain (a screen
/// one of its possible routes leads to) is held back from an error to a warning
/// (`CompletenessRule`). A hand-written registry has none, and keeps every error.
public struct UnfollowedCall: Hashable, Codable, Sendable {
    /// The call's route argument as written (`saved.value` of `navigate(saved.value)`).
    public var call: String
    /// The features whose construction reaches the call, when the scanner knows them.
    public var from: [String]
    /// The routing system of the call (nil: RouterService): it can only open that system's routes.
    public var system: RoutingSystem?
    /// The routes the call could open, when something narrows them; nil: any route of `system`.
    public var routes: [String]?
    /// Why the scanner could not follow it.
    public var reason: String?
    public var origin: ElementOrigin

    public init(
        call: String, from: [String] = [], system: RoutingSystem? = nil, routes: [String]? = nil, reason: String? = nil,
        origin: ElementOrigin = .init()
    ) {
        self.call = call
        self.from = from
        self.system = system
        self.routes = routes
        self.reason = reason
        self.origin = origin
    }

    /// Whether this call can open `route` (declared with `routeSystem`).
    public func canOpen(_ route: String, system routeSystem: RoutingSystem?) -> Bool {
        if let routes { return routes.contains(route) }
        return (routeSystem ?? .routerService) == (system ?? .routerService)
    }
}
