import NavGraphSupport
import NavGraphModel

/// Registry JSON with the same structure as registry YAML (docs/registry.md), for the JSON loader
/// and for peers that read JSON. Elements in the registry's order; keys in a fixed order.
public enum RegistryJSONWriter {
    public static func json(_ r: Registry) -> String {
        var o = "{\n  \"navgraph\": \(RegistryLoader.schemaVersion)"
        if let app = r.app { o += ",\n  \"app\": \(q(app))" }
        func section(_ key: String, _ items: [String]) {
            guard !items.isEmpty else { return }
            o += ",\n  \(q(key)): [\n    " + items.joined(separator: ",\n    ") + "\n  ]"
        }
        section("entries", r.entries.map { e in
            switch e.target {
            case .feature(let n): return "{\"feature\": \(q(n))}"
            case .route(let n): return "{\"route\": \(q(n))}"
            }
        })
        if !r.flags.isEmpty {
            o += ",\n  \"flags\": {" + r.flags.map { "\(q($0.name)): \($0.defaultValue)" }.joined(separator: ", ") + "}"
        }
        section("provided", r.provided.map { q($0.name) })
        section("routes", r.routes.map { x in
            var p = ["\"id\": \(q(x.id))"]
            if let t = x.type { p.append("\"type\": \(q(t))") }
            if let m = x.module { p.append("\"module\": \(q(m))") }
            if !x.parameters.isEmpty {
                p.append("\"parameters\": {" + x.parameters.map { "\(q($0.name)): \(q($0.type))" }.joined(separator: ", ") + "}")
            }
            return "{" + p.joined(separator: ", ") + "}"
        })
        section("handlers", r.handlers.map { h in
            var p = ["\"name\": \(q(h.name))"]
            if let m = h.module { p.append("\"module\": \(q(m))") }
            p.append("\"routes\": {" + h.routes.map { "\(q($0.route)): \(q($0.feature))" }.joined(separator: ", ") + "}")
            return "{" + p.joined(separator: ", ") + "}"
        })
        section("features", r.features.map { f in
            var p = ["\"name\": \(q(f.name))"]
            if let m = f.module { p.append("\"module\": \(q(m))") }
            switch f.enabled {
            case .always: break
            case .never: p.append("\"enabled\": false")
            default: p.append("\"enabled\": \(q(f.enabled.description))")
            }
            if let fb = f.fallback { p.append("\"fallback\": \(q(fb))") }
            if !f.dependencies.isEmpty { p.append("\"dependencies\": " + refs(f.dependencies)) }
            if !f.navigates.isEmpty {
                p.append("\"navigates\": [" + f.navigates.map { n in
                    n.style.map { "{\"route\": \(q(n.route)), \"style\": \(q($0))}" } ?? q(n.route)
                }.joined(separator: ", ") + "]")
            }
            if !f.presents.isEmpty {
                p.append("\"presents\": [" + f.presents.map { x in
                    x.style.map { "{\"feature\": \(q(x.feature)), \"style\": \(q($0))}" } ?? q(x.feature)
                }.joined(separator: ", ") + "]")
            }
            return "{" + p.joined(separator: ", ") + "}"
        })
        section("dependencies", r.dependencies.map { b in
            var p = ["\"protocol\": \(q(b.protocol))"]
            if let i = b.implementation { p.append("\"implementation\": \(q(i))") }
            if let m = b.module { p.append("\"module\": \(q(m))") }
            if !b.dependencies.isEmpty { p.append("\"dependencies\": " + refs(b.dependencies)) }
            return "{" + p.joined(separator: ", ") + "}"
        })
        section("deeplinks", r.deeplinks.map { d in
            var p: [String] = []
            if let u = d.url { p.append("\"url\": \(q(u))") }
            if let x = d.route { p.append("\"route\": \(q(x))") }
            if let a = d.anyRoute { p.append("\"anyRoute\": \(q(a))") }
            return "{" + p.joined(separator: ", ") + "}"
        })
        section("unfollowed", r.unfollowed.map { c in
            var p = ["\"call\": \(q(c.call))"]
            if c.kind != .navigate { p.append("\"kind\": \(q(c.kind.rawValue))") }
            if !c.from.isEmpty { p.append("\"from\": [" + c.from.map(q).joined(separator: ", ") + "]") }
            if let s = c.system { p.append("\"system\": \(q(s.rawValue))") }
            if let r = c.routes { p.append("\"routes\": [" + r.map(q).joined(separator: ", ") + "]") }
            if let s = c.screens { p.append("\"screens\": [" + s.map(q).joined(separator: ", ") + "]") }
            if let r = c.reason { p.append("\"reason\": \(q(r))") }
            if let s = c.origin.source { p.append("\"source\": \(q(s.description))") }
            return "{" + p.joined(separator: ", ") + "}"
        })
        return o + "\n}\n"
    }

    private static func refs(_ refs: [DependencyRef]) -> String {
        "[" + refs.map { d in d.lazy ? "{\"protocol\": \(q(d.name)), \"lazy\": true}" : q(d.name) }.joined(separator: ", ") + "]"
    }

    /// A JSON string literal.
    package static func q(_ s: String) -> String { JSONValue.quote(s) }
}
