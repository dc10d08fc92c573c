import NavGraphKit

/// The routing systems navgraph reads. Each maps the same semantic index onto the same registry
/// (entries, screens, routes, edges, handlers, dependencies), so every check, reporter, diagram and
/// terminal command works for it unchanged.
public enum RoutingStyle: String, CaseIterable, Sendable, Hashable, Codable {
    /// RouterService (`Feature` / `Route` / `RouteHandler`) and its renamed copies.
    case routerService = "routerservice"
    /// Route protocols with `open…()` defaults composed as `typealias Routes = A & B`.
    case protocolRoutes = "protocol-routes"
    /// Featherweight Router's `Router(…).junction/stack/route` trees.
    case featherweight
    /// Components: modules with `static var route`, `router.register`, `router.open`.
    case components
    /// AppRouter / ModuleFactory: a page enum with module keys and `presentModule`.
    case moduleFactory = "module-factory"
    /// Route enums: a router's method taking an enum of the app (`route(to: .detail)`), whose cases
    /// it maps to the screens it shows.
    case routeEnum = "route-enum"
}

/// What one style extractor found: a registry fragment, warnings, and the navigation call sites it
/// explains (for `--explain` and the summary's resolved/unresolved counts).
struct StyleExtraction {
    var registry = Registry()
    var warnings: [ScanWarning] = []
    var explanations: [CallSiteExplanation] = []
    /// Types whose code is the router's own (a module factory's app router): what they present is
    /// the router at work, not a screen shown around it (`DirectPresentations`).
    var routerTypes: Set<String> = []
    /// Call sites where this style decided what a navigation opens (a wrapper's call handing a case
    /// on, `ui?.navigate(to: .back)`), also those that open nothing: RouterService's reading of the
    /// same call is not another one.
    var decidedSites: Set<SourceLocation> = []
}

/// One routing style's reading of the semantic index. An extractor only reads the index; what it
/// needs and the index lacks is added to the index, not computed privately.
protocol StyleExtractor {
    static var style: RoutingStyle { get }
    /// Whether the sources use this style (`--style auto`).
    static func detect(in index: SemanticIndex, files: [FileFacts]) -> Bool
    static func extract(from index: SemanticIndex, files: [FileFacts], config: ScanConfiguration) -> StyleExtraction
}

extension StyleExtractor {
    /// `extract`, with each route and each call it could not follow marked as this style's
    /// (`system:`, which says what an unhandled route does in it, and which routes such a call can
    /// open). RouterService's stay unmarked.
    static func extractMarked(from index: SemanticIndex, files: [FileFacts], config: ScanConfiguration) -> StyleExtraction {
        var found = extract(from: index, files: files, config: config)
        let system = style == .routerService ? nil : RoutingSystem(rawValue: style.rawValue)
        for i in found.registry.routes.indices { found.registry.routes[i].system = system }
        // The calls it could not follow, after any presentation the extractor itself says may show a screen.
        found.registry.unfollowed += UnfollowedCall.calls(in: found.explanations, system: system)
        return found
    }
}

/// Every style's extractor, in `RoutingStyle` order. A new style adds its extractor here.
enum StyleExtractors {
    static var all: [any StyleExtractor.Type] {
        [RouterServiceExtractor.self, ProtocolRoutesExtractor.self, FeatherweightExtractor.self, ComponentsExtractor.self, ModuleFactoryExtractor.self,
         RouteEnumExtractor.self]
    }

    static func extractor(for style: RoutingStyle) -> (any StyleExtractor.Type)? {
        all.first { $0.style == style }
    }
}
