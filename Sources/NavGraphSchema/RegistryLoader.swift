import Foundation
import NavGraphPlatform
import NavGraphSupport
import NavGraphModel

/// Loads registry files (YAML or JSON, schema version 1) into a `Registry`.
///
/// Every problem in every file is collected, then thrown together as one `InputError`;
/// nothing here traps or exits. Duplicated names are not load errors: the checks report them.
public struct RegistryLoader: Sendable {
    public static let schemaVersion = 1
    public static let fileExtensions: Set<String> = ["yml", "yaml", "json"]

    public init() {}

    /// Loads and merges every path: files, or directories (every registry file inside, recursively, sorted).
    public func load(paths: [String]) throws(InputError) -> Registry {
        var diagnostics: [Diagnostic] = []
        var files: [String] = []
        for path in paths {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
                diagnostics.append(Diagnostic(.error, "no such file or directory: \(path)", at: nil))
                continue
            }
            if isDir.boolValue {
                let found = RegistryLoader.registryFiles(in: path)
                if found.isEmpty {
                    diagnostics.append(Diagnostic(.error, "no registry files (.yml, .yaml, .json) in \(path)", at: nil))
                }
                files += found
            } else {
                files.append(path)
            }
        }
        var registry = Registry()
        // Files are merged in sorted order so the command-line order does not matter.
        for file in Array(Set(files)).sorted() {
            do {
                registry = registry.merged(with: try load(file: file))
            } catch {
                diagnostics += error.diagnostics
            }
        }
        if !diagnostics.isEmpty { throw InputError(diagnostics) }
        return registry
    }

    /// Every registry file below a directory, sorted.
    public static func registryFiles(in directory: String) -> [String] {
        guard let e = FileManager.default.enumerator(atPath: directory) else { return [] }
        var out: [String] = []
        while let rel = e.nextObject() as? String {
            let ext = (rel as NSString).pathExtension.lowercased()
            guard fileExtensions.contains(ext) else { continue }
            if rel.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
            out.append((directory as NSString).appendingPathComponent(rel))
        }
        return out.sorted()
    }

    public func load(file: String) throws(InputError) -> Registry {
        // An ASCII JSON file goes to the fast reader as bytes, without the `String` (its copy and its
        // UTF-8 check were a twentieth of a 100k check): ASCII is UTF-8 by itself.
        let isJSON = file.lowercased().hasSuffix(".json")
        if isJSON, let bytes = StageTimes.measure("load: read \(file)", { RegistryLoader.contents(of: file) }) {
            defer { RegistryLoader.release(bytes) }
            if NameTable.isASCII(UnsafeBufferPointer(bytes)) {
                if let registry = RegistryLoader.fastLoadJSON(bytes: UnsafeBufferPointer(bytes), file: file) { return registry }
                return try positionedLoad(text: String(decoding: bytes, as: UTF8.self), file: file, isJSON: true)
            }
        }
        // Block YAML is read from its bytes the same way; a document the block reader gives up on
        // goes to the positioned reader below.
        var blockTried = false
        if !isJSON, let bytes = StageTimes.measure("load: read \(file)", { RegistryLoader.contents(of: file) }) {
            defer { RegistryLoader.release(bytes) }
            if let registry = RegistryLoader.fastLoadBlockYAML(bytes: UnsafeBufferPointer(bytes), file: file) { return registry }
            blockTried = true
        }
        guard let data = FileManager.default.contents(atPath: file) else {
            throw InputError([Diagnostic(.error, "cannot read \(file)", at: nil)])
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw InputError([Diagnostic(.error, "\(file) is not UTF-8 text", at: SourceLocation(file: file, line: 1, column: 1))])
        }
        if let registry = RegistryLoader.fastLoad(text: text, file: file, isJSON: isJSON, block: !blockTried) { return registry }
        return try positionedLoad(text: text, file: file, isJSON: isJSON)
    }

    /// Parses registry text; `file` names it in locations, and its extension picks JSON or YAML.
    public func load(text: String, file: String) throws(InputError) -> Registry {
        let isJSON = file.lowercased().hasSuffix(".json")
        if let registry = RegistryLoader.fastLoad(text: text, file: file, isJSON: isJSON) { return registry }
        return try positionedLoad(text: text, file: file, isJSON: isJSON)
    }

    /// The fast path: events straight into the model; nil when anything is off (then the positioned
    /// reader runs and reports every problem). YAML is read with the block reader (unless `block` is
    /// false: it has given up on this text already); YAML outside its subset goes to the positioned
    /// reader (Yams).
    package static func fastLoad(text: String, file: String, isJSON: Bool, block: Bool = true) -> Registry? {
        var text = text
        if isJSON {
            return text.withUTF8 { bytes in
                fastLoadJSON(bytes: bytes, file: file)
            }
        }
        guard block else { return nil }
        return text.withUTF8 { fastLoadBlockYAML(bytes: $0, file: file) }
    }

    /// JSON bytes through the fast reader: on two threads from `FeatureSplit.minimumBytes` on.
    package static func fastLoadJSON(bytes: UnsafeBufferPointer<UInt8>, file: String) -> Registry? {
        if bytes.count >= FeatureSplit.minimumBytes {
            return FastRegistryDecoder<JSONEventSource>.decode(bytes, file: file, cut: { FeatureSplit.json($0) })
        }
        return FastRegistryDecoder.decode(JSONEventSource(bytes: bytes, file: file))
    }

    /// Block YAML through `BlockYAMLEventSource` (nil when it gives up): on two threads from
    /// `FeatureSplit.minimumBytes` on.
    package static func fastLoadBlockYAML(bytes: UnsafeBufferPointer<UInt8>, file: String) -> Registry? {
        if bytes.count >= FeatureSplit.minimumBytes {
            return FastRegistryDecoder<BlockYAMLEventSource>.decode(bytes, file: file, cut: { FeatureSplit.yaml($0) })
        }
        guard let source = BlockYAMLEventSource(bytes: bytes, file: file) else { return nil }
        return FastRegistryDecoder.decode(source)
    }

    /// A regular file's bytes in a buffer the caller gives back with `release`; nil when it cannot be read whole
    /// (then the text path reads it and says why). Pages made at once on Linux (`FileBytes.mapped`).
    package static func contents(of file: String) -> UnsafeMutableBufferPointer<UInt8>? {
        FileBytes.mapped(file)
    }

    /// Gives back what `contents(of:)` returned.
    package static func release(_ bytes: UnsafeMutableBufferPointer<UInt8>) {
        FileBytes.release(bytes)
    }

    /// The positioned reader: a `RawNode` tree with every node's location, then the schema, collecting
    /// every problem.
    package func positionedLoad(text: String, file: String, isJSON: Bool) throws(InputError) -> Registry {
        let root: RawNode?
        root = isJSON ? try JSONReader.read(text, file: file) : try YAMLReader.read(text, file: file)
        guard let root else {
            throw InputError([Diagnostic(.error, "the registry is empty: it needs at least 'navgraph: \(RegistryLoader.schemaVersion)'", at: SourceLocation(file: file, line: 1, column: 1))])
        }
        var reader = SchemaReader()
        let registry = RegistryDecoder.decode(root, reader: &reader)
        if !reader.diagnostics.isEmpty {
            throw InputError(reader.diagnostics.sorted { ($0.location?.line ?? 0, $0.location?.column ?? 0) < ($1.location?.line ?? 0, $1.location?.column ?? 0) })
        }
        return registry
    }
}

/// The schema of registry version 1, read from a `RawNode` tree.
package enum RegistryDecoder {
    package static let topKeys = ["navgraph", "app", "entries", "flags", "provided", "routes", "handlers", "features", "dependencies", "deeplinks", "unfollowed"]
    package static let entryKeys = ["feature", "route", "source", "ignore"]
    package static let routeKeys = ["id", "type", "module", "parameters", "source", "ignore", "system"]
    package static let handlerKeys = ["name", "module", "routes", "source", "ignore"]
    package static let featureKeys = ["name", "module", "enabled", "fallback", "dependencies", "navigates", "presents", "source", "ignore", "unusedFallback"]
    package static let unusedFallbackKeys = ["declared", "requirement", "source"]
    package static let bindingKeys = ["protocol", "implementation", "module", "dependencies", "source", "ignore"]
    package static let dependencyRefKeys = ["protocol", "lazy", "used", "source"]
    package static let navigationKeys = ["route", "style", "source"]
    package static let presentationKeys = ["feature", "style", "source"]
    package static let deeplinkKeys = ["url", "route", "anyRoute", "source", "ignore"]
    package static let flagKeys = ["default", "source", "owner"]
    package static let providedKeys = ["name", "source"]
    package static let unfollowedKeys = ["call", "kind", "from", "system", "routes", "screens", "reason", "source"]

    package static func decode(_ root: RawNode, reader r: inout SchemaReader) -> Registry {
        var registry = Registry()
        guard let top = r.mapping(root, "the registry", allowed: topKeys) else { return registry }
        if let v = top["navgraph"] {
            if let version = r.int(v, "navgraph (the schema version)"), version != RegistryLoader.schemaVersion {
                r.error("unsupported schema version \(version); this navgraph reads version \(RegistryLoader.schemaVersion)", at: v)
            }
        } else {
            r.error("missing 'navgraph: \(RegistryLoader.schemaVersion)' (the schema version) at the top of the registry", at: root)
        }
        registry.app = r.optionalString(top["app"], "app")
        if let n = top["entries"] { registry.entries = r.list(n, "entries").compactMap { entry($0, &r) } }
        if let n = top["flags"] {
            for (name, _, value) in r.pairs(n, "flags") {
                // `runtime`: the default is decided when the app runs (either value).
                func isRuntime(_ n: RawNode?) -> Bool {
                    if case .scalar("runtime", _, _)? = n { return true }
                    return false
                }
                if case .mapping = value {
                    guard let m = r.mapping(value, "flag '\(name)'", allowed: flagKeys) else { continue }
                    let runtime = isRuntime(m["default"])
                    let d = runtime ? false : (m["default"].flatMap { r.bool($0, "default of flag '\(name)'") } ?? false)
                    registry.flags.append(FeatureFlag(
                        name: name, defaultValue: d, runtime: runtime, owner: r.optionalString(m["owner"], "owner of flag '\(name)'"),
                        origin: ElementOrigin(registry: value.location, source: r.sourceLocation(m["source"]))))
                } else if isRuntime(value) {
                    registry.flags.append(FeatureFlag(name: name, defaultValue: false, runtime: true, origin: ElementOrigin(registry: value.location)))
                } else if let b = r.bool(value, "flag '\(name)'") {
                    registry.flags.append(FeatureFlag(name: name, defaultValue: b, origin: ElementOrigin(registry: value.location)))
                }
            }
        }
        if let n = top["provided"] {
            for item in r.list(n, "provided") {
                if case .mapping = item {
                    guard let m = r.mapping(item, "a provided dependency", allowed: providedKeys) else { continue }
                    guard let nameNode = m["name"] else {
                        r.error("a provided dependency needs 'name'", at: item)
                        continue
                    }
                    if let name = r.string(nameNode, "name") {
                        registry.provided.append(ProvidedDependency(name: name, origin: ElementOrigin(registry: item.location, source: r.sourceLocation(m["source"]))))
                    }
                } else if let name = r.string(item, "an item of provided") {
                    registry.provided.append(ProvidedDependency(name: name, origin: ElementOrigin(registry: item.location)))
                }
            }
        }
        if let n = top["routes"] { registry.routes = r.list(n, "routes").compactMap { route($0, &r) } }
        if let n = top["handlers"] { registry.handlers = r.list(n, "handlers").compactMap { handler($0, &r) } }
        if let n = top["features"] { registry.features = r.list(n, "features").compactMap { feature($0, &r) } }
        if let n = top["dependencies"] { registry.dependencies = r.list(n, "dependencies").compactMap { binding($0, &r) } }
        if let n = top["deeplinks"] { registry.deeplinks = r.list(n, "deeplinks").compactMap { deeplink($0, &r) } }
        if let n = top["unfollowed"] { registry.unfollowed = r.list(n, "unfollowed").compactMap { unfollowed($0, &r) } }
        return registry
    }

    package static func required(_ m: [String: RawNode], _ key: String, _ what: String, at node: RawNode, _ r: inout SchemaReader) -> String? {
        guard let v = m[key] else {
            r.error("\(what) needs '\(key)'", at: node)
            return nil
        }
        return r.string(v, "\(key) of \(what)")
    }

    package static func origin(_ node: RawNode, _ m: [String: RawNode], _ r: inout SchemaReader) -> ElementOrigin {
        ElementOrigin(registry: node.location, source: r.sourceLocation(m["source"]))
    }

    /// `navigates:` and `presents:` items: each a bare name (`bare` says what it names), or a mapping
    /// (`mapping.what`) of the name under `mapping.key`, a `style` and a `source`.
    private static func styledItems<T>(
        _ items: [RawNode], _ mapping: (what: String, key: String, allowed: [String]), bare: String, _ r: inout SchemaReader,
        _ make: (String, String?, ElementOrigin) -> T
    ) -> [T] {
        items.compactMap { item -> T? in
            if case .mapping = item {
                guard let m = r.mapping(item, mapping.what, allowed: mapping.allowed) else { return nil }
                guard let name = required(m, mapping.key, mapping.what, at: item, &r) else { return nil }
                let style = r.optionalString(m["style"], "style")
                return make(name, style, origin(item, m, &r))
            }
            return r.string(item, bare).map { make($0, nil, ElementOrigin(registry: item.location)) }
        }
    }

    package static func entry(_ node: RawNode, _ r: inout SchemaReader) -> Entry? {
        guard let m = r.mapping(node, "an entry", allowed: entryKeys) else { return nil }
        let o = origin(node, m, &r)
        let ignore = r.strings(m["ignore"], "ignore")
        switch (m["feature"], m["route"]) {
        case (let f?, nil): return r.string(f, "feature").map { Entry(target: .feature($0), origin: o, ignore: ignore) }
        case (nil, let rt?): return r.string(rt, "route").map { Entry(target: .route($0), origin: o, ignore: ignore) }
        case (_?, _?):
            r.error("an entry names either 'feature' or 'route', not both", at: node)
            return nil
        case (nil, nil):
            r.error("an entry needs 'feature' or 'route'", at: node)
            return nil
        }
    }

    package static func route(_ node: RawNode, _ r: inout SchemaReader) -> Route? {
        guard let m = r.mapping(node, "a route", allowed: routeKeys) else { return nil }
        guard let id = required(m, "id", "a route", at: node, &r) else { return nil }
        var params: [Route.Parameter] = []
        if let p = m["parameters"] {
            for (name, _, value) in r.pairs(p, "parameters of route '\(id)'") {
                if let t = r.string(value, "the type of parameter '\(name)'") { params.append(.init(name: name, type: t)) }
            }
        }
        return Route(
            id: id, type: r.optionalString(m["type"], "type"), module: r.optionalString(m["module"], "module"),
            parameters: params, origin: origin(node, m, &r), ignore: r.strings(m["ignore"], "ignore"), system: system(m, &r))
    }

    /// `system:` of a route or an unfollowed call.
    package static func system(_ m: [String: RawNode], _ r: inout SchemaReader) -> RoutingSystem? {
        guard let n = m["system"], let s = r.optionalString(n, "system") else { return nil }
        guard let system = RoutingSystem(rawValue: s) else {
            r.error("unknown routing system '\(s)' (one of \(RoutingSystem.allCases.map(\.rawValue).joined(separator: ", ")))", at: n)
            return nil
        }
        return system
    }

    /// An item of `unfollowed:` (what a scan could not follow; `UnfollowedCall`).
    package static func unfollowed(_ node: RawNode, _ r: inout SchemaReader) -> UnfollowedCall? {
        guard let m = r.mapping(node, "an unfollowed call", allowed: unfollowedKeys) else { return nil }
        guard let call = required(m, "call", "an unfollowed call", at: node, &r) else { return nil }
        var kind = UnfollowedCall.Kind.navigate
        if let n = m["kind"], let k = r.optionalString(n, "kind") {
            guard let known = UnfollowedCall.Kind(rawValue: k) else {
                r.error("unknown kind of unfollowed call '\(k)' (one of \(UnfollowedCall.Kind.allCases.map(\.rawValue).joined(separator: ", ")))", at: n)
                return nil
            }
            kind = known
        }
        return UnfollowedCall(
            call: call, kind: kind, from: r.strings(m["from"], "from"), system: system(m, &r),
            routes: m["routes"].map { r.strings($0, "routes") }, screens: m["screens"].map { r.strings($0, "screens") },
            reason: r.optionalString(m["reason"], "reason"),
            origin: origin(node, m, &r))
    }

    package static func handler(_ node: RawNode, _ r: inout SchemaReader) -> RouteHandler? {
        guard let m = r.mapping(node, "a handler", allowed: handlerKeys) else { return nil }
        guard let name = required(m, "name", "a handler", at: node, &r) else { return nil }
        var mappings: [RouteHandler.Mapping] = []
        if let routes = m["routes"] {
            for (route, keyNode, value) in r.pairs(routes, "routes of handler '\(name)'") {
                if let f = r.string(value, "the destination feature of route '\(route)'") {
                    mappings.append(.init(route: route, feature: f, origin: ElementOrigin(registry: keyNode.location)))
                }
            }
        } else {
            r.error("handler '\(name)' needs 'routes' (route id: destination feature)", at: node)
        }
        return RouteHandler(
            name: name, module: r.optionalString(m["module"], "module"), routes: mappings, origin: origin(node, m, &r),
            ignore: r.strings(m["ignore"], "ignore"))
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

    package static func dependencyRefs(_ node: RawNode?, _ what: String, _ r: inout SchemaReader) -> [DependencyRef] {
        guard let node else { return [] }
        return r.list(node, what).compactMap { item -> DependencyRef? in
            if case .mapping = item {
                guard let m = r.mapping(item, "a dependency reference", allowed: dependencyRefKeys) else { return nil }
                guard let name = required(m, "protocol", "a dependency reference", at: item, &r) else { return nil }
                let lazy = m["lazy"].flatMap { r.bool($0, "lazy") } ?? false
                let used = m["used"].flatMap { r.bool($0, "used") }
                return DependencyRef(name: name, lazy: lazy, used: used, origin: origin(item, m, &r))
            }
            return r.string(item, "an item of \(what)").map { DependencyRef(name: $0, origin: ElementOrigin(registry: item.location)) }
        }
    }

    package static func feature(_ node: RawNode, _ r: inout SchemaReader) -> Feature? {
        guard let m = r.mapping(node, "a feature", allowed: featureKeys) else { return nil }
        guard let name = required(m, "name", "a feature", at: node, &r) else { return nil }
        let o = origin(node, m, &r)
        var f = Feature(name: name, module: r.optionalString(m["module"], "module"), origin: o, ignore: r.strings(m["ignore"], "ignore"))
        if let e = m["enabled"] {
            f.enabled = enablement(e, &r) ?? .always
            f.enabledOrigin = ElementOrigin(registry: e.location, source: o.source)
        }
        if let fb = m["fallback"] {
            f.fallback = r.optionalString(fb, "fallback")
            f.fallbackOrigin = ElementOrigin(registry: fb.location, source: o.source)
        }
        if let u = m["unusedFallback"], let um = r.mapping(u, "unusedFallback", allowed: unusedFallbackKeys),
           let declared = required(um, "declared", "unusedFallback", at: u, &r),
           let requirement = required(um, "requirement", "unusedFallback", at: u, &r) {
            f.unusedFallback = UnusedFallback(declared: declared, requirement: requirement, origin: origin(u, um, &r))
        }
        f.dependencies = dependencyRefs(m["dependencies"], "dependencies of feature '\(name)'", &r)
        if let n = m["navigates"] {
            f.navigates = styledItems(r.list(n, "navigates of feature '\(name)'"), ("a navigation", "route", navigationKeys), bare: "a navigated route", &r) {
                Navigation(route: $0, style: $1, origin: $2)
            }
        }
        if let n = m["presents"] {
            f.presents = styledItems(r.list(n, "presents of feature '\(name)'"), ("a presentation", "feature", presentationKeys), bare: "a presented feature", &r) {
                Presentation(feature: $0, style: $1, origin: $2)
            }
        }
        return f
    }

    package static func binding(_ node: RawNode, _ r: inout SchemaReader) -> DependencyBinding? {
        guard let m = r.mapping(node, "a dependency registration", allowed: bindingKeys) else { return nil }
        guard let p = required(m, "protocol", "a dependency registration", at: node, &r) else { return nil }
        return DependencyBinding(
            protocol: p, implementation: r.optionalString(m["implementation"], "implementation"),
            module: r.optionalString(m["module"], "module"),
            dependencies: dependencyRefs(m["dependencies"], "dependencies of '\(p)'", &r), origin: origin(node, m, &r),
            ignore: r.strings(m["ignore"], "ignore"))
    }

    package static func deeplink(_ node: RawNode, _ r: inout SchemaReader) -> DeepLink? {
        guard let m = r.mapping(node, "a deep link", allowed: deeplinkKeys) else { return nil }
        let d = DeepLink(
            url: r.optionalString(m["url"], "url"), route: r.optionalString(m["route"], "route"),
            anyRoute: m["anyRoute"].flatMap { n -> String? in
                // An AnyRoute string is checked by `invalid-deeplink`, so any string (even empty) loads.
                if case .scalar(let s, _, _) = n { return s }
                r.error("anyRoute must be a string, found \(n.kindDescription)", at: n)
                return nil
            }, origin: origin(node, m, &r), ignore: r.strings(m["ignore"], "ignore"))
        // A URL alone is a link that opens nothing (`invalid-deeplink` reports it).
        if d.anyRoute == nil && d.route == nil && d.url == nil {
            r.error("a deep link needs 'url', 'route' or 'anyRoute'", at: node)
            return nil
        }
        return d
    }
}
