import Foundation
import NavGraphSupport
import NavGraphModel

/// The fast path of `RegistryLoader`: reads registry events (JSON bytes or libyaml events) straight
/// into a `Registry`, with no `RawNode` tree and a `SourceLocation` only for what the model keeps.
///
/// It reads only input the positioned reader (`RegistryDecoder` over `RawNode`s) would accept without
/// a single diagnostic, and builds the same `Registry` from it. At the first thing it is not sure of —
/// a syntax error, an unknown, repeated or missing key, a wrong type, an escape, an anchor — it gives
/// up (`nil`), and the loader reads the file again with the positioned reader, which reports every
/// problem with its line and column. `FastReaderDifferentialTests` holds the two paths to that.
struct FastRegistryDecoder<Source: RegistryEventSource> {
    private var s: Source
    /// The ids of the declarations' names, in `RegistryNames`' layout (the table comes from `s`).
    private var names = RegistryNames()
    /// A feature's navigations and dependencies and their ids while its lists are read, reused from
    /// feature to feature: the feature's own arrays are then copied out at their size (growing them
    /// item by item reallocated them two or three times per feature). The copy must be a copy:
    /// `Array(scratch)` (and `Array(scratch[...])`) share the scratch's buffer, and the next
    /// `removeAll(keepingCapacity:)` then gave every feature a fresh buffer at the scratch's
    /// largest capacity (a fifth of the heap at its peak at 100k features).
    private var navigationScratch: [Navigation] = []
    private var navigationIDScratch: [Int32] = []
    private var dependencyScratch: [DependencyRef] = []
    private var dependencyIDScratch: [Int32] = []
    /// The item `Source.plainObject` read last (reused: its lists keep their capacity).
    private var plain = PlainObject()

    private struct GiveUp: Error {}

    init(_ source: Source) {
        s = source
    }

    static func decode(_ source: Source) -> Registry? { decoded(source).registry }

    /// `decode`, and the source as it was left.
    static func decoded(_ source: Source) -> (registry: Registry?, source: Source) {
        var d = FastRegistryDecoder(source)
        do {
            var r = try d.registry()
            guard d.s.finish() else { return (nil, d.s) }
            d.names.table = d.s.names
            r.names = d.names
            return (r, d.s)
        } catch {
            return (nil, d.s)
        }
    }

    /// The features list's items up to its end (a source that starts inside the list: `FeatureSplit`),
    /// with their names' ids in `RegistryNames.features`' layout, and the source as it was left.
    /// `bytes`: how many bytes the items span, for a first guess at their number (growing the list
    /// of 50k features moved megabytes, at 100k features).
    static func decodeFeatures(_ source: Source, bytes: Int) -> (features: [Feature], ids: [Int32], source: Source)? {
        var d = FastRegistryDecoder(source)
        var features: [Feature] = []
        features.reserveCapacity(bytes / 128)
        do {
            while true {
                if let f = try d.plainFeature() {
                    features.append(f)
                    continue
                }
                let e = try d.event()
                if e.kind == .sequenceEnd { break }
                features.append(try d.feature(e))
            }
        } catch {
            return nil
        }
        return (features, d.names.features, d.s)
    }

    // MARK: events

    private mutating func event() throws(GiveUp) -> RegistryEvent {
        guard let e = s.next() else { throw GiveUp() }
        return e
    }

    private mutating func location(_ e: RegistryEvent) -> SourceLocation { s.location(e.mark) }

    /// Calls `body` with the name of each key of the mapping that `start` opened; keys must come from
    /// `allowed` (at most 16) and appear once. Callers switch on the name (never on its position in
    /// `allowed`) and give up in `default:`, so a key can only ever be read as itself.
    private mutating func mapping(
        _ start: RegistryEvent, _ allowed: [String], _ body: (inout Self, String) throws(GiveUp) -> Void
    ) throws(GiveUp) {
        guard start.kind == .mappingStart else { throw GiveUp() }
        var seen: UInt16 = 0
        while true {
            let k = try event()
            if k.kind == .mappingEnd { return }
            guard k.kind == .scalar, let index = allowed.firstIndex(of: k.text) else { throw GiveUp() }
            let bit: UInt16 = 1 << UInt16(index)
            guard seen & bit == 0 else { throw GiveUp() }
            seen |= bit
            try body(&self, allowed[index])
        }
    }

    /// Each pair of a free-form mapping (non-empty, unrepeated keys), with its key event. Keys are told
    /// apart by their ids (equal ids, equal text; hashing the strings was a tenth of reading a handler);
    /// every key a source gives has one.
    private mutating func pairs(_ body: (inout Self, RegistryEvent, RegistryEvent) throws(GiveUp) -> Void) throws(GiveUp) {
        guard try event().kind == .mappingStart else { throw GiveUp() }
        var seen = Set<Int32>()
        while true {
            let k = try event()
            if k.kind == .mappingEnd { return }
            guard k.kind == .scalar, k.name >= 0, !k.text.isEmpty, seen.insert(k.name).inserted else { throw GiveUp() }
            try body(&self, k, try event())
        }
    }

    /// Each item of a list.
    private mutating func list(_ body: (inout Self, RegistryEvent) throws(GiveUp) -> Void) throws(GiveUp) {
        guard try event().kind == .sequenceStart else { throw GiveUp() }
        while true {
            let e = try event()
            if e.kind == .sequenceEnd { return }
            try body(&self, e)
        }
    }

    /// Each item of a list, those in `PlainObject`'s shape through `plainItem` (it gives the
    /// declaration), the others as events through `body`.
    private mutating func list<T>(
        plain plainItem: (inout Self) throws(GiveUp) -> T?, _ body: (inout Self, RegistryEvent) throws(GiveUp) -> T
    ) throws(GiveUp) -> [T] {
        guard try event().kind == .sequenceStart else { throw GiveUp() }
        var out: [T] = []
        while true {
            if let item = try plainItem(&self) {
                out.append(item)
                continue
            }
            let e = try event()
            if e.kind == .sequenceEnd { return out }
            out.append(try body(&self, e))
        }
    }

    // MARK: scalars (the rules of `SchemaReader`)

    private func string(_ e: RegistryEvent) throws(GiveUp) -> String {
        guard e.kind == .scalar, let s = SchemaReader.stringValue(e.text, plain: e.plain) else { throw GiveUp() }
        return s
    }

    // The event is read before the non-mutating call: written as `string(try event())`, a copy of
    // `self` is taken first, and interning a new name while that copy holds the source's table
    // copied the whole table (quadratic; it showed on the routes, the first names a registry lists).
    private mutating func string() throws(GiveUp) -> String {
        let e = try event()
        return try string(e)
    }

    /// A name and its id in the source's table (-1 when the schema's reading changed the text).
    private func name(_ e: RegistryEvent) throws(GiveUp) -> (String, Int32) {
        let s = try string(e)
        return (s, s == e.text ? e.name : -1)
    }

    private mutating func name() throws(GiveUp) -> (String, Int32) {
        let e = try event()
        return try name(e)
    }

    private mutating func optionalName() throws(GiveUp) -> (String, Int32)? {
        let e = try event()
        if e.kind == .scalar, e.plain, RawNode.isNull(e.text) { return nil }
        return try name(e)
    }

    private mutating func optionalString() throws(GiveUp) -> String? {
        let e = try event()
        if e.kind == .scalar, e.plain, RawNode.isNull(e.text) { return nil }
        return try string(e)
    }

    private mutating func bool() throws(GiveUp) -> Bool {
        let e = try event()
        guard e.kind == .scalar, e.plain, let b = RawNode.bool(e.text) else { throw GiveUp() }
        return b
    }

    private mutating func strings() throws(GiveUp) -> [String] {
        let e = try event()
        if e.kind == .scalar { return [try string(e)] }
        guard e.kind == .sequenceStart else { throw GiveUp() }
        var out: [String] = []
        while true {
            let item = try event()
            if item.kind == .sequenceEnd { return out }
            out.append(try string(item))
        }
    }

    private mutating func sourceLocation() throws(GiveUp) -> SourceLocation {
        guard let l = SourceLocation(parsing: try string()) else { throw GiveUp() }
        return l
    }

    // MARK: the schema (`RegistryDecoder`'s keys and rules)

    private mutating func registry() throws(GiveUp) -> Registry {
        var r = Registry()
        var version = false
        try mapping(try event(), RegistryDecoder.topKeys) { (d, key) throws(GiveUp) in
            switch key {
            case "navgraph":
                let v = try d.event()
                guard v.kind == .scalar, v.plain, Int(v.text) == RegistryLoader.schemaVersion else { throw GiveUp() }
                version = true
            case "app": r.app = try d.optionalString()
            case "entries": try d.list { (d, e) throws(GiveUp) in r.entries.append(try d.entry(e)) }
            case "flags": try d.pairs { (d, k, v) throws(GiveUp) in r.flags.append(try d.flag(k.text, v)) }
            case "provided": try d.list { (d, e) throws(GiveUp) in r.provided.append(try d.provided(e)) }
            case "routes": r.routes = try d.list(plain: { (d) throws(GiveUp) in try d.plainRoute() }) { (d, e) throws(GiveUp) in try d.route(e) }
            case "handlers": r.handlers = try d.list(plain: { (d) throws(GiveUp) in try d.plainHandler() }) { (d, e) throws(GiveUp) in try d.handler(e) }
            case "features":
                r.features = try d.list(plain: { (d) throws(GiveUp) in try d.plainFeature() }) { (d, e) throws(GiveUp) in try d.feature(e) }
            case "dependencies": try d.list { (d, e) throws(GiveUp) in r.dependencies.append(try d.binding(e)) }
            case "deeplinks": try d.list { (d, e) throws(GiveUp) in r.deeplinks.append(try d.deeplink(e)) }
            default: throw GiveUp()
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
        try mapping(start, RegistryDecoder.entryKeys) { (d, key) throws(GiveUp) in
            switch key {
            case "feature", "route":
                guard target == nil else { throw GiveUp() }
                let (name, id) = try d.name()
                target = key == "feature" ? .feature(name) : .route(name)
                targetID = id
            case "source": source = try d.sourceLocation()
            case "ignore": ignore = try d.strings()
            default: throw GiveUp()
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
            try mapping(value, RegistryDecoder.flagKeys) { (d, key) throws(GiveUp) in
                switch key {
                case "default":
                    let e = try d.event()
                    guard e.kind == .scalar else { throw GiveUp() }
                    if e.text == "runtime" {
                        runtime = true
                    } else {
                        guard e.plain, let b = RawNode.bool(e.text) else { throw GiveUp() }
                        defaultValue = b
                    }
                case "source": source = try d.sourceLocation()
                case "owner": owner = try d.optionalString()
                default: throw GiveUp()
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
        try mapping(item, RegistryDecoder.providedKeys) { (d, key) throws(GiveUp) in
            switch key {
            case "name": name = try d.name()
            case "source": source = try d.sourceLocation()
            default: throw GiveUp()
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
        try mapping(start, RegistryDecoder.routeKeys) { (d, key) throws(GiveUp) in
            switch key {
            case "id": id = try d.name()
            case "type": type = try d.optionalString()
            case "module": module = try d.optionalString()
            case "parameters":
                try d.pairs { (d, k, v) throws(GiveUp) in parameters.append(.init(name: k.text, type: try d.string(v))) }
            case "source": source = try d.sourceLocation()
            case "ignore": ignore = try d.strings()
            case "system":
                // An unknown system is the positioned reader's error to report.
                if let s = try d.optionalString() {
                    guard let known = RoutingSystem(rawValue: s) else { throw GiveUp() }
                    system = known
                }
            default: throw GiveUp()
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
        try mapping(start, RegistryDecoder.handlerKeys) { (d, key) throws(GiveUp) in
            switch key {
            case "name": name = try d.name()
            case "module": module = try d.optionalString()
            case "routes":
                var mappings: [RouteHandler.Mapping] = []
                try d.pairs { (d, k, v) throws(GiveUp) in
                    let keyAt = d.location(k)
                    let (feature, featureID) = try d.name(v)
                    mappings.append(.init(route: k.text, feature: feature, origin: ElementOrigin(registry: keyAt)))
                    mappingIDs.append(k.name)
                    mappingIDs.append(featureID)
                }
                routes = mappings
            case "source": source = try d.sourceLocation()
            case "ignore": ignore = try d.strings()
            default: throw GiveUp()
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
            try d.mapping(item, RegistryDecoder.dependencyRefKeys) { (d, key) throws(GiveUp) in
                switch key {
                case "protocol": name = try d.name()
                case "lazy": lazy = try d.bool()
                case "used": used = try d.bool()
                case "source": source = try d.sourceLocation()
                default: throw GiveUp()
                }
            }
            guard let name else { throw GiveUp() }
            d.dependencyIDScratch.append(name.1)
            d.dependencyScratch.append(DependencyRef(name: name.0, lazy: lazy, used: used, origin: ElementOrigin(registry: at, source: source)))
        }
        return dependencyScratch.withUnsafeBufferPointer { Array($0) }
    }

    private mutating func feature(_ start: RegistryEvent) throws(GiveUp) -> Feature {
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
        try mapping(start, RegistryDecoder.featureKeys) { (d, key) throws(GiveUp) in
            switch key {
            case "name": name = try d.name()
            case "module": module = try d.optionalString()
            case "enabled":
                let e = try d.event()
                guard e.kind == .scalar, let value = RegistryDecoder.enablement(e.text, plain: e.plain) else { throw GiveUp() }
                enabled = (value, d.location(e))
            case "fallback":
                let e = try d.event()
                let l = d.location(e)
                let value: (String, Int32)? = e.kind == .scalar && e.plain && RawNode.isNull(e.text) ? nil : try d.name(e)
                fallback = (value?.0, l)
                fallbackID = value?.1 ?? -1
            case "dependencies":
                dependencies = try d.dependencyRefs()
                dependenciesRead = true
            case "navigates":
                d.navigationScratch.removeAll(keepingCapacity: true)
                d.navigationIDScratch.removeAll(keepingCapacity: true)
                try d.list { (d, item) throws(GiveUp) in
                    let (navigation, id) = try d.navigation(item)
                    d.navigationScratch.append(navigation)
                    d.navigationIDScratch.append(id)
                }
                navigates = d.navigationScratch.withUnsafeBufferPointer { Array($0) }
                navigatesRead = true
            case "presents":
                // Presented features are not in `RegistryNames`' layout (the graph build interns them).
                try d.list { (d, item) throws(GiveUp) in presents.append(try d.presentation(item)) }
            case "source": source = try d.sourceLocation()
            case "ignore": ignore = try d.strings()
            case "unusedFallback": unusedFallback = try d.unusedFallback()
            default: throw GiveUp()
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
        try mapping(item, RegistryDecoder.presentationKeys) { (d, key) throws(GiveUp) in
            switch key {
            case "feature": feature = try d.name().0
            case "style": style = try d.optionalString()
            case "source": source = try d.sourceLocation()
            default: throw GiveUp()
            }
        }
        guard let feature else { throw GiveUp() }
        return Presentation(feature: feature, style: style, origin: ElementOrigin(registry: at, source: source))
    }

    // MARK: plain objects (`PlainObject`): the same declarations, the same ids, the same give-ups

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

    private mutating func plainRoute() throws(GiveUp) -> Route? {
        guard s.plainObject(PlainKeys.route, into: &plain) else { return nil }
        guard plain.has(0) else { throw GiveUp() }
        let id = try plainName(0)
        names.routes.append(id.1)
        return Route(
            id: id.0, type: try plainOptionalString(1), module: try plainOptionalString(2),
            origin: ElementOrigin(registry: location(at: plain.at)))
    }

    private mutating func plainHandler() throws(GiveUp) -> RouteHandler? {
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

    private mutating func plainFeature() throws(GiveUp) -> Feature? {
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

    /// A navigation and the id of its route's name.
    private mutating func navigation(_ item: RegistryEvent) throws(GiveUp) -> (Navigation, Int32) {
        let at = location(item)
        guard item.kind == .mappingStart else {
            let (route, id) = try name(item)
            return (Navigation(route: route, origin: ElementOrigin(registry: at)), id)
        }
        var route: (String, Int32)?
        var style: String?
        var source: SourceLocation?
        try mapping(item, RegistryDecoder.navigationKeys) { (d, key) throws(GiveUp) in
            switch key {
            case "route": route = try d.name()
            case "style": style = try d.optionalString()
            case "source": source = try d.sourceLocation()
            default: throw GiveUp()
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
        try mapping(start, RegistryDecoder.unusedFallbackKeys) { (d, key) throws(GiveUp) in
            switch key {
            case "declared": declared = try d.string()
            case "requirement": requirement = try d.string()
            case "source": source = try d.sourceLocation()
            default: throw GiveUp()
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
        try mapping(start, RegistryDecoder.bindingKeys) { (d, key) throws(GiveUp) in
            switch key {
            case "protocol": proto = try d.name()
            case "implementation": implementation = try d.optionalString()
            case "module": module = try d.optionalString()
            case "dependencies":
                dependencies = try d.dependencyRefs()
                dependencyIDs = d.dependencyIDScratch
            case "source": source = try d.sourceLocation()
            case "ignore": ignore = try d.strings()
            default: throw GiveUp()
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
        try mapping(start, RegistryDecoder.deeplinkKeys) { (d, key) throws(GiveUp) in
            switch key {
            case "url": url = try d.optionalString()
            case "route": route = try d.optionalName()
            case "anyRoute":
                // Any scalar, even empty: `invalid-deeplink` checks it.
                let e = try d.event()
                guard e.kind == .scalar else { throw GiveUp() }
                anyRoute = e.text
            case "source": source = try d.sourceLocation()
            case "ignore": ignore = try d.strings()
            default: throw GiveUp()
            }
        }
        guard anyRoute != nil || route != nil || url != nil else { throw GiveUp() }
        names.deeplinks.append(route?.1 ?? -1)
        return DeepLink(url: url, route: route?.0, anyRoute: anyRoute, origin: ElementOrigin(registry: at, source: source), ignore: ignore)
    }
}

extension PlainKeys {
    /// A route's keys in a plain object (`FastRegistryDecoder.plainRoute`): the others are read as events.
    package static let route = PlainKeys(["id", "type", "module"])
    /// A handler's keys in a plain object (`FastRegistryDecoder.plainHandler`), its `routes` as pairs.
    package static let handler = PlainKeys(["name", "module", "routes"], pairs: "routes")
    /// A feature's keys in a plain object (`FastRegistryDecoder.plainFeature`).
    package static let feature = PlainKeys(
        ["name", "module", "enabled", "fallback", "dependencies", "navigates"], objectItems: ("navigates", ["route", "style"]))
}

/// A source that can read a document in two halves (`FeatureSplit`): JSON and block YAML.
package protocol SplitEventSource: RegistryEventSource {
    /// The whole document, except the features list's items from the cut `handOff` gives on (another
    /// reader's), asked for when the top-level `features` key is read. Nil when the source does not
    /// read these bytes at all.
    init?(bytes: UnsafeBufferPointer<UInt8>, file: String, skipping handOff: SplitHandOff)
    /// Only the features list's items from `split`'s cut on, with locations in `text`.
    init(bytes: UnsafeBufferPointer<UInt8>, text: SourceFiles.TextID, from split: FeatureSplit)
    /// The registered text locations point into.
    var registeredText: SourceFiles.TextID { get }
    /// Whether this source jumped over the other reader's items.
    var jumped: Bool { get }
    /// Lets go of the name table (a registry built from this source holds it).
    mutating func dropNames()
    /// The second reader: whether it stopped exactly at the list's end the split gave.
    func endedAt(_ split: FeatureSplit) -> Bool
}

extension FastRegistryDecoder where Source: SplitEventSource {
    /// A big document on two threads. The second thread finds the cut (`cut`, normally
    /// `FeatureSplit.json`, a search for the list and a skim of it, or `.yaml`, a skim of the lines) and reads the features list's
    /// items after it; the first reads everything else, and waits for the cut only when it reaches the
    /// features list, so the skim is not on its way. The features are joined in document order and
    /// the second table's ids translated into the first's. Nil when either reader gives up.
    static func decode(
        _ bytes: UnsafeBufferPointer<UInt8>, file: String, cut: @escaping @Sendable (UnsafeBufferPointer<UInt8>) -> FeatureSplit?
    ) -> Registry? {
        let halves = SplitHalves()
        let handOff = SplitHandOff()
        let registered = HandOff<SourceFiles.TextID?>()
        // The bytes are only read, by both threads; the caller keeps them alive until both are done.
        nonisolated(unsafe) let shared = bytes
        // A thread of its own (not a dispatch worker): the first reader may wait for it.
        let thread = Thread {
            let split = StageTimes.measure("load: skim for the cut (2nd thread)") { cut(shared) }
            handOff.post(split)
            StageTimes.measure("load: fast reader, features after the cut (2nd thread)") {
                if let split, let text = registered.wait(),
                    let (features, ids, source) = decodeFeatures(Source(bytes: shared, text: text, from: split), bytes: split.listEnd - split.itemStart),
                    source.endedAt(split)
                {
                    // It ended at the list's own end: every byte the first reader jumped over was read here.
                    halves.second = (features, ids, source.names)
                }
            }
            halves.finished.signal()
        }
        thread.stackSize = 1 << 20
        thread.start()
        // The text is registered (its line table made, 12 ms at 100k features) while the other
        // thread skims: it needs the text only once it has its cut.
        let first = Source(bytes: bytes, file: file, skipping: handOff)
        registered.post(first?.registeredText)
        guard let first else {
            halves.finished.wait()
            return nil
        }
        var (read, source) = StageTimes.measure("load: fast reader, all but the second half (1st thread)") { decoded(first) }
        StageTimes.measure("load: wait for the 2nd thread") { halves.finished.wait() }
        guard var r = read.take() else { return nil }
        // No jump (no cut was found): the first reader read the whole document.
        guard source.jumped else { return r }
        // The registry holds the table now; the source's hold would have it copied on write below.
        source.dropNames()
        guard var second = halves.second else { return nil }
        // Only these copies hold the halves now: the join below moves and appends in place.
        halves.second = nil
        return StageTimes.measure("load: join the halves") {
            // The second table's names go into the first on one thread while the features are moved
            // on the other. Each side works on variables of its own, each the only holder of its
            // storage (so nothing is copied on write).
            var table = r.names.table, firstFeatures = r.features, secondFeatures = second.features
            r.names.table = NameTable()
            r.features = []
            second.features = []
            var secondTable = second.table
            second.table = NameTable()
            let (map, features) = atOnce({ () -> [Int32] in
                let map = table.absorbing(&secondTable)
                // What is left of it (the names both tables have) is let go of here, not on the way out.
                secondTable = NameTable()
                return map
            }) { () -> [Feature] in
                let joined = Feature.joined(&firstFeatures, &secondFeatures)
                // The emptied halves are freed on this thread too.
                firstFeatures = []
                secondFeatures = []
                return joined
            }
            r.names.table = table
            r.features = features
            r.names.features += second.ids.map { $0 < 0 ? -1 : map[Int($0)] }
            return r
        }
    }

    /// `decode(_:file:cut:)` at a cut already found (tests try every cut).
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, file: String, split: FeatureSplit) -> Registry? {
        decode(bytes, file: file, cut: { _ in split })
    }
}

/// The cut of a split document, from the thread that skims to the reader that waits for it.
package typealias SplitHandOff = HandOff<FeatureSplit?>

/// A value one thread posts once and another waits for.
package final class HandOff<Value>: @unchecked Sendable {
    private let condition = NSCondition()
    private var value: Value?

    package func post(_ value: Value) {
        condition.lock()
        self.value = value
        condition.broadcast()
        condition.unlock()
    }

    package func wait() -> Value {
        condition.lock()
        defer { condition.unlock() }
        while value == nil { condition.wait() }
        return value!
    }
}

extension Feature {
    /// `a + b`, moving the declarations instead of copying them (a copy retains every string and
    /// list a feature holds, and dropping the halves releases them again: a tenth of a second at 100k
    /// features); `a` and `b` are left holding empty features.
    package static func joined(_ a: inout [Feature], _ b: inout [Feature]) -> [Feature] {
        let empty = Feature(name: "")
        return [Feature](unsafeUninitializedCapacity: a.count + b.count) { all, count in
            guard let to = all.baseAddress else { return }
            count = moveOut(&a, to: to, leaving: empty)
            count += moveOut(&b, to: to + count, leaving: empty)
        }
    }

    /// Moves every element of `from` to `to` (uninitialized memory) and fills `from` with `empty`.
    private static func moveOut(_ from: inout [Feature], to: UnsafeMutablePointer<Feature>, leaving empty: Feature) -> Int {
        from.withUnsafeMutableBufferPointer { src in
            guard let base = src.baseAddress else { return 0 }
            to.moveInitialize(from: base, count: src.count)
            base.initialize(repeating: empty, count: src.count)
            return src.count
        }
    }
}

/// What the second reader of a split JSON document gives, and when it is done.
private final class SplitHalves: @unchecked Sendable {
    var second: (features: [Feature], ids: [Int32], table: NameTable)?
    let finished = DispatchSemaphore(value: 0)
}
