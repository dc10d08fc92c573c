/// An app's whole navigation registry: what RouterService learns at run time, written down.
///
/// A plain value. Several registries (one per module) merge with `merged(with:)`; nothing here
/// validates references — that is what the checks are for.
public struct Registry: Hashable, Codable, Sendable {
    public var app: String?
    public var entries: [Entry]
    public var flags: [FeatureFlag]
    public var provided: [ProvidedDependency]
    public var routes: [Route]
    public var handlers: [RouteHandler]
    public var features: [Feature]
    public var dependencies: [DependencyBinding]
    public var deeplinks: [DeepLink]

    public init(
        app: String? = nil, entries: [Entry] = [], flags: [FeatureFlag] = [], provided: [ProvidedDependency] = [],
        routes: [Route] = [], handlers: [RouteHandler] = [], features: [Feature] = [],
        dependencies: [DependencyBinding] = [], deeplinks: [DeepLink] = []
    ) {
        self.app = app
        self.entries = entries
        self.flags = flags
        self.provided = provided
        self.routes = routes
        self.handlers = handlers
        self.features = features
        self.dependencies = dependencies
        self.deeplinks = deeplinks
    }

    /// Concatenates two registries (the first non-nil app name wins).
    public func merged(with other: Registry) -> Registry {
        Registry(
            app: app ?? other.app,
            entries: entries + other.entries,
            flags: flags + other.flags,
            provided: provided + other.provided,
            routes: routes + other.routes,
            handlers: handlers + other.handlers,
            features: features + other.features,
            dependencies: dependencies + other.dependencies,
            deeplinks: deeplinks + other.deeplinks
        )
    }
}

/// Where navigation starts: a root feature (`navigationController(withInitialFeature:)`)
/// or a route the app opens directly.
public struct Entry: Hashable, Codable, Sendable {
    public enum Target: Hashable, Codable, Sendable {
        case feature(String)
        case route(String)
    }
    public var target: Target
    public var origin: ElementOrigin
    public var ignore: [String]

    public init(target: Target, origin: ElementOrigin = .init(), ignore: [String] = []) {
        self.target = target
        self.origin = origin
        self.ignore = ignore
    }

    public var name: String {
        switch target {
        case .feature(let n): return n
        case .route(let r): return r
        }
    }
}

/// A feature flag and its default value.
public struct FeatureFlag: Hashable, Codable, Sendable {
    public var name: String
    /// The default; meaningless when `runtime` is true.
    public var defaultValue: Bool
    /// The default is decided at run time (a flag the code reads that no configuration declares):
    /// the default scenario treats it as either, and every combination as on and as off.
    public var runtime: Bool
    /// Who owns the flag (from the configuration's `flags:` block).
    public var owner: String?
    public var origin: ElementOrigin

    public init(name: String, defaultValue: Bool, runtime: Bool = false, owner: String? = nil, origin: ElementOrigin = .init()) {
        self.name = name
        self.defaultValue = defaultValue
        self.runtime = runtime
        self.owner = owner
        self.origin = origin
    }

    /// `true`, `false` or `runtime`, as the registry writes it.
    public var defaultText: String { runtime ? "runtime" : String(defaultValue) }
}

/// A dependency the framework provides itself (RouterService provides `RouterServiceProtocol`).
public struct ProvidedDependency: Hashable, Codable, Sendable {
    public var name: String
    public var origin: ElementOrigin

    public init(name: String, origin: ElementOrigin = .init()) {
        self.name = name
        self.origin = origin
    }
}

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

/// Whether a feature's `isEnabled()` returns true.
public enum Enablement: Hashable, Codable, Sendable, CustomStringConvertible {
    /// `isEnabled()` absent or `return true`.
    case always
    /// `return false`.
    case never
    /// Follows a feature flag.
    case flag(String)
    /// Decided at run time in a way navgraph cannot see.
    case runtime

    /// True when some run of the app can see this feature disabled.
    public var canBeDisabled: Bool {
        switch self {
        case .always: return false
        case .never, .flag, .runtime: return true
        }
    }

    public var description: String {
        switch self {
        case .always: return "true"
        case .never: return "false"
        case .flag(let f): return "flag:\(f)"
        case .runtime: return "runtime"
        }
    }
}

/// A reference to a dependency protocol, from a feature or an implementation.
public struct DependencyRef: Hashable, Codable, Sendable {
    public var name: String
    /// A lazy (closure / provider) reference does not build the dependency at once: it breaks cycles.
    public var lazy: Bool
    /// For injected `@Dependency` properties found by the scanner: whether the feature reads it.
    /// `nil` when unknown (hand-written registries).
    public var used: Bool?
    public var origin: ElementOrigin

    public init(name: String, lazy: Bool = false, used: Bool? = nil, origin: ElementOrigin = .init()) {
        self.name = name
        self.lazy = lazy
        self.used = used
        self.origin = origin
    }
}

/// A route a feature can open.
public struct Navigation: Hashable, Codable, Sendable {
    public var route: String
    /// Presentation style (`push`, `modal`, …); nil when not stated.
    public var style: String?
    public var origin: ElementOrigin

    public init(route: String, style: String? = nil, origin: ElementOrigin = .init()) {
        self.route = route
        self.style = style
        self.origin = origin
    }
}

/// A `Feature`: one screen (or flow) the app can build.
public struct Feature: Hashable, Codable, Sendable {
    public var name: String
    public var module: String?
    public var enabled: Enablement
    /// Where the `enabled` value was stated (for findings about it).
    public var enabledOrigin: ElementOrigin?
    public var fallback: String?
    public var fallbackOrigin: ElementOrigin?
    public var dependencies: [DependencyRef]
    public var navigates: [Navigation]
    public var origin: ElementOrigin
    public var ignore: [String]
    /// A fallback method the framework never calls: its labels differ from the protocol's
    /// requirement, which has a default implementation (that runs instead).
    public var unusedFallback: UnusedFallback?

    public init(
        name: String, module: String? = nil, enabled: Enablement = .always, enabledOrigin: ElementOrigin? = nil,
        fallback: String? = nil, fallbackOrigin: ElementOrigin? = nil, dependencies: [DependencyRef] = [],
        navigates: [Navigation] = [], origin: ElementOrigin = .init(), ignore: [String] = []
    ) {
        self.name = name
        self.module = module
        self.enabled = enabled
        self.enabledOrigin = enabledOrigin
        self.fallback = fallback
        self.fallbackOrigin = fallbackOrigin
        self.dependencies = dependencies
        self.navigates = navigates
        self.origin = origin
        self.ignore = ignore
    }
}

/// `fallback(forRoute:)` written where the feature protocol requires `fallback(for:)`.
public struct UnusedFallback: Hashable, Codable, Sendable {
    /// The method as the feature declares it, `fallback(forRoute:)`.
    public var declared: String
    /// The protocol's requirement, `fallback(for:)`.
    public var requirement: String
    public var origin: ElementOrigin

    public init(declared: String, requirement: String, origin: ElementOrigin = .init()) {
        self.declared = declared
        self.requirement = requirement
        self.origin = origin
    }
}

/// A registered dependency factory: `register(dependencyFactory: { Impl() }, forType: P.self)`.
public struct DependencyBinding: Hashable, Codable, Sendable {
    /// The protocol, possibly module-qualified (`Networking.HTTPClientProtocol`).
    public var `protocol`: String
    public var implementation: String?
    public var module: String?
    public var dependencies: [DependencyRef]
    public var origin: ElementOrigin
    public var ignore: [String]

    public init(
        protocol: String, implementation: String? = nil, module: String? = nil,
        dependencies: [DependencyRef] = [], origin: ElementOrigin = .init(), ignore: [String] = []
    ) {
        self.protocol = `protocol`
        self.implementation = implementation
        self.module = module
        self.dependencies = dependencies
        self.origin = origin
        self.ignore = ignore
    }

    /// The name RouterService keys the store by: the unqualified type name.
    public var storeKey: String { DependencyBinding.unqualified(`protocol`) }

    public static func unqualified(_ name: String) -> String {
        // Fast path for ASCII names (all real ones): a byte scan instead of Character iteration,
        // which cost ~7k instructions a call and dominated missing-dependency on big registries.
        let utf8 = name.utf8
        if utf8.allSatisfy({ $0 < 0x80 }) {
            guard let dot = utf8.lastIndex(of: UInt8(ascii: ".")) else { return name }
            return String(name[utf8.index(after: dot)...])
        }
        if let dot = name.lastIndex(of: ".") { return String(name[name.index(after: dot)...]) }
        return name
    }
}

/// A deep link: a URL pattern that opens a route, or a serialized `AnyRoute` string.
public struct DeepLink: Hashable, Codable, Sendable {
    public var url: String?
    public var route: String?
    /// `identifier|{json}` as `AnyRoute` decodes it.
    public var anyRoute: String?
    public var origin: ElementOrigin
    public var ignore: [String]

    public init(
        url: String? = nil, route: String? = nil, anyRoute: String? = nil, origin: ElementOrigin = .init(),
        ignore: [String] = []
    ) {
        self.url = url
        self.route = route
        self.anyRoute = anyRoute
        self.origin = origin
        self.ignore = ignore
    }

    /// A stable human name for findings and baselines.
    public var displayName: String { anyRoute ?? url ?? route ?? "deeplink" }
}
