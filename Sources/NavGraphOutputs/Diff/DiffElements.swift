import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph
import NavGraphChecks

/// Element-level changes: each declared element is described by named facets (its module, its
/// enablement, its dependencies, …); elements with different facets are changed, and each facet
/// that differs becomes one detail line. Base facets name other elements by their head names.
package enum DiffElements {
    /// A facet is a scalar (one value, possibly empty) or a set (shown as `+added, -removed`).
    package struct Facet: Equatable {
        package var values: [String]
        package var isSet: Bool
        package static func scalar(_ v: String?) -> Facet { Facet(values: v.map { [$0] } ?? [], isSet: false) }
        package static func set<S: Sequence>(_ v: S) -> Facet where S.Element == String { Facet(values: Array(Set(v)).sorted(), isSet: true) }
        /// One value from every declaration of a duplicated element (usually one).
        package static func joined<S: Sequence>(_ v: S) -> Facet where S.Element == String {
            let all = Array(Set(v)).sorted()
            return .scalar(all.isEmpty ? nil : all.joined(separator: ", "))
        }
    }

    package typealias Facets = [(name: String, facet: Facet)]

    package static func changes(base: NavGraph, head: NavGraph, renames: DiffRenames) -> [NavigationDiff.ElementChange] {
        var out: [NavigationDiff.ElementChange] = []
        for kind in NavigationDiff.ElementKind.allCases {
            let b = elements(kind, base, screen: renames.screen, route: renames.route)
            let h = elements(kind, head, screen: { $0 }, route: { $0 })
            let oldNames: [String: String] = {
                switch kind {
                case .screen: return Dictionary(uniqueKeysWithValues: renames.screens.map { ($1, $0) })
                case .route: return Dictionary(uniqueKeysWithValues: renames.routes.map { ($1, $0) })
                default: return [:]
                }
            }()
            for name in Set(b.keys).union(h.keys).sorted() {
                switch (b[name], h[name]) {
                case (nil, let hf?):
                    out.append(.init(kind: kind, name: name, change: .added, oldName: nil, details: summary(hf)))
                case (let bf?, nil):
                    out.append(.init(kind: kind, name: name, change: .removed, oldName: nil, details: summary(bf)))
                case (let bf?, let hf?):
                    let details = differences(bf, hf)
                    if let old = oldNames[name] {
                        out.append(.init(kind: kind, name: name, change: .renamed, oldName: old, details: details))
                    } else if !details.isEmpty {
                        out.append(.init(kind: kind, name: name, change: .changed, oldName: nil, details: details))
                    }
                case (nil, nil): break
                }
            }
        }
        return out
    }

    /// Every declared element of `kind` by (head) name, with its facets.
    package static func elements(
        _ kind: NavigationDiff.ElementKind, _ g: NavGraph, screen: (String) -> String, route: (String) -> String
    ) -> [String: Facets] {
        var out: [String: Facets] = [:]
        let r = g.registry
        switch kind {
        case .screen:
            for f in g.declaredFeatures.map({ g.feature($0)! }) {
                out[screen(f.name)] = [
                    ("module", .scalar(f.module)), ("enabled", .scalar(f.enabled.description)),
                    ("fallback", .scalar(f.fallback.map(screen))),
                    ("dependencies", .set(f.dependencies.map { $0.name + ($0.lazy ? " (lazy)" : "") })),
                ]
            }
        case .route:
            for (id, decls) in Dictionary(grouping: r.routes, by: \.id) {
                out[route(id)] = [
                    ("type", .joined(decls.compactMap(\.type))), ("module", .joined(decls.compactMap(\.module))),
                    ("parameters", .set(decls.flatMap { $0.parameters.map { "\($0.name): \($0.type)" } })),
                ]
            }
        case .handler:
            for (name, decls) in Dictionary(grouping: r.handlers, by: \.name) {
                out[name] = [
                    ("module", .joined(decls.compactMap(\.module))),
                    ("routes", .set(decls.flatMap { $0.routes.map { "\(route($0.route)) -> \(screen($0.feature))" } })),
                ]
            }
        case .dependency:
            for (name, decls) in Dictionary(grouping: r.dependencies, by: \.protocol) {
                out[name] = [
                    ("implementation", .joined(decls.compactMap(\.implementation))), ("module", .joined(decls.compactMap(\.module))),
                    ("dependencies", .set(decls.flatMap { $0.dependencies.map { $0.name + ($0.lazy ? " (lazy)" : "") } })),
                ]
            }
            for p in r.provided where out[p.name] == nil { out[p.name] = [("provided by the framework", .scalar("yes"))] }
        case .flag:
            for (name, decls) in Dictionary(grouping: r.flags, by: \.name) {
                out[name] = [("default", .joined(decls.map { $0.defaultValue ? "on" : "off" }))]
            }
        case .entry:
            for e in r.entries {
                switch e.target {
                case .feature(let n): out["screen \(screen(n))"] = []
                case .route(let id): out["route \(route(id))"] = []
                }
            }
        }
        return out
    }

    /// The facets of an added or removed element that say something (`module: Shop`).
    package static func summary(_ facets: Facets) -> [String] {
        facets.compactMap { name, facet in
            guard !facet.values.isEmpty, !(name == "enabled" && facet.values == ["true"]) else { return nil }
            return "\(name): \(facet.values.joined(separator: ", "))"
        }
    }

    /// One line per facet that differs, in facet order.
    package static func differences(_ base: Facets, _ head: Facets) -> [String] {
        var out: [String] = []
        for (name, h) in head {
            let b = base.first { $0.name == name }?.facet ?? Facet(values: [], isSet: h.isSet)
            guard b != h else { continue }
            if h.isSet {
                let added = h.values.filter { !b.values.contains($0) }.map { "+\($0)" }
                let removed = b.values.filter { !h.values.contains($0) }.map { "-\($0)" }
                out.append("\(name): \((added + removed).joined(separator: ", "))")
            } else {
                let text = { (f: Facet) in f.values.isEmpty ? "none" : f.values.joined(separator: ", ") }
                out.append("\(name): \(text(b)) -> \(text(h))")
            }
        }
        return out
    }
}
