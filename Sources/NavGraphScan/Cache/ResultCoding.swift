import NavGraphKit

// A whole scan's result in the scan cache's byte format (see `CacheWriter`), for the whole-scan
// entry (`ScanResultCache`): the registry, the diagnostics, the summary and the explanations. Every
// stored property is written, in declaration order; `ScanResultCacheTests` counts them (a new field
// of a registry type fails a test instead of vanishing from cached scans).

extension ScanResult: CacheCodable {
    func write(to w: inout CacheWriter) {
        w.value(registry)
        w.values(diagnostics)
        w.int(fileCount)
        w.value(summary)
        w.values(explanations)
        // `cacheNotes` are about this run of the cache, never stored.
        w.optional(registryYAML) { $0.text($1) }
    }
    init(from r: inout CacheReader) throws {
        self.init(registry: try r.value(), diagnostics: try r.values(), fileCount: try r.int())
        summary = try r.value()
        explanations = try r.values()
        registryYAML = try r.optional { try $0.text() }
    }
}

// The registry's elements are kept key by key in the schema's order (`RegistrySchema.swift`): each
// codec switches over the section's key enum with no `default:`, as the registry's readers and
// writers do, so a key added to the schema is a compile error here until the cache says how it keeps
// it. `source` keeps the whole `ElementOrigin` (a scan's element has its Swift source there).

/// Every key of `K`, in the schema's order.
private func forEachKey<K: RegistryKey>(_: K.Type, _ body: (K) throws -> Void) rethrows {
    for key in K.all { try body(key) }
}

extension Registry: CacheCodable {
    func write(to w: inout CacheWriter) {
        forEachKey(TopKey.self) { key in
            switch key {
            case .navgraph: break  // the schema version: the cache's own format version covers it
            case .app: w.optional(app) { $0.string($1) }
            case .entries: w.values(entries)
            case .flags: w.values(flags)
            case .provided: w.values(provided)
            case .routes: w.values(routes)
            case .handlers: w.values(handlers)
            case .features: w.values(features)
            case .dependencies: w.values(dependencies)
            case .deeplinks: w.values(deeplinks)
            case .unfollowed: w.values(unfollowed)
            }
        }
    }
    init(from r: inout CacheReader) throws {
        self.init()
        try forEachKey(TopKey.self) { key in
            switch key {
            case .navgraph: break
            case .app: app = try r.optionalString()
            case .entries: entries = try r.values()
            case .flags: flags = try r.values()
            case .provided: provided = try r.values()
            case .routes: routes = try r.values()
            case .handlers: handlers = try r.values()
            case .features: features = try r.values()
            case .dependencies: dependencies = try r.values()
            case .deeplinks: deeplinks = try r.values()
            case .unfollowed: unfollowed = try r.values()
            }
        }
    }
}

extension ElementOrigin: CacheCodable {
    func write(to w: inout CacheWriter) { w.optionalValue(registry); w.optionalValue(source) }
    init(from r: inout CacheReader) throws { self.init(registry: try r.optionalValue(), source: try r.optionalValue()) }
}

extension Entry: CacheCodable {
    func write(to w: inout CacheWriter) {
        var feature: String?, route: String?
        switch target {
        case .feature(let f): feature = f
        case .route(let r): route = r
        }
        forEachKey(EntryKey.self) { key in
            switch key {
            case .feature: w.optional(feature) { $0.string($1) }
            case .route: w.optional(route) { $0.string($1) }
            case .source: w.value(origin)
            case .ignore: w.strings(ignore)
            }
        }
    }
    init(from r: inout CacheReader) throws {
        var feature: String?, route: String?, origin = ElementOrigin(), ignore: [String] = []
        try forEachKey(EntryKey.self) { key in
            switch key {
            case .feature: feature = try r.optionalString()
            case .route: route = try r.optionalString()
            case .source: origin = try r.value()
            case .ignore: ignore = try r.strings()
            }
        }
        guard let target = feature.map(Target.feature) ?? route.map(Target.route) else { throw CacheReader.Corrupt() }
        self.init(target: target, origin: origin, ignore: ignore)
    }
}

extension FeatureFlag: CacheCodable {
    /// The flag's name first: it is the flag's key in `flags:`.
    func write(to w: inout CacheWriter) {
        w.string(name)
        forEachKey(FlagKey.self) { key in
            switch key {
            case .default: w.bool(defaultValue); w.bool(runtime)
            case .source: w.value(origin)
            case .owner: w.optional(owner) { $0.string($1) }
            }
        }
    }
    init(from r: inout CacheReader) throws {
        self.init(name: try r.string(), defaultValue: false)
        try forEachKey(FlagKey.self) { key in
            switch key {
            case .default: defaultValue = try r.bool(); runtime = try r.bool()
            case .source: origin = try r.value()
            case .owner: owner = try r.optionalString()
            }
        }
    }
}

extension ProvidedDependency: CacheCodable {
    func write(to w: inout CacheWriter) {
        forEachKey(ProvidedKey.self) { key in
            switch key {
            case .name: w.string(name)
            case .source: w.value(origin)
            }
        }
    }
    init(from r: inout CacheReader) throws {
        self.init(name: "")
        try forEachKey(ProvidedKey.self) { key in
            switch key {
            case .name: name = try r.string()
            case .source: origin = try r.value()
            }
        }
    }
}

/// One `NAME: TYPE` of a route's `parameters:` pairs.
extension Route.Parameter: CacheCodable {
    func write(to w: inout CacheWriter) { w.string(name); w.string(type) }
    init(from r: inout CacheReader) throws { self.init(name: try r.string(), type: try r.string()) }
}

extension Route: CacheCodable {
    func write(to w: inout CacheWriter) {
        forEachKey(RouteKey.self) { key in
            switch key {
            case .id: w.string(id)
            case .type: w.optional(type) { $0.string($1) }
            case .module: w.optional(module) { $0.string($1) }
            case .parameters: w.values(parameters)
            case .source: w.value(origin)
            case .ignore: w.strings(ignore)
            case .system: w.optional(system) { $0.string($1.rawValue) }
            }
        }
    }
    init(from r: inout CacheReader) throws {
        self.init(id: "")
        try forEachKey(RouteKey.self) { key in
            switch key {
            case .id: id = try r.string()
            case .type: type = try r.optionalString()
            case .module: module = try r.optionalString()
            case .parameters: parameters = try r.values()
            case .source: origin = try r.value()
            case .ignore: ignore = try r.strings()
            case .system: system = try RoutingSystem.read(&r)
            }
        }
    }
}

extension RoutingSystem {
    /// An optional system as `Route` and `UnfollowedCall` write it.
    static func read(_ r: inout CacheReader) throws -> RoutingSystem? {
        try r.optional { r -> RoutingSystem in
            guard let s = RoutingSystem(rawValue: try r.string()) else { throw CacheReader.Corrupt() }
            return s
        }
    }
}

extension UnfollowedCall: CacheCodable {
    func write(to w: inout CacheWriter) {
        forEachKey(UnfollowedKey.self) { key in
            switch key {
            case .call: w.string(call)
            case .kind: w.string(kind.rawValue)
            case .from: w.strings(from)
            case .system: w.optional(system) { $0.string($1.rawValue) }
            case .routes: w.optional(routes) { $0.strings($1) }
            case .screens: w.optional(screens) { $0.strings($1) }
            case .reason: w.optional(reason) { $0.string($1) }
            case .source: w.value(origin)
            }
        }
    }
    init(from r: inout CacheReader) throws {
        self.init(call: "", kind: .navigate)
        try forEachKey(UnfollowedKey.self) { key in
            switch key {
            case .call: call = try r.string()
            case .kind:
                guard let k = Kind(rawValue: try r.string()) else { throw CacheReader.Corrupt() }
                kind = k
            case .from: from = try r.strings()
            case .system: system = try RoutingSystem.read(&r)
            case .routes: routes = try r.optional { try $0.strings() }
            case .screens: screens = try r.optional { try $0.strings() }
            case .reason: reason = try r.optionalString()
            case .source: origin = try r.value()
            }
        }
    }
}

/// One `ROUTE: FEATURE` of a handler's `routes:` pairs, with where it is written.
extension RouteHandler.Mapping: CacheCodable {
    func write(to w: inout CacheWriter) { w.string(route); w.string(feature); w.value(origin) }
    init(from r: inout CacheReader) throws { self.init(route: try r.string(), feature: try r.string(), origin: try r.value()) }
}

extension RouteHandler: CacheCodable {
    func write(to w: inout CacheWriter) {
        forEachKey(HandlerKey.self) { key in
            switch key {
            case .name: w.string(name)
            case .module: w.optional(module) { $0.string($1) }
            case .routes: w.values(routes)
            case .source: w.value(origin)
            case .ignore: w.strings(ignore)
            }
        }
    }
    init(from r: inout CacheReader) throws {
        self.init(name: "")
        try forEachKey(HandlerKey.self) { key in
            switch key {
            case .name: name = try r.string()
            case .module: module = try r.optionalString()
            case .routes: routes = try r.values()
            case .source: origin = try r.value()
            case .ignore: ignore = try r.strings()
            }
        }
    }
}

extension DependencyRef: CacheCodable {
    func write(to w: inout CacheWriter) {
        forEachKey(DependencyRefKey.self) { key in
            switch key {
            case .protocol: w.string(name)
            case .lazy: w.bool(lazy)
            case .used: w.optional(used) { $0.bool($1) }
            case .source: w.value(origin)
            }
        }
    }
    init(from r: inout CacheReader) throws {
        self.init(name: "")
        try forEachKey(DependencyRefKey.self) { key in
            switch key {
            case .protocol: name = try r.string()
            case .lazy: lazy = try r.bool()
            case .used: used = try r.optional { try $0.bool() }
            case .source: origin = try r.value()
            }
        }
    }
}

extension Navigation: CacheCodable {
    func write(to w: inout CacheWriter) {
        forEachKey(NavigationKey.self) { key in
            switch key {
            case .route: w.string(route)
            case .style: w.optional(style) { $0.string($1) }
            case .source: w.value(origin)
            }
        }
    }
    init(from r: inout CacheReader) throws {
        self.init(route: "")
        try forEachKey(NavigationKey.self) { key in
            switch key {
            case .route: route = try r.string()
            case .style: style = try r.optionalString()
            case .source: origin = try r.value()
            }
        }
    }
}

extension Presentation: CacheCodable {
    func write(to w: inout CacheWriter) {
        forEachKey(PresentationKey.self) { key in
            switch key {
            case .feature: w.string(feature)
            case .style: w.optional(style) { $0.string($1) }
            case .source: w.value(origin)
            }
        }
    }
    init(from r: inout CacheReader) throws {
        self.init(feature: "")
        try forEachKey(PresentationKey.self) { key in
            switch key {
            case .feature: feature = try r.string()
            case .style: style = try r.optionalString()
            case .source: origin = try r.value()
            }
        }
    }
}

extension UnusedFallback: CacheCodable {
    func write(to w: inout CacheWriter) {
        forEachKey(UnusedFallbackKey.self) { key in
            switch key {
            case .declared: w.string(declared)
            case .requirement: w.string(requirement)
            case .source: w.value(origin)
            }
        }
    }
    init(from r: inout CacheReader) throws {
        self.init(declared: "", requirement: "")
        try forEachKey(UnusedFallbackKey.self) { key in
            switch key {
            case .declared: declared = try r.string()
            case .requirement: requirement = try r.string()
            case .source: origin = try r.value()
            }
        }
    }
}

extension Feature: CacheCodable {
    /// `enabled` and `fallback` keep where their values were read too (`enabledOrigin`, `fallbackOrigin`).
    func write(to w: inout CacheWriter) {
        forEachKey(FeatureKey.self) { key in
            switch key {
            case .name: w.string(name)
            case .module: w.optional(module) { $0.string($1) }
            case .enabled: w.value(enabled); w.optionalValue(enabledOrigin)
            case .fallback: w.optional(fallback) { $0.string($1) }; w.optionalValue(fallbackOrigin)
            case .dependencies: w.values(dependencies)
            case .navigates: w.values(navigates)
            case .presents: w.values(presents)
            case .source: w.value(origin)
            case .ignore: w.strings(ignore)
            case .unusedFallback: w.optionalValue(unusedFallback)
            }
        }
    }
    init(from r: inout CacheReader) throws {
        self.init(name: "")
        try forEachKey(FeatureKey.self) { key in
            switch key {
            case .name: name = try r.string()
            case .module: module = try r.optionalString()
            case .enabled: enabled = try r.value(); enabledOrigin = try r.optionalValue()
            case .fallback: fallback = try r.optionalString(); fallbackOrigin = try r.optionalValue()
            case .dependencies: dependencies = try r.values()
            case .navigates: navigates = try r.values()
            case .presents: presents = try r.values()
            case .source: origin = try r.value()
            case .ignore: ignore = try r.strings()
            case .unusedFallback: unusedFallback = try r.optionalValue()
            }
        }
    }
}

extension DependencyBinding: CacheCodable {
    func write(to w: inout CacheWriter) {
        forEachKey(BindingKey.self) { key in
            switch key {
            case .protocol: w.string(`protocol`)
            case .implementation: w.optional(implementation) { $0.string($1) }
            case .module: w.optional(module) { $0.string($1) }
            case .dependencies: w.values(dependencies)
            case .source: w.value(origin)
            case .ignore: w.strings(ignore)
            }
        }
    }
    init(from r: inout CacheReader) throws {
        self.init(protocol: "")
        try forEachKey(BindingKey.self) { key in
            switch key {
            case .protocol: `protocol` = try r.string()
            case .implementation: implementation = try r.optionalString()
            case .module: module = try r.optionalString()
            case .dependencies: dependencies = try r.values()
            case .source: origin = try r.value()
            case .ignore: ignore = try r.strings()
            }
        }
    }
}

extension DeepLink: CacheCodable {
    func write(to w: inout CacheWriter) {
        forEachKey(DeepLinkKey.self) { key in
            switch key {
            case .url: w.optional(url) { $0.string($1) }
            case .route: w.optional(route) { $0.string($1) }
            case .anyRoute: w.optional(anyRoute) { $0.string($1) }
            case .source: w.value(origin)
            case .ignore: w.strings(ignore)
            }
        }
    }
    init(from r: inout CacheReader) throws {
        self.init()
        try forEachKey(DeepLinkKey.self) { key in
            switch key {
            case .url: url = try r.optionalString()
            case .route: route = try r.optionalString()
            case .anyRoute: anyRoute = try r.optionalString()
            case .source: origin = try r.value()
            case .ignore: ignore = try r.strings()
            }
        }
    }
}

extension Diagnostic: CacheCodable {
    func write(to w: inout CacheWriter) { w.string(severity.rawValue); w.string(message); w.optionalValue(location) }
    init(from r: inout CacheReader) throws {
        guard let severity = Severity(rawValue: try r.string()) else { throw CacheReader.Corrupt() }
        self.init(severity, try r.string(), at: try r.optionalValue())
    }
}

extension ScanSummary: CacheCodable {
    func write(to w: inout CacheWriter) {
        for n in [filesRead, skippedTests, skippedVendored, skippedGenerated, skippedOtherTargets, features, routes, handlers, edges,
                  navigateCalls, navigateResolved, navigatePartly, directEdges, presentCalls, presentResolved] {
            w.int(n)
        }
        w.strings(appTargets)
        w.optional(target) { $0.string($1) }
        w.strings(learned)
        w.strings(styles.map(\.rawValue))
        w.int(filesFromCache)
        w.bool(resultFromCache)
        w.int(filesWithoutTarget)
        w.int(filesInLayoutModules)
        w.strings(unparsedFiles)
        w.bool(noEntry)
        w.int(skippedTemplates)
        w.strings(separateApps)
    }
    init(from r: inout CacheReader) throws {
        self.init()
        filesRead = try r.int()
        skippedTests = try r.int()
        skippedVendored = try r.int()
        skippedGenerated = try r.int()
        skippedOtherTargets = try r.int()
        features = try r.int()
        routes = try r.int()
        handlers = try r.int()
        edges = try r.int()
        navigateCalls = try r.int()
        navigateResolved = try r.int()
        navigatePartly = try r.int()
        directEdges = try r.int()
        presentCalls = try r.int()
        presentResolved = try r.int()
        appTargets = try r.strings()
        target = try r.optionalString()
        learned = try r.strings()
        styles = try r.strings().map { name in
            guard let style = RoutingStyle(rawValue: name) else { throw CacheReader.Corrupt() }
            return style
        }
        filesFromCache = try r.int()
        resultFromCache = try r.bool()
        filesWithoutTarget = try r.int()
        filesInLayoutModules = try r.int()
        unparsedFiles = try r.strings()
        noEntry = try r.bool()
        skippedTemplates = try r.int()
        separateApps = try r.strings()
    }
}

extension CallSiteExplanation.Resolved: CacheCodable {
    func write(to w: inout CacheWriter) { w.string(route); w.strings(features); w.value(site); w.strings(chain) }
    init(from r: inout CacheReader) throws {
        self.init(route: try r.string(), features: try r.strings(), site: try r.value(), chain: try r.strings())
    }
}

extension CallSiteExplanation.Unresolved: CacheCodable {
    func write(to w: inout CacheWriter) { w.string(reason); w.strings(chain); w.optional(route) { $0.string($1) } }
    init(from r: inout CacheReader) throws { self.init(reason: try r.string(), chain: try r.strings(), route: try r.optionalString()) }
}

extension CallSiteExplanation: CacheCodable {
    func write(to w: inout CacheWriter) {
        w.value(location); w.string(kind.rawValue); w.string(written); w.values(resolved); w.values(unresolved); w.strings(callers)
    }
    init(from r: inout CacheReader) throws {
        let location: SourceLocation = try r.value()
        guard let kind = Kind(rawValue: try r.string()) else { throw CacheReader.Corrupt() }
        self.init(location: location, kind: kind, written: try r.string(), resolved: try r.values(), unresolved: try r.values())
        callers = try r.strings()
    }
}
