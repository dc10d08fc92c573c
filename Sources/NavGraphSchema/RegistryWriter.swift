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
        if !registry.entries.isEmpty {
            out += "entries:\n"
            let sorted = registry.entries.sorted { (kindOrder($0), $0.name) < (kindOrder($1), $1.name) }
            for e in sorted {
                switch e.target {
                case .feature(let n): out += "  - feature: \(q(n))\n"
                case .route(let r): out += "  - route: \(q(r))\n"
                }
                out += common(e.origin, e.ignore, indent: "    ")
            }
        }
        if !registry.flags.isEmpty {
            out += "flags:\n"
            for f in registry.flags.sorted(by: { $0.name < $1.name }) {
                if f.origin.source != nil || f.owner != nil {
                    var parts = ["default: \(f.defaultText)"]
                    if let o = f.owner { parts.append("owner: \(q(o))") }
                    if let s = f.origin.source { parts.append("source: \(q(s.description))") }
                    out += "  \(q(f.name)): {" + parts.joined(separator: ", ") + "}\n"
                } else {
                    out += "  \(q(f.name)): \(f.defaultText)\n"
                }
            }
        }
        if !registry.provided.isEmpty {
            out += "provided:\n"
            for p in registry.provided.sorted(by: { $0.name < $1.name }) {
                if let s = p.origin.source {
                    out += "  - {name: \(q(p.name)), source: \(q(s.description))}\n"
                } else {
                    out += "  - \(q(p.name))\n"
                }
            }
        }
        if !registry.routes.isEmpty {
            out += "routes:\n"
            for r in registry.routes.sorted(by: { ($0.id, $0.type ?? "") < ($1.id, $1.type ?? "") }) {
                out += "  - id: \(q(r.id))\n"
                if let t = r.type { out += "    type: \(q(t))\n" }
                if let m = r.module { out += "    module: \(q(m))\n" }
                if !r.parameters.isEmpty {
                    out += "    parameters: {" + r.parameters.map { "\(q($0.name)): \(q($0.type))" }.joined(separator: ", ") + "}\n"
                }
                if let s = r.system { out += "    system: \(s.rawValue)\n" }
                out += common(r.origin, r.ignore, indent: "    ")
            }
        }
        if !registry.handlers.isEmpty {
            out += "handlers:\n"
            for h in registry.handlers.sorted(by: { $0.name < $1.name }) {
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
        }
        if !registry.features.isEmpty {
            out += "features:\n"
            for f in Feature.canonicallySorted(registry.features) {
                out += "  - name: \(q(f.name))\n"
                if let m = f.module { out += "    module: \(q(m))\n" }
                if f.enabled != .always {
                    switch f.enabled {
                    case .never: out += "    enabled: false\n"
                    default: out += "    enabled: \(q(f.enabled.description, forceQuotes: true))\n"
                    }
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
                        if n.style == nil && n.origin.source == nil {
                            out += "      - \(q(n.route))\n"
                        } else {
                            var parts = ["route: \(q(n.route))"]
                            if let s = n.style { parts.append("style: \(q(s))") }
                            if let s = n.origin.source { parts.append("source: \(q(s.description))") }
                            out += "      - {" + parts.joined(separator: ", ") + "}\n"
                        }
                    }
                }
                if !f.presents.isEmpty {
                    out += "    presents:\n"
                    for p in f.presents.sorted(by: { ($0.feature, $0.style ?? "", $0.origin.source?.description ?? "") < ($1.feature, $1.style ?? "", $1.origin.source?.description ?? "") }) {
                        if p.style == nil && p.origin.source == nil {
                            out += "      - \(q(p.feature))\n"
                        } else {
                            var parts = ["feature: \(q(p.feature))"]
                            if let s = p.style { parts.append("style: \(q(s))") }
                            if let s = p.origin.source { parts.append("source: \(q(s.description))") }
                            out += "      - {" + parts.joined(separator: ", ") + "}\n"
                        }
                    }
                }
                out += common(f.origin, f.ignore, indent: "    ")
            }
        }
        if !registry.dependencies.isEmpty {
            out += "dependencies:\n"
            for b in registry.dependencies.sorted(by: { ($0.protocol, $0.implementation ?? "") < ($1.protocol, $1.implementation ?? "") }) {
                out += "  - protocol: \(q(b.protocol))\n"
                if let i = b.implementation { out += "    implementation: \(q(i))\n" }
                if let m = b.module { out += "    module: \(q(m))\n" }
                out += refs(b.dependencies, key: "dependencies")
                out += common(b.origin, b.ignore, indent: "    ")
            }
        }
        if !registry.deeplinks.isEmpty {
            out += "deeplinks:\n"
            for d in registry.deeplinks.sorted(by: { $0.displayName < $1.displayName }) {
                var parts: [String] = []
                if let u = d.url { parts.append("url: \(q(u, forceQuotes: true))") }
                if let r = d.route { parts.append("route: \(q(r))") }
                if let a = d.anyRoute { parts.append("anyRoute: \(q(a, forceQuotes: true))") }
                if let s = d.origin.source { parts.append("source: \(q(s.description))") }
                if !d.ignore.isEmpty { parts.append("ignore: [" + d.ignore.sorted().map { q($0) }.joined(separator: ", ") + "]") }
                out += "  - {" + parts.joined(separator: ", ") + "}\n"
            }
        }
        out += unfollowed(registry.unfollowed)
        return out
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
            if !d.lazy && d.used == nil && d.origin.source == nil {
                out += "      - \(q(d.name))\n"
            } else {
                var parts = ["protocol: \(q(d.name))"]
                if d.lazy { parts.append("lazy: true") }
                if let u = d.used { parts.append("used: \(u)") }
                if let s = d.origin.source { parts.append("source: \(q(s.description))") }
                out += "      - {" + parts.joined(separator: ", ") + "}\n"
            }
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
