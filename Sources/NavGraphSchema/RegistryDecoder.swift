import Foundation
import NavGraphSupport
import NavGraphModel

/// The schema of registry version 1 (its keys: `RegistrySchema.swift`), read from a `RawNode` tree
/// with every problem reported at its `file:line:col`.
///
/// Each element is read the same way: its mapping checked against its key enum (unknown keys with
/// "did you mean", repeated keys), its required name read first (without it nothing else of the
/// element is read or reported: messages name the element by it), then each key present, in the
/// enum's order, through an exhaustive switch. The fast reader (`FastRegistryDecoder+Schema`) reads
/// the same keys by the same rules from events, and gives up wherever this reports.
package enum RegistryDecoder {
    package static func decode(_ root: RawNode, reader r: inout SchemaReader) -> Registry {
        var registry = Registry()
        guard let top = r.mapping(root, TopKey.self) else { return registry }
        if top[.navgraph] == nil {
            r.error("missing 'navgraph: \(RegistryLoader.schemaVersion)' (the schema version) at the top of the registry", at: root)
        }
        for (key, n) in inOrder(top) {
            switch key {
            case .navgraph:
                if let version = r.int(n, "navgraph (the schema version)"), version != RegistryLoader.schemaVersion {
                    r.error("unsupported schema version \(version); this navgraph reads version \(RegistryLoader.schemaVersion)", at: n)
                }
            case .app: registry.app = r.optionalString(n, key.name)
            case .entries: registry.entries = r.list(n, key.name).compactMap { entry($0, &r) }
            case .flags: registry.flags = r.pairs(n, key.name).compactMap { flag($0.0, $0.2, &r) }
            case .provided: registry.provided = r.list(n, key.name).compactMap { provided($0, &r) }
            case .routes: registry.routes = r.list(n, key.name).compactMap { route($0, &r) }
            case .handlers: registry.handlers = r.list(n, key.name).compactMap { handler($0, &r) }
            case .features: registry.features = r.list(n, key.name).compactMap { feature($0, &r) }
            case .dependencies: registry.dependencies = r.list(n, key.name).compactMap { binding($0, &r) }
            case .deeplinks: registry.deeplinks = r.list(n, key.name).compactMap { deeplink($0, &r) }
            case .unfollowed: registry.unfollowed = r.list(n, key.name).compactMap { unfollowed($0, &r) }
            }
        }
        return registry
    }

    /// The keys a mapping holds, in their enum's order.
    package static func inOrder<K: RegistryKey>(_ m: [K: RawNode]) -> [(K, RawNode)] {
        K.all.compactMap { k in m[k].map { (k, $0) } }
    }

    /// A required key's string: "<element> needs '<key>'" when it is absent.
    package static func required<K: RegistryKey>(_ m: [K: RawNode], _ key: K, at node: RawNode, _ r: inout SchemaReader) -> String? {
        guard let v = m[key] else {
            r.error("\(K.element) needs '\(key.name)'", at: node)
            return nil
        }
        return r.string(v, "\(key.name) of \(K.element)")
    }

    /// `flags:` — `NAME: true|false|runtime`, or `NAME: {default, owner, source}`.
    package static func flag(_ name: String, _ value: RawNode, _ r: inout SchemaReader) -> FeatureFlag? {
        // `runtime`: the default is decided when the app runs (either value).
        func isRuntime(_ n: RawNode) -> Bool {
            if case .scalar("runtime", _, _) = n { return true }
            return false
        }
        if case .mapping = value {
            guard let m = r.mapping(value, FlagKey.self, what: "flag '\(name)'") else { return nil }
            var flag = FeatureFlag(name: name, defaultValue: false, origin: ElementOrigin(registry: value.location))
            for (key, v) in inOrder(m) {
                switch key {
                case .default:
                    if isRuntime(v) { flag.runtime = true } else { flag.defaultValue = r.bool(v, "default of flag '\(name)'") ?? false }
                case .owner: flag.owner = r.optionalString(v, "owner of flag '\(name)'")
                case .source: flag.origin.source = r.sourceLocation(v)
                }
            }
            return flag
        }
        if isRuntime(value) { return FeatureFlag(name: name, defaultValue: false, runtime: true, origin: ElementOrigin(registry: value.location)) }
        return r.bool(value, "flag '\(name)'").map { FeatureFlag(name: name, defaultValue: $0, origin: ElementOrigin(registry: value.location)) }
    }

    /// An item of `provided:` — a name, or `{name, source}`.
    package static func provided(_ item: RawNode, _ r: inout SchemaReader) -> ProvidedDependency? {
        guard case .mapping = item else {
            return r.string(item, "an item of provided").map { ProvidedDependency(name: $0, origin: ElementOrigin(registry: item.location)) }
        }
        guard let m = r.mapping(item, ProvidedKey.self) else { return nil }
        guard let nameNode = m[.name] else {
            r.error("a provided dependency needs 'name'", at: item)
            return nil
        }
        guard let name = r.string(nameNode, "name") else { return nil }
        var provided = ProvidedDependency(name: name, origin: ElementOrigin(registry: item.location))
        for (key, v) in inOrder(m) {
            switch key {
            case .name: break
            case .source: provided.origin.source = r.sourceLocation(v)
            }
        }
        return provided
    }

    package static func entry(_ node: RawNode, _ r: inout SchemaReader) -> Entry? {
        guard let m = r.mapping(node, EntryKey.self) else { return nil }
        var origin = ElementOrigin(registry: node.location)
        var ignore: [String] = []
        for (key, v) in inOrder(m) {
            switch key {
            case .feature, .route: break  // below: one of the two
            case .source: origin.source = r.sourceLocation(v)
            case .ignore: ignore = r.strings(v, key.name)
            }
        }
        switch (m[.feature], m[.route]) {
        case (let f?, nil): return r.string(f, EntryKey.feature.name).map { Entry(target: .feature($0), origin: origin, ignore: ignore) }
        case (nil, let rt?): return r.string(rt, EntryKey.route.name).map { Entry(target: .route($0), origin: origin, ignore: ignore) }
        case (_?, _?):
            r.error("an entry names either 'feature' or 'route', not both", at: node)
            return nil
        case (nil, nil):
            r.error("an entry needs 'feature' or 'route'", at: node)
            return nil
        }
    }

    package static func route(_ node: RawNode, _ r: inout SchemaReader) -> Route? {
        guard let m = r.mapping(node, RouteKey.self) else { return nil }
        guard let id = required(m, .id, at: node, &r) else { return nil }
        var route = Route(id: id, origin: ElementOrigin(registry: node.location))
        for (key, v) in inOrder(m) {
            switch key {
            case .id: break
            case .type: route.type = r.optionalString(v, key.name)
            case .module: route.module = r.optionalString(v, key.name)
            case .parameters:
                for (name, _, value) in r.pairs(v, "parameters of route '\(id)'") {
                    if let t = r.string(value, "the type of parameter '\(name)'") { route.parameters.append(.init(name: name, type: t)) }
                }
            case .source: route.origin.source = r.sourceLocation(v)
            case .ignore: route.ignore = r.strings(v, key.name)
            case .system: route.system = system(v, &r)
            }
        }
        return route
    }

    /// `system:` of a route or an unfollowed call.
    package static func system(_ n: RawNode, _ r: inout SchemaReader) -> RoutingSystem? {
        guard let s = r.optionalString(n, "system") else { return nil }
        guard let system = RoutingSystem(rawValue: s) else {
            r.error("unknown routing system '\(s)' (one of \(RoutingSystem.allCases.map(\.rawValue).joined(separator: ", ")))", at: n)
            return nil
        }
        return system
    }

    /// An item of `unfollowed:` (what a scan could not follow; `UnfollowedCall`).
    package static func unfollowed(_ node: RawNode, _ r: inout SchemaReader) -> UnfollowedCall? {
        guard let m = r.mapping(node, UnfollowedKey.self) else { return nil }
        guard let callText = required(m, .call, at: node, &r) else { return nil }
        var call = UnfollowedCall(call: callText, origin: ElementOrigin(registry: node.location))
        if let n = m[.kind], let k = r.optionalString(n, "kind") {
            guard let known = UnfollowedCall.Kind(rawValue: k) else {
                r.error("unknown kind of unfollowed call '\(k)' (one of \(UnfollowedCall.Kind.allCases.map(\.rawValue).joined(separator: ", ")))", at: n)
                return nil
            }
            call.kind = known
        }
        for (key, v) in inOrder(m) {
            switch key {
            case .call, .kind: break
            case .from: call.from = r.strings(v, key.name)
            case .system: call.system = system(v, &r)
            case .routes: call.routes = r.strings(v, key.name)
            case .screens: call.screens = r.strings(v, key.name)
            case .reason: call.reason = r.optionalString(v, key.name)
            case .source: call.origin.source = r.sourceLocation(v)
            }
        }
        return call
    }

    package static func handler(_ node: RawNode, _ r: inout SchemaReader) -> RouteHandler? {
        guard let m = r.mapping(node, HandlerKey.self) else { return nil }
        guard let name = required(m, .name, at: node, &r) else { return nil }
        var handler = RouteHandler(name: name, origin: ElementOrigin(registry: node.location))
        if m[.routes] == nil { r.error("handler '\(name)' needs 'routes' (route id: destination feature)", at: node) }
        for (key, v) in inOrder(m) {
            switch key {
            case .name: break
            case .module: handler.module = r.optionalString(v, key.name)
            case .routes:
                for (route, keyNode, value) in r.pairs(v, "routes of handler '\(name)'") {
                    // One destination, or a list of the destinations the handler may show for it
                    // (a route enum's case that shows either of two screens).
                    if case .sequence(let items, _) = value, !items.isEmpty {
                        for f in r.strings(value, "the destination features of route '\(route)'") {
                            handler.routes.append(.init(route: route, feature: f, origin: ElementOrigin(registry: keyNode.location)))
                        }
                    } else if let f = r.string(value, "the destination feature of route '\(route)'") {
                        handler.routes.append(.init(route: route, feature: f, origin: ElementOrigin(registry: keyNode.location)))
                    }
                }
            case .source: handler.origin.source = r.sourceLocation(v)
            case .ignore: handler.ignore = r.strings(v, key.name)
            }
        }
        return handler
    }

    package static func enablement(_ node: RawNode, _ r: inout SchemaReader) -> Enablement? {
        if case .scalar(let s, let plain, _) = node, let e = enablement(s, plain: plain) { return e }
        r.error("enabled must be true, false, \"flag:NAME\" or \"runtime\", found \(node.kindDescription)", at: node)
        return nil
    }

    /// `true`, `false`, `"runtime"` or `"flag:NAME"`.
    package static func enablement(_ s: String, plain: Bool) -> Enablement? {
        if plain, let b = RawNode.bool(s) { return b ? .always : .never }
        if s == "runtime" { return .runtime }
        if s.hasPrefix("flag:") {
            let rest = s.dropFirst(5)
            // Foundation's trimming (through NSString) only where there can be something to trim: it
            // was a twentieth of reading a feature.
            func kept(_ c: Unicode.Scalar?) -> Bool { c.map { $0.isASCII && $0 != " " && $0 != "\t" } ?? false }
            if kept(rest.unicodeScalars.first), kept(rest.unicodeScalars.last) { return .flag(String(rest)) }
            let name = String(rest).trimmingCharacters(in: .whitespaces)
            if !name.isEmpty { return .flag(name) }
        }
        return nil
    }

    /// The items of a feature's or a registration's `dependencies:`: names, or `{protocol, lazy, used, source}`.
    package static func dependencyRefs(_ node: RawNode, _ what: String, _ r: inout SchemaReader) -> [DependencyRef] {
        r.list(node, what).compactMap { item -> DependencyRef? in
            guard case .mapping = item else {
                return r.string(item, "an item of \(what)").map { DependencyRef(name: $0, origin: ElementOrigin(registry: item.location)) }
            }
            guard let m = r.mapping(item, DependencyRefKey.self) else { return nil }
            guard let name = required(m, .protocol, at: item, &r) else { return nil }
            var ref = DependencyRef(name: name, origin: ElementOrigin(registry: item.location))
            for (key, v) in inOrder(m) {
                switch key {
                case .protocol: break
                case .lazy: ref.lazy = r.bool(v, key.name) ?? false
                case .used: ref.used = r.bool(v, key.name)
                case .source: ref.origin.source = r.sourceLocation(v)
                }
            }
            return ref
        }
    }

    package static func feature(_ node: RawNode, _ r: inout SchemaReader) -> Feature? {
        guard let m = r.mapping(node, FeatureKey.self) else { return nil }
        guard let name = required(m, .name, at: node, &r) else { return nil }
        // The source is read with the name: the origins of `enabled` and `fallback` carry it.
        var f = Feature(name: name, origin: ElementOrigin(registry: node.location, source: r.sourceLocation(m[.source])))
        for (key, v) in inOrder(m) {
            switch key {
            case .name, .source: break
            case .module: f.module = r.optionalString(v, key.name)
            case .enabled:
                f.enabled = enablement(v, &r) ?? .always
                f.enabledOrigin = ElementOrigin(registry: v.location, source: f.origin.source)
            case .fallback:
                f.fallback = r.optionalString(v, key.name)
                f.fallbackOrigin = ElementOrigin(registry: v.location, source: f.origin.source)
            case .dependencies: f.dependencies = dependencyRefs(v, "dependencies of feature '\(name)'", &r)
            case .navigates: f.navigates = r.list(v, "navigates of feature '\(name)'").compactMap { navigation($0, &r) }
            case .presents: f.presents = r.list(v, "presents of feature '\(name)'").compactMap { presentation($0, &r) }
            case .ignore: f.ignore = r.strings(v, key.name)
            case .unusedFallback: f.unusedFallback = unusedFallback(v, &r)
            }
        }
        return f
    }

    /// A `navigates:` item: a route id, or `{route, style, source}`.
    package static func navigation(_ item: RawNode, _ r: inout SchemaReader) -> Navigation? {
        guard case .mapping = item else {
            return r.string(item, "a navigated route").map { Navigation(route: $0, origin: ElementOrigin(registry: item.location)) }
        }
        guard let m = r.mapping(item, NavigationKey.self), let route = required(m, .route, at: item, &r) else { return nil }
        var navigation = Navigation(route: route, origin: ElementOrigin(registry: item.location))
        for (key, v) in inOrder(m) {
            switch key {
            case .route: break
            case .style: navigation.style = r.optionalString(v, key.name)
            case .source: navigation.origin.source = r.sourceLocation(v)
            }
        }
        return navigation
    }

    /// A `presents:` item: a feature name, or `{feature, style, source}`.
    package static func presentation(_ item: RawNode, _ r: inout SchemaReader) -> Presentation? {
        guard case .mapping = item else {
            return r.string(item, "a presented feature").map { Presentation(feature: $0, origin: ElementOrigin(registry: item.location)) }
        }
        guard let m = r.mapping(item, PresentationKey.self), let feature = required(m, .feature, at: item, &r) else { return nil }
        var presentation = Presentation(feature: feature, origin: ElementOrigin(registry: item.location))
        for (key, v) in inOrder(m) {
            switch key {
            case .feature: break
            case .style: presentation.style = r.optionalString(v, key.name)
            case .source: presentation.origin.source = r.sourceLocation(v)
            }
        }
        return presentation
    }

    /// A feature's `unusedFallback:`; its source is read only when both names are there.
    package static func unusedFallback(_ node: RawNode, _ r: inout SchemaReader) -> UnusedFallback? {
        guard let m = r.mapping(node, UnusedFallbackKey.self),
              let declared = required(m, .declared, at: node, &r),
              let requirement = required(m, .requirement, at: node, &r) else { return nil }
        var unused = UnusedFallback(declared: declared, requirement: requirement, origin: ElementOrigin(registry: node.location))
        for (key, v) in inOrder(m) {
            switch key {
            case .declared, .requirement: break
            case .source: unused.origin.source = r.sourceLocation(v)
            }
        }
        return unused
    }

    package static func binding(_ node: RawNode, _ r: inout SchemaReader) -> DependencyBinding? {
        guard let m = r.mapping(node, BindingKey.self) else { return nil }
        guard let p = required(m, .protocol, at: node, &r) else { return nil }
        var binding = DependencyBinding(protocol: p, origin: ElementOrigin(registry: node.location))
        for (key, v) in inOrder(m) {
            switch key {
            case .protocol: break
            case .implementation: binding.implementation = r.optionalString(v, key.name)
            case .module: binding.module = r.optionalString(v, key.name)
            case .dependencies: binding.dependencies = dependencyRefs(v, "dependencies of '\(p)'", &r)
            case .source: binding.origin.source = r.sourceLocation(v)
            case .ignore: binding.ignore = r.strings(v, key.name)
            }
        }
        return binding
    }

    package static func deeplink(_ node: RawNode, _ r: inout SchemaReader) -> DeepLink? {
        guard let m = r.mapping(node, DeepLinkKey.self) else { return nil }
        var d = DeepLink(origin: ElementOrigin(registry: node.location))
        for (key, v) in inOrder(m) {
            switch key {
            case .url: d.url = r.optionalString(v, key.name)
            case .route: d.route = r.optionalString(v, key.name)
            case .anyRoute:
                // An AnyRoute string is checked by `invalid-deeplink`, so any string (even empty) loads.
                if case .scalar(let s, _, _) = v { d.anyRoute = s } else { r.error("anyRoute must be a string, found \(v.kindDescription)", at: v) }
            case .source: d.origin.source = r.sourceLocation(v)
            case .ignore: d.ignore = r.strings(v, key.name)
            }
        }
        // A URL alone is a link that opens nothing (`invalid-deeplink` reports it).
        if d.anyRoute == nil && d.route == nil && d.url == nil {
            r.error("a deep link needs 'url', 'route' or 'anyRoute'", at: node)
            return nil
        }
        return d
    }
}
