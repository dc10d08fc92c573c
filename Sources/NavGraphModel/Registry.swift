import NavGraphSupport

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
    /// Navigation calls a scan could not follow (`UnfollowedCall`); empty for a hand-written registry.
    public var unfollowed: [UnfollowedCall] = []

    private enum CodingKeys: String, CodingKey {
        case app, entries, flags, provided, routes, handlers, features, dependencies, deeplinks, unfollowed
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            app: try c.decodeIfPresent(String.self, forKey: .app), entries: try c.decode([Entry].self, forKey: .entries),
            flags: try c.decode([FeatureFlag].self, forKey: .flags), provided: try c.decode([ProvidedDependency].self, forKey: .provided),
            routes: try c.decode([Route].self, forKey: .routes), handlers: try c.decode([RouteHandler].self, forKey: .handlers),
            features: try c.decode([Feature].self, forKey: .features),
            dependencies: try c.decode([DependencyBinding].self, forKey: .dependencies),
            deeplinks: try c.decode([DeepLink].self, forKey: .deeplinks))
        unfollowed = try c.decodeIfPresent([UnfollowedCall].self, forKey: .unfollowed) ?? []
    }

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
        // Nothing to merge into (the loader's first file): `other` as it is, not an element-by-element
        // copy of every array (a tenth of a second at 100k features).
        if app == nil && entries.isEmpty && flags.isEmpty && provided.isEmpty && routes.isEmpty && handlers.isEmpty
            && features.isEmpty && dependencies.isEmpty && deeplinks.isEmpty && unfollowed.isEmpty {
            return other
        }
        var r = Registry(
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
        r.unfollowed = unfollowed + other.unfollowed
        return r
    }
}
