import NavGraphSupport
import NavGraphModel

/// Writes a `Registry` as registry YAML (version 1) that `RegistryLoader` reads back.
///
/// Output is canonical: elements sorted by name, keys in a fixed order, so the same registry
/// in any order gives the same text. Registry positions are not written (they are where the
/// text itself will be); `source:` locations are.
public enum RegistryWriter {
    public static func yaml(_ registry: Registry) -> String {
        var out = "navgraph: \(RegistryLoader.schemaVersion)\n"
        if let app = registry.app { out += "app: \(q(app))\n" }
        out += entries(registry.entries)
        out += flags(registry.flags)
        out += provided(registry.provided)
        out += routes(registry.routes)
        out += handlers(registry.handlers)
        out += features(registry.features)
        out += bindings(registry.dependencies)
        out += deeplinks(registry.deeplinks)
        out += unfollowed(registry.unfollowed)
        return out
    }

    /// `entries:` — features first, then routes, each by name.
    private static func entries(_ entries: [Entry]) -> String {
        guard !entries.isEmpty else { return "" }
        var out = "entries:\n"
        for e in entries.sorted(by: { (kindOrder($0), $0.name) < (kindOrder($1), $1.name) }) {
            switch e.target {
            case .feature(let n): out += "  - feature: \(q(n))\n"
            case .route(let r): out += "  - route: \(q(r))\n"
            }
            out += common(e.origin, e.ignore, indent: "    ")
        }
        return out
    }

    /// `flags:` — `NAME: default`, or a flow mapping when the flag has an owner or a source.
    private static func flags(_ flags: [FeatureFlag]) -> String {
        guard !flags.isEmpty else { return "" }
        var out = "flags:\n"
        for f in flags.sorted(by: { $0.name < $1.name }) {
            if f.origin.source != nil || f.owner != nil {
                var parts = ["default: \(f.defaultText)"]
                if let o = f.owner { parts.append("owner: \(q(o))") }
                if let s = f.origin.source { parts.append("source: \(q(s.description))") }
                out += "  \(q(f.name)): {" + parts.joined(separator: ", ") + "}\n"
            } else {
                out += "  \(q(f.name)): \(f.defaultText)\n"
            }
        }
        return out
    }

    /// `provided:` — the dependencies the app provides itself.
    private static func provided(_ provided: [ProvidedDependency]) -> String {
        guard !provided.isEmpty else { return "" }
        var out = "provided:\n"
        for p in provided.sorted(by: { $0.name < $1.name }) {
            out += item("  ", key: "name", p.name, p.origin.source.map { ["source: \(q($0.description))"] } ?? [])
        }
        return out
    }

    /// `routes:` — by id, then type.
    private static func routes(_ routes: [Route]) -> String {
        guard !routes.isEmpty else { return "" }
        var out = "routes:\n"
        for r in routes.sorted(by: { ($0.id, $0.type ?? "") < ($1.id, $1.type ?? "") }) {
            out += "  - id: \(q(r.id))\n"
            if let t = r.type { out += "    type: \(q(t))\n" }
            if let m = r.module { out += "    module: \(q(m))\n" }
            if !r.parameters.isEmpty {
                out += "    parameters: {" + r.parameters.map { "\(q($0.name)): \(q($0.type))" }.joined(separator: ", ") + "}\n"
            }
            if let s = r.system { out += "    system: \(s.rawValue)\n" }
            out += common(r.origin, r.ignore, indent: "    ")
        }
        return out
    }

    /// `handlers:` — by name, each mapping `route: feature` sorted.
    private static func handlers(_ handlers: [RouteHandler]) -> String {
        guard !handlers.isEmpty else { return "" }
        var out = "handlers:\n"
        for h in handlers.sorted(by: { $0.name < $1.name }) {
            out += "  - name: \(q(h.name))\n"
            if let m = h.module { out += "    module: \(q(m))\n" }
            if h.routes.isEmpty {
                out += "    routes: {}\n"
            } else {
                out += "    routes:\n"
                for m in h.routes.sorted(by: { ($0.route, $0.feature) < ($1.route, $1.feature) }) {
                    out += "      \(q(m.route)): \(q(m.feature))\n"
                }
            }
            out += common(h.origin, h.ignore, indent: "    ")
        }
        return out
    }

    /// `features:` — in `Feature.canonicallySorted` order.
    private static func features(_ features: [Feature]) -> String {
        guard !features.isEmpty else { return "" }
        var out = "features:\n"
        for f in Feature.canonicallySorted(features) {
            out += "  - name: \(q(f.name))\n"
            if let m = f.module { out += "    module: \(q(m))\n" }
            switch f.enabled {
            case .always: break
            case .never: out += "    enabled: false\n"
            default: out += "    enabled: \(q(f.enabled.description, forceQuotes: true))\n"
            }
            if let fb = f.fallback { out += "    fallback: \(q(fb))\n" }
            if let u = f.unusedFallback {
                var parts = ["declared: \(q(u.declared, forceQuotes: true))", "requirement: \(q(u.requirement, forceQuotes: true))"]
                if let s = u.origin.source { parts.append("source: \(q(s.description))") }
                out += "    unusedFallback: {" + parts.joined(separator: ", ") + "}\n"
            }
            out += refs(f.dependencies, key: "dependencies")
            if !f.navigates.isEmpty {
                out += "    navigates:\n"
                for n in f.navigates.sorted(by: { ($0.route, $0.style ?? "") < ($1.route, $1.style ?? "") }) {
                    out += item("      ", key: "route", n.route, styleAndSource(n.style, n.origin))
                }
            }
            if !f.presents.isEmpty {
                out += "    presents:\n"
                let sorted = f.presents.sorted {
                    ($0.feature, $0.style ?? "", $0.origin.source?.description ?? "") < ($1.feature, $1.style ?? "", $1.origin.source?.description ?? "")
                }
                for p in sorted { out += item("      ", key: "feature", p.feature, styleAndSource(p.style, p.origin)) }
            }
            out += common(f.origin, f.ignore, indent: "    ")
        }
        return out
    }

    /// `dependencies:` — the bindings, by protocol, then implementation.
    private static func bindings(_ bindings: [DependencyBinding]) -> String {
        guard !bindings.isEmpty else { return "" }
        var out = "dependencies:\n"
        for b in bindings.sorted(by: { ($0.protocol, $0.implementation ?? "") < ($1.protocol, $1.implementation ?? "") }) {
            out += "  - protocol: \(q(b.protocol))\n"
            if let i = b.implementation { out += "    implementation: \(q(i))\n" }
            if let m = b.module { out += "    module: \(q(m))\n" }
            out += refs(b.dependencies, key: "dependencies")
            out += common(b.origin, b.ignore, indent: "    ")
        }
        return out
    }

    /// `deeplinks:` — one flow mapping each, by display name.
    private static func deeplinks(_ deeplinks: [DeepLink]) -> String {
        guard !deeplinks.isEmpty else { return "" }
        var out = "deeplinks:\n"
        for d in deeplinks.sorted(by: { $0.displayName < $1.displayName }) {
            var parts: [String] = []
            if let u = d.url { parts.append("url: \(q(u, forceQuotes: true))") }
            if let r = d.route { parts.append("route: \(q(r))") }
            if let a = d.anyRoute { parts.append("anyRoute: \(q(a, forceQuotes: true))") }
            if let s = d.origin.source { parts.append("source: \(q(s.description))") }
            if !d.ignore.isEmpty { parts.append("ignore: [" + d.ignore.sorted().map { q($0) }.joined(separator: ", ") + "]") }
            out += "  - {" + parts.joined(separator: ", ") + "}\n"
        }
        return out
    }

    /// A list item: the bare name when nothing else is said of it, else a flow mapping with the
    /// name under `key` and then `extras` (already written as `key: value`).
    private static func item(_ indent: String, key: String, _ name: String, _ extras: [String]) -> String {
        if extras.isEmpty { return "\(indent)- \(q(name))\n" }
        return "\(indent)- {" + (["\(key): \(q(name))"] + extras).joined(separator: ", ") + "}\n"
    }

    /// The `style:` and `source:` parts of a navigation or presentation item.
    private static func styleAndSource(_ style: String?, _ origin: ElementOrigin) -> [String] {
        var parts: [String] = []
        if let s = style { parts.append("style: \(q(s))") }
        if let s = origin.source { parts.append("source: \(q(s.description))") }
        return parts
    }

    /// `unfollowed:` — the calls a scan could not follow, in source order.
    private static func unfollowed(_ calls: [UnfollowedCall]) -> String {
        guard !calls.isEmpty else { return "" }
        var out = "unfollowed:\n"
        // By source location, then text: never by where a registry held them, so any order writes the same.
        for c in calls.sorted(by: { ($0.origin.source?.description ?? "", $0.call) < ($1.origin.source?.description ?? "", $1.call) }) {
            out += "  - call: \(q(c.call, forceQuotes: true))\n"
            if c.kind != .navigate { out += "    kind: \(c.kind.rawValue)\n" }
            if !c.from.isEmpty { out += "    from: [" + c.from.sorted().map { q($0) }.joined(separator: ", ") + "]\n" }
            if let s = c.system { out += "    system: \(s.rawValue)\n" }
            if let r = c.routes { out += "    routes: [" + r.sorted().map { q($0) }.joined(separator: ", ") + "]\n" }
            if let s = c.screens { out += "    screens: [" + s.sorted().map { q($0) }.joined(separator: ", ") + "]\n" }
            if let r = c.reason { out += "    reason: \(q(r, forceQuotes: true))\n" }
            out += common(c.origin, [], indent: "    ")
        }
        return out
    }

    private static func kindOrder(_ e: Entry) -> Int {
        if case .feature = e.target { return 0 }
        return 1
    }

    private static func refs(_ refs: [DependencyRef], key: String) -> String {
        guard !refs.isEmpty else { return "" }
        var out = "    \(key):\n"
        for d in refs.sorted(by: { ($0.name, $0.lazy ? 1 : 0) < ($1.name, $1.lazy ? 1 : 0) }) {
            var extras: [String] = []
            if d.lazy { extras.append("lazy: true") }
            if let u = d.used { extras.append("used: \(u)") }
            if let s = d.origin.source { extras.append("source: \(q(s.description))") }
            out += item("      ", key: "protocol", d.name, extras)
        }
        return out
    }

    private static func common(_ origin: ElementOrigin, _ ignore: [String], indent: String) -> String {
        var out = ""
        if let s = origin.source { out += "\(indent)source: \(q(s.description))\n" }
        if !ignore.isEmpty { out += "\(indent)ignore: [" + ignore.sorted().map { q($0) }.joined(separator: ", ") + "]\n" }
        return out
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
