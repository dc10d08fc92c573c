import NavGraphSupport

/// A `Route`: its identifier is what RouterService looks handlers up by.
public struct Route: Hashable, Codable, Sendable {
    public struct Parameter: Hashable, Codable, Sendable {
        public var name: String
        public var type: String
        public init(name: String, type: String) {
            self.name = name
            self.type = type
        }
    }
    public var id: String
    public var type: String?
    public var module: String?
    public var parameters: [Parameter]
    public var origin: ElementOrigin
    public var ignore: [String]
    /// The routing system the route belongs to (nil: RouterService); says what an unhandled route does.
    public var system: RoutingSystem?

    public init(
        id: String, type: String? = nil, module: String? = nil, parameters: [Parameter] = [],
        origin: ElementOrigin = .init(), ignore: [String] = [], system: RoutingSystem? = nil
    ) {
        self.id = id
        self.type = type
        self.module = module
        self.parameters = parameters
        self.origin = origin
        self.ignore = ignore
        self.system = system
    }
}

/// How an app navigates (`system:` of a route; the scanner's `--style` names).
public enum RoutingSystem: String, CaseIterable, Codable, Sendable {
    case routerService = "routerservice"
    case protocolRoutes = "protocol-routes"
    case featherweight
    case components
    case moduleFactory = "module-factory"
    case routeEnum = "route-enum"
}

/// A `RouteHandler`: claims routes and maps each to a destination feature.
public struct RouteHandler: Hashable, Codable, Sendable {
    public struct Mapping: Hashable, Codable, Sendable {
        public var route: String
        public var feature: String
        public var origin: ElementOrigin
        public init(route: String, feature: String, origin: ElementOrigin = .init()) {
            self.route = route
            self.feature = feature
            self.origin = origin
        }
    }
    public var name: String
    public var module: String?
    public var routes: [Mapping]
    public var origin: ElementOrigin
    public var ignore: [String]

    public init(
        name: String, module: String? = nil, routes: [Mapping] = [], origin: ElementOrigin = .init(),
        ignore: [String] = []
    ) {
        self.name = name
        self.module = module
        self.routes = routes
        self.origin = origin
        self.ignore = ignore
    }
}
