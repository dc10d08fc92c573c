import NavGraphSupport
import NavGraphModel

/// The schema as the fast reader reads it from events: the keys of `RegistrySchema.swift` (each switch
/// is over a key enum, with no `default:`) and `RegistryDecoder`'s rules, each declaration with its
/// names' ids in `RegistryNames`' layout; anything else gives up.
extension FastRegistryDecoder {
    mutating func registry() throws(GiveUp) -> Registry {
        var r = Registry()
        var version = false
        try mapping(try event(), TopKey.self) { (d, key) throws(GiveUp) in
            switch key {
            case .navgraph:
                let v = try d.event()
                guard v.kind == .scalar, v.plain, Int(v.text) == RegistryLoader.schemaVersion else { throw GiveUp() }
                version = true
            case .app: r.app = try d.optionalString()
            case .entries: try d.list { (d, e) throws(GiveUp) in r.entries.append(try d.entry(e)) }
            case .flags: try d.pairs { (d, k, v) throws(GiveUp) in r.flags.append(try d.flag(k.text, v)) }
            case .provided: try d.list { (d, e) throws(GiveUp) in r.provided.append(try d.provided(e)) }
            case .routes: r.routes = try d.list(plain: { (d) throws(GiveUp) in try d.plainRoute() }) { (d, e) throws(GiveUp) in try d.route(e) }
            case .handlers: r.handlers = try d.list(plain: { (d) throws(GiveUp) in try d.plainHandler() }) { (d, e) throws(GiveUp) in try d.handler(e) }
            case .features:
                r.features = try d.list(plain: { (d) throws(GiveUp) in try d.plainFeature() }) { (d, e) throws(GiveUp) in try d.feature(e) }
            case .dependencies: try d.list { (d, e) throws(GiveUp) in r.dependencies.append(try d.binding(e)) }
            case .deeplinks: try d.list { (d, e) throws(GiveUp) in r.deeplinks.append(try d.deeplink(e)) }
            // Only scans write `unfollowed:`: it is left to the positioned reader.
            case .unfollowed: throw GiveUp()
            }
        }
        guard version else { throw GiveUp() }
        return r
    }

    private mutating func entry(_ start: RegistryEvent) throws(GiveUp) -> Entry {
        let at = location(start)
        var target: Entry.Target?
        var targetID: Int32 = -1
        var source: SourceLocation?
        var ignore: [String] = []
        try mapping(start, EntryKey.self) { (d, key) throws(GiveUp) in
            switch key {
            case .feature, .route:
                guard target == nil else { throw GiveUp() }
                let (name, id) = try d.name()
                target = key == .feature ? .feature(name) : .route(name)
                targetID = id
            case .source: source = try d.sourceLocation()
            case .ignore: ignore = try d.strings()
            }
        }
        guard let target else { throw GiveUp() }
        names.entries.append(targetID)
        return Entry(target: target, origin: ElementOrigin(registry: at, source: source), ignore: ignore)
    }

    private mutating func flag(_ name: String, _ value: RegistryEvent) throws(GiveUp) -> FeatureFlag {
        let at = location(value)
        if value.kind == .mappingStart {
            var runtime = false
            var defaultValue = false
            var owner: String?
            var source: SourceLocation?
            try mapping(value, FlagKey.self) { (d, key) throws(GiveUp) in
                switch key {
                case .default:
                    let e = try d.event()
                    guard e.kind == .scalar else { throw GiveUp() }
                    if e.text == "runtime" {
                        runtime = true
                    } else {
                        guard e.plain, let b = RawNode.bool(e.text) else { throw GiveUp() }
                        defaultValue = b
                    }
                case .source: source = try d.sourceLocation()
                case .owner: owner = try d.optionalString()
                }
            }
            return FeatureFlag(
                name: name, defaultValue: runtime ? false : defaultValue, runtime: runtime, owner: owner,
                origin: ElementOrigin(registry: at, source: source))
        }
        guard value.kind == .scalar else { throw GiveUp() }
        if value.text == "runtime" {
            return FeatureFlag(name: name, defaultValue: false, runtime: true, origin: ElementOrigin(registry: at))
        }
        guard value.plain, let b = RawNode.bool(value.text) else { throw GiveUp() }
        return FeatureFlag(name: name, defaultValue: b, origin: ElementOrigin(registry: at))
    }

    private mutating func provided(_ item: RegistryEvent) throws(GiveUp) -> ProvidedDependency {
        let at = location(item)
        guard item.kind == .mappingStart else {
            let (name, id) = try name(item)
            names.provided.append(id)
            return ProvidedDependency(name: name, origin: ElementOrigin(registry: at))
        }
        var name: (String, Int32)?
        var source: SourceLocation?
        try mapping(item, ProvidedKey.self) { (d, key) throws(GiveUp) in
            switch key {
            case .name: name = try d.name()
            case .source: source = try d.sourceLocation()
            }
        }
        guard let name else { throw GiveUp() }
        names.provided.append(name.1)
        return ProvidedDependency(name: name.0, origin: ElementOrigin(registry: at, source: source))
    }

    private mutating func route(_ start: RegistryEvent) throws(GiveUp) -> Route {
        let at = location(start)
        var id: (String, Int32)?
        var type: String?
        var module: String?
        var parameters: [Route.Parameter] = []
        var source: SourceLocation?
        var ignore: [String] = []
        var system: RoutingSystem?
        try mapping(start, RouteKey.self) { (d, key) throws(GiveUp) in
            switch key {
            case .id: id = try d.name()
            case .type: type = try d.optionalString()
            case .module: module = try d.optionalString()
            case .parameters:
                try d.pairs { (d, k, v) throws(GiveUp) in parameters.append(.init(name: k.text, type: try d.string(v))) }
            case .source: source = try d.sourceLocation()
            case .ignore: ignore = try d.strings()
            case .system:
                // An unknown system is the positioned reader's error to report.
                if let s = try d.optionalString() {
                    guard let known = RoutingSystem(rawValue: s) else { throw GiveUp() }
                    system = known
                }
            }
        }
        guard let id else { throw GiveUp() }
        names.routes.append(id.1)
        return Route(
            id: id.0, type: type, module: module, parameters: parameters, origin: ElementOrigin(registry: at, source: source),
            ignore: ignore, system: system)
    }

    private mutating func handler(_ start: RegistryEvent) throws(GiveUp) -> RouteHandler {
        let at = location(start)
        var name: (String, Int32)?
        var module: String?
        var routes: [RouteHandler.Mapping]?
        var mappingIDs: [Int32] = []
        var source: SourceLocation?
        var ignore: [String] = []
        try mapping(start, HandlerKey.self) { (d, key) throws(GiveUp) in
            switch key {
            case .name: name = try d.name()
            case .module: module = try d.optionalString()
            case .routes:
                var mappings: [RouteHandler.Mapping] = []
                try d.pairs { (d, k, v) throws(GiveUp) in
                    let keyAt = d.location(k)
                    // One destination, or a non-empty list of them (`r1: [F1, F2]`).
                    var item = v
                    let isList = v.kind == .sequenceStart
                    if isList { item = try d.event() }
                    repeat {
                        let (feature, featureID) = try d.name(item)
                        mappings.append(.init(route: k.text, feature: feature, origin: ElementOrigin(registry: keyAt)))
                        mappingIDs.append(k.name)
                        mappingIDs.append(featureID)
                        if isList { item = try d.event() }
                    } while isList && item.kind != .sequenceEnd
                }
                routes = mappings
            case .source: source = try d.sourceLocation()
            case .ignore: ignore = try d.strings()
            }
        }
        guard let name, let routes else { throw GiveUp() }
        names.handlers.append(name.1)
        names.handlers += mappingIDs
        return RouteHandler(name: name.0, module: module, routes: routes, origin: ElementOrigin(registry: at, source: source), ignore: ignore)
    }

    /// The references, at their size; the ids of their names are left in `dependencyIDScratch`.
    private mutating func dependencyRefs() throws(GiveUp) -> [DependencyRef] {
        dependencyScratch.removeAll(keepingCapacity: true)
        dependencyIDScratch.removeAll(keepingCapacity: true)
        try list { (d, item) throws(GiveUp) in
            let at = d.location(item)
            guard item.kind == .mappingStart else {
                let (name, id) = try d.name(item)
                d.dependencyScratch.append(DependencyRef(name: name, origin: ElementOrigin(registry: at)))
                d.dependencyIDScratch.append(id)
                return
            }
            var name: (String, Int32)?
            var lazy = false
            var used: Bool?
            var source: SourceLocation?
            try d.mapping(item, DependencyRefKey.self) { (d, key) throws(GiveUp) in
                switch key {
                case .protocol: name = try d.name()
                case .lazy: lazy = try d.bool()
                case .used: used = try d.bool()
                case .source: source = try d.sourceLocation()
                }
            }
            guard let name else { throw GiveUp() }
            d.dependencyIDScratch.append(name.1)
            d.dependencyScratch.append(DependencyRef(name: name.0, lazy: lazy, used: used, origin: ElementOrigin(registry: at, source: source)))
        }
        return dependencyScratch.withUnsafeBufferPointer { Array($0) }
    }

    mutating func feature(_ start: RegistryEvent) throws(GiveUp) -> Feature {
        let at = location(start)
        var name: (String, Int32)?
        var module: String?
        var enabled: (Enablement, SourceLocation)?
        var fallback: (String?, SourceLocation)?
        var fallbackID: Int32 = -1
        var dependencies: [DependencyRef] = []
        var dependenciesRead = false
        var navigates: [Navigation] = []
        var navigatesRead = false
        var presents: [Presentation] = []
        var source: SourceLocation?
        var ignore: [String] = []
        var unusedFallback: UnusedFallback?
        try mapping(start, FeatureKey.self) { (d, key) throws(GiveUp) in
            switch key {
            case .name: name = try d.name()
            case .module: module = try d.optionalString()
            case .enabled:
                let e = try d.event()
                guard e.kind == .scalar, let value = RegistryDecoder.enablement(e.text, plain: e.plain) else { throw GiveUp() }
                enabled = (value, d.location(e))
            case .fallback:
                let e = try d.event()
                let l = d.location(e)
                let value: (String, Int32)? = e.kind == .scalar && e.plain && RawNode.isNull(e.text) ? nil : try d.name(e)
                fallback = (value?.0, l)
                fallbackID = value?.1 ?? -1
            case .dependencies:
                dependencies = try d.dependencyRefs()
                dependenciesRead = true
            case .navigates:
                d.navigationScratch.removeAll(keepingCapacity: true)
                d.navigationIDScratch.removeAll(keepingCapacity: true)
                try d.list { (d, item) throws(GiveUp) in
                    let (navigation, id) = try d.navigation(item)
                    d.navigationScratch.append(navigation)
                    d.navigationIDScratch.append(id)
                }
                navigates = d.navigationScratch.withUnsafeBufferPointer { Array($0) }
                navigatesRead = true
            case .presents:
                // Presented features are not in `RegistryNames`' layout (the graph build interns them).
                try d.list { (d, item) throws(GiveUp) in presents.append(try d.presentation(item)) }
            case .source: source = try d.sourceLocation()
            case .ignore: ignore = try d.strings()
            case .unusedFallback: unusedFallback = try d.unusedFallback()
            }
        }
        guard let name else { throw GiveUp() }
        names.features.append(name.1)
        names.features.append(fallbackID)
        if dependenciesRead { names.features += dependencyIDScratch }
        if navigatesRead { names.features += navigationIDScratch }
        var f = Feature(
            name: name.0, module: module, dependencies: dependencies, navigates: navigates,
            origin: ElementOrigin(registry: at, source: source), ignore: ignore)
        if let (value, l) = enabled {
            f.enabled = value
            f.enabledOrigin = ElementOrigin(registry: l, source: source)
        }
        if let (value, l) = fallback {
            f.fallback = value
            f.fallbackOrigin = ElementOrigin(registry: l, source: source)
        }
        f.unusedFallback = unusedFallback
        f.presents = presents
        return f
    }

    /// A `presents:` item: a feature name, or `{feature, style, source}`.
    private mutating func presentation(_ item: RegistryEvent) throws(GiveUp) -> Presentation {
        let at = location(item)
        guard item.kind == .mappingStart else { return Presentation(feature: try name(item).0, origin: ElementOrigin(registry: at)) }
        var feature: String?
        var style: String?
        var source: SourceLocation?
        try mapping(item, PresentationKey.self) { (d, key) throws(GiveUp) in
            switch key {
            case .feature: feature = try d.name().0
            case .style: style = try d.optionalString()
            case .source: source = try d.sourceLocation()
            }
        }
        guard let feature else { throw GiveUp() }
        return Presentation(feature: feature, style: style, origin: ElementOrigin(registry: at, source: source))
    }

    private mutating func navigation(_ item: RegistryEvent) throws(GiveUp) -> (Navigation, Int32) {
        let at = location(item)
        guard item.kind == .mappingStart else {
            let (route, id) = try name(item)
            return (Navigation(route: route, origin: ElementOrigin(registry: at)), id)
        }
        var route: (String, Int32)?
        var style: String?
        var source: SourceLocation?
        try mapping(item, NavigationKey.self) { (d, key) throws(GiveUp) in
            switch key {
            case .route: route = try d.name()
            case .style: style = try d.optionalString()
            case .source: source = try d.sourceLocation()
            }
        }
        guard let route else { throw GiveUp() }
        return (Navigation(route: route.0, style: style, origin: ElementOrigin(registry: at, source: source)), route.1)
    }

    private mutating func unusedFallback() throws(GiveUp) -> UnusedFallback {
        let start = try event()
        let at = location(start)
        var declared: String?
        var requirement: String?
        var source: SourceLocation?
        try mapping(start, UnusedFallbackKey.self) { (d, key) throws(GiveUp) in
            switch key {
            case .declared: declared = try d.string()
            case .requirement: requirement = try d.string()
            case .source: source = try d.sourceLocation()
            }
        }
        guard let declared, let requirement else { throw GiveUp() }
        return UnusedFallback(declared: declared, requirement: requirement, origin: ElementOrigin(registry: at, source: source))
    }

    private mutating func binding(_ start: RegistryEvent) throws(GiveUp) -> DependencyBinding {
        let at = location(start)
        var proto: (String, Int32)?
        var implementation: String?
        var module: String?
        var dependencies: [DependencyRef] = []
        var dependencyIDs: [Int32] = []
        var source: SourceLocation?
        var ignore: [String] = []
        try mapping(start, BindingKey.self) { (d, key) throws(GiveUp) in
            switch key {
            case .protocol: proto = try d.name()
            case .implementation: implementation = try d.optionalString()
            case .module: module = try d.optionalString()
            case .dependencies:
                dependencies = try d.dependencyRefs()
                dependencyIDs = d.dependencyIDScratch
            case .source: source = try d.sourceLocation()
            case .ignore: ignore = try d.strings()
            }
        }
        guard let proto else { throw GiveUp() }
        names.bindings.append(proto.1)
        names.bindings += dependencyIDs
        return DependencyBinding(
            protocol: proto.0, implementation: implementation, module: module, dependencies: dependencies,
            origin: ElementOrigin(registry: at, source: source), ignore: ignore)
    }

    private mutating func deeplink(_ start: RegistryEvent) throws(GiveUp) -> DeepLink {
        let at = location(start)
        var url: String?
        var route: (String, Int32)?
        var anyRoute: String?
        var source: SourceLocation?
        var ignore: [String] = []
        try mapping(start, DeepLinkKey.self) { (d, key) throws(GiveUp) in
            switch key {
            case .url: url = try d.optionalString()
            case .route: route = try d.optionalName()
            case .anyRoute:
                // Any scalar, even empty: `invalid-deeplink` checks it.
                let e = try d.event()
                guard e.kind == .scalar else { throw GiveUp() }
                anyRoute = e.text
            case .source: source = try d.sourceLocation()
            case .ignore: ignore = try d.strings()
            }
        }
        guard anyRoute != nil || route != nil || url != nil else { throw GiveUp() }
        names.deeplinks.append(route?.1 ?? -1)
        return DeepLink(url: url, route: route?.0, anyRoute: anyRoute, origin: ElementOrigin(registry: at, source: source), ignore: ignore)
    }
}
