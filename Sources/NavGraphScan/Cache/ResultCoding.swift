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

extension Registry: CacheCodable {
    func write(to w: inout CacheWriter) {
        w.optional(app) { $0.string($1) }
        w.values(entries)
        w.values(flags)
        w.values(provided)
        w.values(routes)
        w.values(handlers)
        w.values(features)
        w.values(dependencies)
        w.values(deeplinks)
        w.values(unfollowed)
    }
    init(from r: inout CacheReader) throws {
        self.init(
            app: try r.optionalString(), entries: try r.values(), flags: try r.values(), provided: try r.values(),
            routes: try r.values(), handlers: try r.values(), features: try r.values(), dependencies: try r.values(),
            deeplinks: try r.values())
        unfollowed = try r.values()
    }
}

extension ElementOrigin: CacheCodable {
    func write(to w: inout CacheWriter) { w.optionalValue(registry); w.optionalValue(source) }
    init(from r: inout CacheReader) throws { self.init(registry: try r.optionalValue(), source: try r.optionalValue()) }
}

extension Entry: CacheCodable {
    func write(to w: inout CacheWriter) {
        switch target {
        case .feature(let f): w.uint(0); w.string(f)
        case .route(let r): w.uint(1); w.string(r)
        }
        w.value(origin)
        w.strings(ignore)
    }
    init(from r: inout CacheReader) throws {
        let target: Target
        switch try r.uint() {
        case 0: target = .feature(try r.string())
        case 1: target = .route(try r.string())
        default: throw CacheReader.Corrupt()
        }
        self.init(target: target, origin: try r.value(), ignore: try r.strings())
    }
}

extension FeatureFlag: CacheCodable {
    func write(to w: inout CacheWriter) {
        w.string(name); w.bool(defaultValue); w.bool(runtime); w.optional(owner) { $0.string($1) }; w.value(origin)
    }
    init(from r: inout CacheReader) throws {
        self.init(name: try r.string(), defaultValue: try r.bool(), runtime: try r.bool(), owner: try r.optionalString(), origin: try r.value())
    }
}

extension ProvidedDependency: CacheCodable {
    func write(to w: inout CacheWriter) { w.string(name); w.value(origin) }
    init(from r: inout CacheReader) throws { self.init(name: try r.string(), origin: try r.value()) }
}

extension Route.Parameter: CacheCodable {
    func write(to w: inout CacheWriter) { w.string(name); w.string(type) }
    init(from r: inout CacheReader) throws { self.init(name: try r.string(), type: try r.string()) }
}

extension Route: CacheCodable {
    func write(to w: inout CacheWriter) {
        w.string(id)
        w.optional(type) { $0.string($1) }
        w.optional(module) { $0.string($1) }
        w.values(parameters)
        w.value(origin)
        w.strings(ignore)
        w.optional(system) { $0.string($1.rawValue) }
    }
    init(from r: inout CacheReader) throws {
        let id = try r.string(), type = try r.optionalString(), module = try r.optionalString()
        let parameters: [Parameter] = try r.values()
        let origin: ElementOrigin = try r.value()
        let ignore = try r.strings()
        self.init(id: id, type: type, module: module, parameters: parameters, origin: origin, ignore: ignore, system: try RoutingSystem.read(&r))
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
        w.string(call)
        w.string(kind.rawValue)
        w.strings(from)
        w.optional(system) { $0.string($1.rawValue) }
        w.optional(routes) { $0.strings($1) }
        w.optional(screens) { $0.strings($1) }
        w.optional(reason) { $0.string($1) }
        w.value(origin)
    }
    init(from r: inout CacheReader) throws {
        let call = try r.string()
        guard let kind = Kind(rawValue: try r.string()) else { throw CacheReader.Corrupt() }
        self.init(
            call: call, kind: kind, from: try r.strings(), system: try RoutingSystem.read(&r), routes: try r.optional { try $0.strings() },
            screens: try r.optional { try $0.strings() }, reason: try r.optionalString(), origin: try r.value())
    }
}

extension RouteHandler.Mapping: CacheCodable {
    func write(to w: inout CacheWriter) { w.string(route); w.string(feature); w.value(origin) }
    init(from r: inout CacheReader) throws { self.init(route: try r.string(), feature: try r.string(), origin: try r.value()) }
}

extension RouteHandler: CacheCodable {
    func write(to w: inout CacheWriter) {
        w.string(name); w.optional(module) { $0.string($1) }; w.values(routes); w.value(origin); w.strings(ignore)
    }
    init(from r: inout CacheReader) throws {
        self.init(name: try r.string(), module: try r.optionalString(), routes: try r.values(), origin: try r.value(), ignore: try r.strings())
    }
}

extension DependencyRef: CacheCodable {
    func write(to w: inout CacheWriter) { w.string(name); w.bool(lazy); w.optional(used) { $0.bool($1) }; w.value(origin) }
    init(from r: inout CacheReader) throws {
        self.init(name: try r.string(), lazy: try r.bool(), used: try r.optional { try $0.bool() }, origin: try r.value())
    }
}

extension Navigation: CacheCodable {
    func write(to w: inout CacheWriter) { w.string(route); w.optional(style) { $0.string($1) }; w.value(origin) }
    init(from r: inout CacheReader) throws { self.init(route: try r.string(), style: try r.optionalString(), origin: try r.value()) }
}

extension Presentation: CacheCodable {
    func write(to w: inout CacheWriter) { w.string(feature); w.optional(style) { $0.string($1) }; w.value(origin) }
    init(from r: inout CacheReader) throws { self.init(feature: try r.string(), style: try r.optionalString(), origin: try r.value()) }
}

extension UnusedFallback: CacheCodable {
    func write(to w: inout CacheWriter) { w.string(declared); w.string(requirement); w.value(origin) }
    init(from r: inout CacheReader) throws { self.init(declared: try r.string(), requirement: try r.string(), origin: try r.value()) }
}

extension Feature: CacheCodable {
    func write(to w: inout CacheWriter) {
        w.string(name)
        w.optional(module) { $0.string($1) }
        w.value(enabled)
        w.optionalValue(enabledOrigin)
        w.optional(fallback) { $0.string($1) }
        w.optionalValue(fallbackOrigin)
        w.values(dependencies)
        w.values(navigates)
        w.value(origin)
        w.strings(ignore)
        w.optionalValue(unusedFallback)
        w.values(presents)
    }
    init(from r: inout CacheReader) throws {
        self.init(
            name: try r.string(), module: try r.optionalString(), enabled: try r.value(), enabledOrigin: try r.optionalValue(),
            fallback: try r.optionalString(), fallbackOrigin: try r.optionalValue(), dependencies: try r.values(),
            navigates: try r.values(), origin: try r.value(), ignore: try r.strings())
        unusedFallback = try r.optionalValue()
        presents = try r.values()
    }
}

extension DependencyBinding: CacheCodable {
    func write(to w: inout CacheWriter) {
        w.string(`protocol`)
        w.optional(implementation) { $0.string($1) }
        w.optional(module) { $0.string($1) }
        w.values(dependencies)
        w.value(origin)
        w.strings(ignore)
    }
    init(from r: inout CacheReader) throws {
        self.init(
            protocol: try r.string(), implementation: try r.optionalString(), module: try r.optionalString(),
            dependencies: try r.values(), origin: try r.value(), ignore: try r.strings())
    }
}

extension DeepLink: CacheCodable {
    func write(to w: inout CacheWriter) {
        w.optional(url) { $0.string($1) }
        w.optional(route) { $0.string($1) }
        w.optional(anyRoute) { $0.string($1) }
        w.value(origin)
        w.strings(ignore)
    }
    init(from r: inout CacheReader) throws {
        self.init(url: try r.optionalString(), route: try r.optionalString(), anyRoute: try r.optionalString(), origin: try r.value(), ignore: try r.strings())
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
