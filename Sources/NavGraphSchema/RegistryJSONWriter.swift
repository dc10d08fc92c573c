import NavGraphSupport
import NavGraphModel

/// Registry JSON with the same structure as registry YAML (docs/registry.md), for the JSON loader
/// and for peers that read JSON. Elements in the registry's order; keys in their declared order.
/// Each key's text is declared with the key (`RegistrySchema+Writing.swift`); this lays the texts out.
public enum RegistryJSONWriter {
    public static func json(_ r: Registry) -> String {
        var o = ""
        func section(_ key: TopKey, _ items: [String]) {
            guard !items.isEmpty else { return }
            o += ",\n  \(q(key.name)): [\n    " + items.joined(separator: ",\n    ") + "\n  ]"
        }
        for key in TopKey.all {
            switch key {
            case .navgraph: o += "{\n  \(q(key.name)): \(RegistryLoader.schemaVersion)"
            case .app: if let app = r.app { o += ",\n  \(q(key.name)): \(q(app))" }
            case .entries: section(key, r.entries.map { object($0, EntryKey.self) })
            case .flags:
                if !r.flags.isEmpty {
                    o += ",\n  \(q(key.name)): {" + r.flags.map { "\(q($0.name)): \(item($0, FlagKey.self))" }.joined(separator: ", ") + "}"
                }
            case .provided: section(key, r.provided.map { item($0, ProvidedKey.self) })
            case .routes: section(key, r.routes.map { object($0, RouteKey.self) })
            case .handlers: section(key, r.handlers.map { object($0, HandlerKey.self) })
            case .features: section(key, r.features.map { object($0, FeatureKey.self) })
            case .dependencies: section(key, r.dependencies.map { object($0, BindingKey.self) })
            case .deeplinks: section(key, r.deeplinks.map { object($0, DeepLinkKey.self) })
            case .unfollowed: section(key, r.unfollowed.map { object($0, UnfollowedKey.self) })
            }
        }
        return o + "\n}\n"
    }

    /// `{"key": value, …}` of the keys JSON carries, in their declared order.
    package static func object<K: JSONWrittenKey>(_ element: K.Element, _ keys: K.Type) -> String {
        var out = "{"
        for k in K.all {
            guard let text = k.json(element) else { continue }
            if out.utf8.count > 1 { out += ", " }
            // Key names are plain ASCII words: quoted as they are.
            out += "\""
            out += k.name
            out += "\": "
            out += text
        }
        return out + "}"
    }

    /// A list item or a flag: the first key's value alone when nothing else is written, else `object`.
    package static func item<K: JSONWrittenKey>(_ element: K.Element, _ keys: K.Type) -> String {
        let order = K.all
        if let first = order.first, let text = first.json(element), !order.dropFirst().contains(where: { $0.json(element) != nil }) {
            return text
        }
        return object(element, keys)
    }

    /// A JSON string literal.
    package static func q(_ s: String) -> String { JSONValue.quote(s) }
}
