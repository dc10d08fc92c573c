/// What the scanner looks for: RouterService's own names by default, plus the renamed
/// protocols and labels that real apps use (the `scan:` section of `.navgraph.yml`).
///
/// A plain value: every list is matched by exact name, and every key is optional when read
/// (`ScanConfiguration.read`, in ScanConfiguration+Reading.swift).
public struct ScanConfiguration: Hashable, Sendable {
    /// Protocols that make a type a feature (`Feature`, or a project's own `Builder`).
    public var featureProtocols: [String]
    /// Protocols that make a type a route.
    public var routeProtocols: [String]
    /// Protocols that make a type a route handler (`RouteHandler`, or `RouteHandling`).
    public var handlerProtocols: [String]
    /// Property wrappers of injected feature dependencies (`@Dependency`).
    public var dependencyWrappers: [String]
    /// Generic wrappers whose dependency is created on demand (they break cycles).
    public var lazyWrappers: [String]
    /// Function names whose body builds a feature's screen.
    public var buildFunctions: [String]
    /// Function names of a handler's route-to-feature mapping.
    public var destinationFunctions: [String]
    /// Function names of a feature's fallback.
    public var fallbackFunctions: [String]
    /// Function names of a feature's enablement.
    public var isEnabledFunctions: [String]
    /// Function name and first-argument labels of navigation calls (`navigate(toRoute:…)`).
    public var navigateFunctions: [String]
    public var navigateRouteLabels: [String]
    /// Labels of the presentation style argument.
    public var presentationStyleLabels: [String]
    /// Registration function names and labels.
    public var registerFunctions: [String]
    public var handlerLabels: [String]
    /// First-argument labels of dependency registration; `_` means no label.
    public var dependencyFactoryLabels: [String]
    public var dependencyTypeLabels: [String]
    /// First-argument labels of the root feature / root route (`navigationController(withInitialFeature:)`).
    public var initialFeatureLabels: [String]
    public var initialRouteLabels: [String]
    /// Type names whose instantiation provides `RouterServiceProtocol`.
    public var routerTypes: [String]
    public var routerProtocol: String
    /// Path prefix (relative to the current directory, or absolute) → module name. The longest prefix wins.
    public var moduleMap: [String: String]
    /// Every warning becomes an error.
    public var strict: Bool
    /// Scan test targets and test doubles too (left out by default).
    public var includeTests: Bool = false
    /// The app target whose graph to build when the project has several (`--target`).
    public var target: String?
    /// Entry functions learnt from the router's declaration, as `name(label:)` (`rootController(for:)`):
    /// a call with that name and first label builds the root from a feature type.
    public var initialFeatureCalls: [String] = []
    /// The routing styles to read; empty means every style found in the sources (`--style auto`).
    public var styles: [RoutingStyle] = []
    /// Learn renamed framework names from the framework's declarations in the sources.
    public var learnDialect: Bool = true

    public init(
        featureProtocols: [String] = ["Feature"],
        routeProtocols: [String] = ["Route"],
        handlerProtocols: [String] = ["RouteHandler"],
        dependencyWrappers: [String] = ["Dependency"],
        lazyWrappers: [String] = ["Lazy", "Provider"],
        buildFunctions: [String] = ["build"],
        destinationFunctions: [String] = ["destination"],
        fallbackFunctions: [String] = ["fallback"],
        isEnabledFunctions: [String] = ["isEnabled"],
        navigateFunctions: [String] = ["navigate"],
        navigateRouteLabels: [String] = ["toRoute", "to"],
        presentationStyleLabels: [String] = ["presentationStyle", "style", "presentation"],
        registerFunctions: [String] = ["register"],
        handlerLabels: [String] = ["routeHandler", "handler"],
        dependencyFactoryLabels: [String] = ["dependencyFactory", "dependency", "factory", "_"],
        dependencyTypeLabels: [String] = ["forType", "for", "as"],
        initialFeatureLabels: [String] = ["withInitialFeature"],
        initialRouteLabels: [String] = ["withInitialRoute"],
        routerTypes: [String] = ["RouterService"],
        routerProtocol: String = "RouterServiceProtocol",
        moduleMap: [String: String] = [:],
        strict: Bool = false
    ) {
        self.featureProtocols = featureProtocols
        self.routeProtocols = routeProtocols
        self.handlerProtocols = handlerProtocols
        self.dependencyWrappers = dependencyWrappers
        self.lazyWrappers = lazyWrappers
        self.buildFunctions = buildFunctions
        self.destinationFunctions = destinationFunctions
        self.fallbackFunctions = fallbackFunctions
        self.isEnabledFunctions = isEnabledFunctions
        self.navigateFunctions = navigateFunctions
        self.navigateRouteLabels = navigateRouteLabels
        self.presentationStyleLabels = presentationStyleLabels
        self.registerFunctions = registerFunctions
        self.handlerLabels = handlerLabels
        self.dependencyFactoryLabels = dependencyFactoryLabels
        self.dependencyTypeLabels = dependencyTypeLabels
        self.initialFeatureLabels = initialFeatureLabels
        self.initialRouteLabels = initialRouteLabels
        self.routerTypes = routerTypes
        self.routerProtocol = routerProtocol
        self.moduleMap = moduleMap
        self.strict = strict
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case featureProtocols, routeProtocols, handlerProtocols, dependencyWrappers, lazyWrappers
        case buildFunctions, destinationFunctions, fallbackFunctions, isEnabledFunctions
        case navigateFunctions, navigateRouteLabels, presentationStyleLabels
        case registerFunctions, handlerLabels, dependencyFactoryLabels, dependencyTypeLabels
        case initialFeatureLabels, initialRouteLabels, routerTypes, routerProtocol, moduleMap, strict
        case includeTests, target, learnDialect, styles
    }

    /// The keys a `scan:` section may hold (for unknown-key warnings in the config loader).
    public static var knownKeys: [String] { CodingKeys.allCases.map(\.rawValue) }
}
