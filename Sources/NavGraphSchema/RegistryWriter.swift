import NavGraphSupport
import NavGraphModel

/// Writes a `Registry` as registry YAML (version 1) that `RegistryLoader` reads back.
///
/// Output is canonical: elements sorted by name, keys in a fixed order, so the same registry
/// in any order gives the same text. Registry positions are not written (they are where the
/// text itself will be); `source:` locations are. Each key's text is declared with the key
/// (`RegistrySchema+Writing.swift`); this lays the texts out.
public enum RegistryWriter {
    public static func yaml(_ registry: Registry) -> String {
        // The sections are written at once on the cores, the features' (most of the text) in two
        // halves: on one thread a 10,000-screen scan's registry took 0.25–0.35 s. Joined in order.
        let features = Feature.canonicallySorted(registry.features)
        let cut = (features.count + 1) / 2
        let keys = TopKey.all
        let parts = parallelMap(keys.count + 1) { k -> String in
            k == keys.count ? blocks(nil, features[cut...], FeatureKey.self) : section(keys[k], of: registry, features: features[..<cut])
        }
        var out = ""
        for k in keys.indices {
            out += parts[k]
            if keys[k] == .features { out += parts[keys.count] }
        }
        return out
    }

    /// The section `key` of `registry` (`features`: the first part of its sorted features).
    private static func section(_ key: TopKey, of registry: Registry, features: ArraySlice<Feature>) -> String {
        var out = ""
        switch key {
        case .navgraph: out += "navgraph: \(RegistryLoader.schemaVersion)\n"
        case .app: if let app = registry.app { out += "app: \(q(app))\n" }
        case .entries:
            // Features first, then routes, each by name.
            out += blocks(key, registry.entries.sorted(by: { (kindOrder($0), $0.name) < (kindOrder($1), $1.name) }), EntryKey.self)
        case .flags:
            // `NAME: default`, or a flow mapping when the flag has an owner or a source.
            out += section(key, registry.flags.sorted(by: { $0.name < $1.name }).map { "  \(q($0.name)): \(item($0, FlagKey.self))\n" })
        case .provided:
            out += section(key, registry.provided.sorted(by: { $0.name < $1.name }).map { "  - \(item($0, ProvidedKey.self))\n" })
        case .routes: out += blocks(key, registry.routes.sorted(by: { ($0.id, $0.type ?? "") < ($1.id, $1.type ?? "") }), RouteKey.self)
        case .handlers: out += blocks(key, registry.handlers.sorted(by: { $0.name < $1.name }), HandlerKey.self)
        case .features: out += blocks(key, features, FeatureKey.self)
        case .dependencies:
            let sorted = registry.dependencies.sorted(by: { ($0.protocol, $0.implementation ?? "") < ($1.protocol, $1.implementation ?? "") })
            out += blocks(key, sorted, BindingKey.self)
        case .deeplinks:
            // One flow mapping each, by display name.
            out += section(key, registry.deeplinks.sorted(by: { $0.displayName < $1.displayName }).map { "  - \(flow($0, DeepLinkKey.self))\n" })
        case .unfollowed:
            // By source location, then text: never by where a registry held them, so any order writes the same.
            let sorted = registry.unfollowed.sorted(by: {
                ($0.origin.source?.description ?? "", $0.call) < ($1.origin.source?.description ?? "", $1.call)
            })
            out += blocks(key, sorted, UnfollowedKey.self)
        }
        return out
    }

    /// A top-level section, `key:` and its lines; nothing when it has none.
    private static func section(_ key: TopKey, _ lines: [String]) -> String {
        lines.isEmpty ? "" : "\(key.name):\n" + lines.joined()
    }

    /// A top-level list of elements in block style: `  - first: value`, then `    key: value` per
    /// written key, a `.lines` value below its key one step further in. Appended straight to `out`
    /// (a string per element, or per line, was a fifth of writing a registry).
    /// With no `key`, the elements only (the rest of a list whose first part wrote the key).
    private static func blocks<K: YAMLWrittenKey, C: Collection<K.Element>>(_ key: TopKey?, _ elements: C, _ keys: K.Type) -> String {
        guard !elements.isEmpty else { return "" }
        var out = key.map { "\($0.name):\n" } ?? ""
        for e in elements {
            var first = true
            for k in K.yamlOrder {
                guard let text = k.yaml(e) else { continue }
                out += first ? "  - " : "    "
                first = false
                out += k.name
                switch text {
                case .inline(let s):
                    out += ": "
                    out += s
                    out += "\n"
                case .lines(let lines):
                    out += ":\n"
                    for line in lines {
                        out += "      "
                        out += line
                        out += "\n"
                    }
                }
            }
        }
        return out
    }

    /// `{key: value, …}` of the written keys.
    package static func flow<K: YAMLWrittenKey>(_ element: K.Element, _ keys: K.Type) -> String {
        var out = "{"
        for k in K.yamlOrder {
            guard let text = k.yaml(element) else { continue }
            if out.utf8.count > 1 { out += ", " }
            out += k.name
            out += ": "
            out += flowText(text)
        }
        return out + "}"
    }

    /// A list item or a flag: the first key's value alone when nothing else is said of it, else `flow`.
    package static func item<K: YAMLWrittenKey>(_ element: K.Element, _ keys: K.Type) -> String {
        let order = K.yamlOrder
        if let first = order.first, let text = first.yaml(element), !order.dropFirst().contains(where: { $0.yaml(element) != nil }) {
            return flowText(text)
        }
        return flow(element, keys)
    }

    /// A value inside a flow mapping (lines, never written there, as a flow list).
    private static func flowText(_ text: YAMLText) -> String {
        switch text {
        case .inline(let s): s
        case .lines(let lines): "[" + lines.joined(separator: ", ") + "]"
        }
    }

    private static func kindOrder(_ e: Entry) -> Int {
        if case .feature = e.target { return 0 }
        return 1
    }

    private static let reserved: Set<String> = [
        "true", "false", "yes", "no", "on", "off", "null", "~", "y", "n",
    ]

    /// A YAML scalar: plain when unambiguous, else double-quoted with escapes.
    package static func q(_ s: String, forceQuotes: Bool = false) -> String {
        let plainSafe = !forceQuotes && !s.isEmpty && !reserved.contains(s.lowercased())
            && s.unicodeScalars.allSatisfy { c in
                (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || (c >= "0" && c <= "9") || c == "_" || c == "-" || c == "."
            }
            && !(s.first!.isNumber || s.first == "-" || s.first == ".")
        if plainSafe { return s }
        // JSON string literals are valid YAML double-quoted scalars.
        return JSONValue.quote(s)
    }
}
