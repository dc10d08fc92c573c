import NavGraphSupport
import NavGraphModel

// How each key of `RegistrySchema.swift` is written: its value's text in registry YAML
// (`RegistryWriter`) and in registry JSON (`RegistryJSONWriter`), one exhaustive switch per section.
// The writers only lay the texts out (block or flow mappings, list items, sorting); a key is written
// nowhere else.

/// A key's value as registry YAML writes it.
package enum YAMLText: Sendable, Equatable {
    /// On the key's line: `key: text`.
    case inline(String)
    /// Below the key, one item per line, one step further in (a handler's routes, a feature's lists).
    case lines([String])
}

/// Keys written to registry YAML: per key, its text (nil: not written, for an absent or default value).
package protocol YAMLWrittenKey: RegistryKey {
    associatedtype Element
    /// The keys in the order the YAML writer writes them (`all` unless it says otherwise).
    static var yamlOrder: [Self] { get }
    func yaml(_ element: Element) -> YAMLText?
}

/// Keys written to registry JSON: per key, its JSON text (nil: absent, or not carried by registry JSON,
/// which holds what a graph needs: no `source:`, `ignore:` or scan notes except where it says so).
package protocol JSONWrittenKey: RegistryKey {
    associatedtype Element
    func json(_ element: Element) -> String?
}

extension YAMLWrittenKey {
    package static var yamlOrder: [Self] { all }
}

/// Registry YAML's scalar (`RegistryWriter.q`), and a list of them, sorted, in flow style.
private func q(_ s: String, forceQuotes: Bool = false) -> String { RegistryWriter.q(s, forceQuotes: forceQuotes) }
private func flowList(_ items: [String]) -> String { "[" + items.sorted().map { q($0) }.joined(separator: ", ") + "]" }
private func sourceText(_ origin: ElementOrigin) -> YAMLText? { origin.source.map { .inline(q($0.description)) } }
private func ignoreText(_ ignore: [String]) -> YAMLText? { ignore.isEmpty ? nil : .inline(flowList(ignore)) }
/// A JSON string literal, and a list of them in their order.
private func j(_ s: String) -> String { JSONValue.quote(s) }
private func jsonList(_ items: [String]) -> String { "[" + items.map(j).joined(separator: ", ") + "]" }

extension EntryKey: YAMLWrittenKey, JSONWrittenKey {
    package func yaml(_ e: Entry) -> YAMLText? {
        switch self {
        case .feature: if case .feature(let n) = e.target { return .inline(q(n)) }; return nil
        case .route: if case .route(let n) = e.target { return .inline(q(n)) }; return nil
        case .source: return sourceText(e.origin)
        case .ignore: return ignoreText(e.ignore)
        }
    }
    package func json(_ e: Entry) -> String? {
        switch self {
        case .feature: if case .feature(let n) = e.target { return j(n) }; return nil
        case .route: if case .route(let n) = e.target { return j(n) }; return nil
        case .source, .ignore: return nil
        }
    }
}

extension FlagKey: YAMLWrittenKey, JSONWrittenKey {
    package static let yamlOrder: [FlagKey] = [.default, .owner, .source]
    package func yaml(_ f: FeatureFlag) -> YAMLText? {
        switch self {
        case .default: .inline(f.defaultText)
        case .owner: f.owner.map { .inline(q($0)) }
        case .source: sourceText(f.origin)
        }
    }
    /// Registry JSON holds a flag's boolean only (a runtime flag is written `false`).
    package func json(_ f: FeatureFlag) -> String? {
        switch self {
        case .default: String(f.defaultValue)
        case .owner, .source: nil
        }
    }
}

extension ProvidedKey: YAMLWrittenKey, JSONWrittenKey {
    package func yaml(_ p: ProvidedDependency) -> YAMLText? {
        switch self {
        case .name: .inline(q(p.name))
        case .source: sourceText(p.origin)
        }
    }
    package func json(_ p: ProvidedDependency) -> String? {
        switch self {
        case .name: j(p.name)
        case .source: nil
        }
    }
}

extension RouteKey: YAMLWrittenKey, JSONWrittenKey {
    package static let yamlOrder: [RouteKey] = [.id, .type, .module, .parameters, .system, .source, .ignore]
    private func parametersText(_ r: Route, _ quote: (String) -> String) -> String? {
        r.parameters.isEmpty ? nil : "{" + r.parameters.map { "\(quote($0.name)): \(quote($0.type))" }.joined(separator: ", ") + "}"
    }
    package func yaml(_ r: Route) -> YAMLText? {
        switch self {
        case .id: .inline(q(r.id))
        case .type: r.type.map { .inline(q($0)) }
        case .module: r.module.map { .inline(q($0)) }
        case .parameters: parametersText(r, { q($0) }).map { .inline($0) }
        case .system: r.system.map { .inline($0.rawValue) }
        case .source: sourceText(r.origin)
        case .ignore: ignoreText(r.ignore)
        }
    }
    package func json(_ r: Route) -> String? {
        switch self {
        case .id: j(r.id)
        case .type: r.type.map(j)
        case .module: r.module.map(j)
        case .parameters: parametersText(r, j)
        case .source, .ignore, .system: nil
        }
    }
}

extension HandlerKey: YAMLWrittenKey, JSONWrittenKey {
    /// Each route once, in the order of its first mapping, with every feature mapped to it (a key
    /// may appear once in a mapping: a route the handler may show two screens for is one key with a
    /// list).
    static func grouped(_ mappings: [RouteHandler.Mapping]) -> [(route: String, features: [String])] {
        var out: [(route: String, features: [String])] = []
        var at: [String: Int] = [:]
        for m in mappings {
            if let k = at[m.route] {
                if !out[k].features.contains(m.feature) { out[k].features.append(m.feature) }
            } else {
                at[m.route] = out.count
                out.append((m.route, [m.feature]))
            }
        }
        return out
    }

    package func yaml(_ h: RouteHandler) -> YAMLText? {
        switch self {
        case .name: .inline(q(h.name))
        case .module: h.module.map { .inline(q($0)) }
        case .routes:
            h.routes.isEmpty ? .inline("{}")
                : .lines(Self.grouped(h.routes.sorted(by: { ($0.route, $0.feature) < ($1.route, $1.feature) })).map { route, features in
                    "\(q(route)): " + (features.count == 1 ? q(features[0]) : "[" + features.map { q($0) }.joined(separator: ", ") + "]")
                })
        case .source: sourceText(h.origin)
        case .ignore: ignoreText(h.ignore)
        }
    }
    package func json(_ h: RouteHandler) -> String? {
        switch self {
        case .name: j(h.name)
        case .module: h.module.map(j)
        case .routes:
            "{" + Self.grouped(h.routes).map { route, features in
                "\(j(route)): " + (features.count == 1 ? j(features[0]) : "[" + features.map(j).joined(separator: ", ") + "]")
            }.joined(separator: ", ") + "}"
        case .source, .ignore: nil
        }
    }
}

extension FeatureKey: YAMLWrittenKey, JSONWrittenKey {
    package static let yamlOrder: [FeatureKey] = [
        .name, .module, .enabled, .fallback, .unusedFallback, .dependencies, .navigates, .presents, .source, .ignore,
    ]
    package func yaml(_ f: Feature) -> YAMLText? {
        switch self {
        case .name: return .inline(q(f.name))
        case .module: return f.module.map { .inline(q($0)) }
        case .enabled:
            switch f.enabled {
            case .always: return nil
            case .never: return .inline("false")
            default: return .inline(q(f.enabled.description, forceQuotes: true))
            }
        case .fallback: return f.fallback.map { .inline(q($0)) }
        case .unusedFallback: return f.unusedFallback.map { .inline(RegistryWriter.flow($0, UnusedFallbackKey.self)) }
        case .dependencies: return DependencyRefKey.yamlLines(f.dependencies)
        case .navigates:
            let sorted = f.navigates.sorted(by: { ($0.route, $0.style ?? "") < ($1.route, $1.style ?? "") })
            return f.navigates.isEmpty ? nil : .lines(sorted.map { "- " + RegistryWriter.item($0, NavigationKey.self) })
        case .presents:
            let sorted = f.presents.sorted {
                ($0.feature, $0.style ?? "", $0.origin.source?.description ?? "") < ($1.feature, $1.style ?? "", $1.origin.source?.description ?? "")
            }
            return f.presents.isEmpty ? nil : .lines(sorted.map { "- " + RegistryWriter.item($0, PresentationKey.self) })
        case .source: return sourceText(f.origin)
        case .ignore: return ignoreText(f.ignore)
        }
    }
    package func json(_ f: Feature) -> String? {
        switch self {
        case .name: return j(f.name)
        case .module: return f.module.map(j)
        case .enabled:
            switch f.enabled {
            case .always: return nil
            case .never: return "false"
            default: return j(f.enabled.description)
            }
        case .fallback: return f.fallback.map(j)
        case .dependencies: return DependencyRefKey.jsonList(f.dependencies)
        case .navigates: return f.navigates.isEmpty ? nil : "[" + f.navigates.map { RegistryJSONWriter.item($0, NavigationKey.self) }.joined(separator: ", ") + "]"
        case .presents: return f.presents.isEmpty ? nil : "[" + f.presents.map { RegistryJSONWriter.item($0, PresentationKey.self) }.joined(separator: ", ") + "]"
        case .source, .ignore, .unusedFallback: return nil
        }
    }
}

extension UnusedFallbackKey: YAMLWrittenKey {
    package func yaml(_ u: UnusedFallback) -> YAMLText? {
        switch self {
        case .declared: .inline(q(u.declared, forceQuotes: true))
        case .requirement: .inline(q(u.requirement, forceQuotes: true))
        case .source: sourceText(u.origin)
        }
    }
}

extension DependencyRefKey: YAMLWrittenKey, JSONWrittenKey {
    package func yaml(_ d: DependencyRef) -> YAMLText? {
        switch self {
        case .protocol: .inline(q(d.name))
        case .lazy: d.lazy ? .inline("true") : nil
        case .used: d.used.map { .inline(String($0)) }
        case .source: sourceText(d.origin)
        }
    }
    package func json(_ d: DependencyRef) -> String? {
        switch self {
        case .protocol: j(d.name)
        case .lazy: d.lazy ? "true" : nil
        case .used, .source: nil
        }
    }

    /// A `dependencies:` list below its key, by name (then lazy last); nil when empty.
    static func yamlLines(_ refs: [DependencyRef]) -> YAMLText? {
        guard !refs.isEmpty else { return nil }
        let sorted = refs.sorted(by: { ($0.name, $0.lazy ? 1 : 0) < ($1.name, $1.lazy ? 1 : 0) })
        return .lines(sorted.map { "- " + RegistryWriter.item($0, DependencyRefKey.self) })
    }

    /// A `dependencies:` list in JSON, in its order; nil when empty.
    static func jsonList(_ refs: [DependencyRef]) -> String? {
        refs.isEmpty ? nil : "[" + refs.map { RegistryJSONWriter.item($0, DependencyRefKey.self) }.joined(separator: ", ") + "]"
    }
}

extension NavigationKey: YAMLWrittenKey, JSONWrittenKey {
    package func yaml(_ n: Navigation) -> YAMLText? {
        switch self {
        case .route: .inline(q(n.route))
        case .style: n.style.map { .inline(q($0)) }
        case .source: sourceText(n.origin)
        }
    }
    package func json(_ n: Navigation) -> String? {
        switch self {
        case .route: j(n.route)
        case .style: n.style.map(j)
        case .source: nil
        }
    }
}

extension PresentationKey: YAMLWrittenKey, JSONWrittenKey {
    package func yaml(_ p: Presentation) -> YAMLText? {
        switch self {
        case .feature: .inline(q(p.feature))
        case .style: p.style.map { .inline(q($0)) }
        case .source: sourceText(p.origin)
        }
    }
    package func json(_ p: Presentation) -> String? {
        switch self {
        case .feature: j(p.feature)
        case .style: p.style.map(j)
        case .source: nil
        }
    }
}

extension BindingKey: YAMLWrittenKey, JSONWrittenKey {
    package func yaml(_ b: DependencyBinding) -> YAMLText? {
        switch self {
        case .protocol: .inline(q(b.protocol))
        case .implementation: b.implementation.map { .inline(q($0)) }
        case .module: b.module.map { .inline(q($0)) }
        case .dependencies: DependencyRefKey.yamlLines(b.dependencies)
        case .source: sourceText(b.origin)
        case .ignore: ignoreText(b.ignore)
        }
    }
    package func json(_ b: DependencyBinding) -> String? {
        switch self {
        case .protocol: j(b.protocol)
        case .implementation: b.implementation.map(j)
        case .module: b.module.map(j)
        case .dependencies: DependencyRefKey.jsonList(b.dependencies)
        case .source, .ignore: nil
        }
    }
}

extension DeepLinkKey: YAMLWrittenKey, JSONWrittenKey {
    package func yaml(_ d: DeepLink) -> YAMLText? {
        switch self {
        case .url: d.url.map { .inline(q($0, forceQuotes: true)) }
        case .route: d.route.map { .inline(q($0)) }
        case .anyRoute: d.anyRoute.map { .inline(q($0, forceQuotes: true)) }
        case .source: sourceText(d.origin)
        case .ignore: ignoreText(d.ignore)
        }
    }
    package func json(_ d: DeepLink) -> String? {
        switch self {
        case .url: d.url.map(j)
        case .route: d.route.map(j)
        case .anyRoute: d.anyRoute.map(j)
        case .source, .ignore: nil
        }
    }
}

extension UnfollowedKey: YAMLWrittenKey, JSONWrittenKey {
    package func yaml(_ c: UnfollowedCall) -> YAMLText? {
        switch self {
        case .call: .inline(q(c.call, forceQuotes: true))
        case .kind: c.kind == .navigate ? nil : .inline(c.kind.rawValue)
        case .from: c.from.isEmpty ? nil : .inline(flowList(c.from))
        case .system: c.system.map { .inline($0.rawValue) }
        case .routes: c.routes.map { .inline(flowList($0)) }
        case .screens: c.screens.map { .inline(flowList($0)) }
        case .reason: c.reason.map { .inline(q($0, forceQuotes: true)) }
        case .source: sourceText(c.origin)
        }
    }
    package func json(_ c: UnfollowedCall) -> String? {
        switch self {
        case .call: j(c.call)
        case .kind: c.kind == .navigate ? nil : j(c.kind.rawValue)
        case .from: c.from.isEmpty ? nil : jsonList(c.from)
        case .system: c.system.map { j($0.rawValue) }
        case .routes: c.routes.map(jsonList)
        case .screens: c.screens.map(jsonList)
        case .reason: c.reason.map(j)
        case .source: c.origin.source.map { j($0.description) }
        }
    }
}
