import NavGraphSupport
import NavGraphModel

/// Declarations in `PlainObject`'s shape (a source reads a whole item at once, its values as name
/// ids): the same declarations as the event path, the same ids, the same give-ups.
extension FastRegistryDecoder {
    private mutating func location(at offset: Int) -> SourceLocation { s.location(RegistryMark(line: 0, offset: offset)) }

    /// A plain value's name as `name(_:)` reads it: a string (never empty in a plain object).
    private func plainName(_ key: Int) throws(GiveUp) -> (String, Int32) {
        let v = plain.value[key]
        guard v >= 0 else { throw GiveUp() }
        return (s.names[v], v)
    }

    /// A plain value as `optionalString()` reads it.
    private func plainOptionalString(_ key: Int) throws(GiveUp) -> String? {
        guard plain.has(key) else { return nil }
        let v = plain.value[key]
        if v == PlainObject.null { return nil }
        guard v >= 0 else { throw GiveUp() }
        return s.names[v]
    }

    mutating func plainRoute() throws(GiveUp) -> Route? {
        guard s.plainObject(PlainKeys.route, into: &plain) else { return nil }
        guard plain.has(0) else { throw GiveUp() }
        let id = try plainName(0)
        names.routes.append(id.1)
        return Route(
            id: id.0, type: try plainOptionalString(1), module: try plainOptionalString(2),
            origin: ElementOrigin(registry: location(at: plain.at)))
    }

    mutating func plainHandler() throws(GiveUp) -> RouteHandler? {
        guard s.plainObject(PlainKeys.handler, into: &plain) else { return nil }
        guard plain.has(0), plain.has(2), plain.value[2] == PlainObject.pairs else { throw GiveUp() }
        let name = try plainName(0)
        let module = try plainOptionalString(1)
        let items = plain.listStart[2]..<plain.listEnd[2]
        // A repeated route is the positioned reader's error to report (equal ids, equal names).
        var seen = Set<Int32>(minimumCapacity: items.count)
        names.handlers.append(name.1)
        var mappings: [RouteHandler.Mapping] = []
        mappings.reserveCapacity(items.count)
        for k in items {
            let route = plain.items[k], feature = plain.itemSecond[k]
            guard seen.insert(route).inserted else { throw GiveUp() }
            mappings.append(.init(route: s.names[route], feature: s.names[feature], origin: ElementOrigin(registry: location(at: plain.itemAt[k]))))
            names.handlers.append(route)
            names.handlers.append(feature)
        }
        return RouteHandler(name: name.0, module: module, routes: mappings, origin: ElementOrigin(registry: location(at: plain.at)))
    }

    mutating func plainFeature() throws(GiveUp) -> Feature? {
        guard s.plainObject(PlainKeys.feature, into: &plain) else { return nil }
        guard plain.has(0) else { throw GiveUp() }
        let name = try plainName(0)
        let module = try plainOptionalString(1)
        var enabled = Enablement.always
        var enabledOrigin: ElementOrigin?
        if plain.has(2) {
            let v = plain.value[2]
            guard v >= 0, let value = RegistryDecoder.enablement(s.names[v], plain: false) else { throw GiveUp() }
            enabled = value
            enabledOrigin = ElementOrigin(registry: location(at: plain.valueAt[2]))
        }
        var fallback: String?
        var fallbackOrigin: ElementOrigin?
        var fallbackID: Int32 = -1
        if plain.has(3) {
            let v = plain.value[3]
            guard v >= 0 || v == PlainObject.null else { throw GiveUp() }
            fallback = v >= 0 ? s.names[v] : nil
            fallbackOrigin = ElementOrigin(registry: location(at: plain.valueAt[3]))
            fallbackID = max(v, -1)
        }
        names.features.append(name.1)
        names.features.append(fallbackID)
        var dependencies: [DependencyRef] = []
        if plain.has(4) {
            guard plain.value[4] == PlainObject.list else { throw GiveUp() }
            let items = plain.listStart[4]..<plain.listEnd[4]
            dependencies = items.map { DependencyRef(name: s.names[plain.items[$0]], origin: ElementOrigin(registry: location(at: plain.itemAt[$0]))) }
            names.features += plain.items[items]
        }
        var navigates: [Navigation] = []
        if plain.has(5) {
            guard plain.value[5] == PlainObject.list else { throw GiveUp() }
            let items = plain.listStart[5]..<plain.listEnd[5]
            navigates = items.map { k in
                let style = plain.itemSecond[k]
                return Navigation(
                    route: s.names[plain.items[k]], style: style >= 0 ? s.names[style] : nil,
                    origin: ElementOrigin(registry: location(at: plain.itemAt[k])))
            }
            names.features += plain.items[items]
        }
        // Made whole in one go: a `var` changed field by field was copied once more on return.
        return Feature(
            name: name.0, module: module, enabled: enabled, enabledOrigin: enabledOrigin, fallback: fallback,
            fallbackOrigin: fallbackOrigin, dependencies: dependencies, navigates: navigates,
            origin: ElementOrigin(registry: location(at: plain.at)))
    }

}

extension PlainKeys {
    /// A route's keys in a plain object (`FastRegistryDecoder.plainRoute`): the others are read as events.
    /// (`plain.value[k]` is the value of the k-th key listed here.)
    package static let route = PlainKeys([RouteKey.id, .type, .module].map(\.name))
    /// A handler's keys in a plain object (`FastRegistryDecoder.plainHandler`), its `routes` as pairs.
    package static let handler = PlainKeys([HandlerKey.name, .module, .routes].map(\.name), pairs: HandlerKey.routes.name)
    /// A feature's keys in a plain object (`FastRegistryDecoder.plainFeature`).
    package static let feature = PlainKeys(
        [FeatureKey.name, .module, .enabled, .fallback, .dependencies, .navigates].map(\.name),
        objectItems: (FeatureKey.navigates.name, [NavigationKey.route, .style].map(\.name)))
}
