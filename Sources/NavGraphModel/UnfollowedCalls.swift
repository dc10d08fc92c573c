import NavGraphSupport

/// A navigation call the scanner found but could not follow to the routes it opens (a route
/// decoded at run time, a parameter no call passes, a value past the analysis' bounds).
///
/// The registry a scan writes carries these (`unfollowed:`), so that `check` on that file knows the
/// graph is partial exactly as the scan did: an absence that such a call could explain (a screen
/// one of its possible routes leads to) is held back from an error to a warning
/// (`CompletenessRule`). A hand-written registry has none, and keeps every error.
public struct UnfollowedCall: Hashable, Codable, Sendable {
    /// What the call would have shown.
    public enum Kind: String, Hashable, Codable, Sendable, CaseIterable {
        /// A navigate call: it opens routes (`routes:`, else any route of `system`).
        case navigate
        /// A direct presentation (`present`, `pushViewController`, `.sheet`, …): it shows screens
        /// (`screens:`, else any screen).
        case present
        /// No entry point was found: the first screen is shown where the scan cannot read it (a
        /// storyboard, an unfollowed root presentation); any screen may be the first.
        case entry
    }

    /// The call's route argument as written (`saved.value` of `navigate(saved.value)`).
    public var call: String
    public var kind: Kind
    /// The features whose construction reaches the call, when the scanner knows them.
    public var from: [String]
    /// The routing system of the call (nil: RouterService): it can only open that system's routes.
    public var system: RoutingSystem?
    /// The routes the call could open, when something narrows them; nil: any route of `system`.
    public var routes: [String]?
    /// The screens a presentation (or a missing entry) could show, when something narrows them; nil:
    /// any screen. Unused for a navigate call.
    public var screens: [String]?
    /// Why the scanner could not follow it.
    public var reason: String?
    public var origin: ElementOrigin

    public init(
        call: String, kind: Kind = .navigate, from: [String] = [], system: RoutingSystem? = nil, routes: [String]? = nil,
        screens: [String]? = nil, reason: String? = nil, origin: ElementOrigin = .init()
    ) {
        self.call = call
        self.kind = kind
        self.screens = screens
        self.from = from
        self.system = system
        self.routes = routes
        self.reason = reason
        self.origin = origin
    }

    private enum CodingKeys: String, CodingKey { case call, kind, from, system, routes, screens, reason, origin }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            call: try c.decode(String.self, forKey: .call), kind: try c.decodeIfPresent(Kind.self, forKey: .kind) ?? .navigate,
            from: try c.decodeIfPresent([String].self, forKey: .from) ?? [],
            system: try c.decodeIfPresent(RoutingSystem.self, forKey: .system), routes: try c.decodeIfPresent([String].self, forKey: .routes),
            screens: try c.decodeIfPresent([String].self, forKey: .screens), reason: try c.decodeIfPresent(String.self, forKey: .reason),
            origin: try c.decodeIfPresent(ElementOrigin.self, forKey: .origin) ?? .init())
    }

    /// Whether this call can show the screen `feature` (a presentation, or a missing entry).
    public func canShow(_ feature: String) -> Bool {
        guard kind != .navigate else { return false }
        return screens.map { $0.contains(feature) } ?? true
    }

    /// Whether this call can open `route` (declared with `routeSystem`).
    public func canOpen(_ route: String, system routeSystem: RoutingSystem?) -> Bool {
        guard kind == .navigate else { return false }
        if let routes { return routes.contains(route) }
        return (routeSystem ?? .routerService) == (system ?? .routerService)
    }
}
