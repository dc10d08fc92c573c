import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph
import NavGraphChecks

/// Which base elements the head renamed, so a rename is one change, not a removal and an addition.
///
/// - A screen is renamed when a declared base screen and a declared head screen exist only on
///   their side, have the same module and are reached through the same non-empty set of
///   (handler, route) pairs.
/// - A route is renamed when a declared base route and a declared head route exist only on their
///   side, have the same Swift type (`type:`, required) and the same set of (handler, destination
///   screen) pairs, destinations compared after screen renames.
///
/// A pair counts only when its signature is unique on both sides; anything ambiguous stays a
/// removal plus an addition.
package struct DiffRenames: Sendable, Equatable {
    /// Base name -> head name.
    package var screens: [String: String] = [:]
    package var routes: [String: String] = [:]

    package init(base: NavGraph, head: NavGraph) {
        screens = Self.pair(base, head, .feature) { g, id, _ in
            guard let module = g.feature(id)?.module else { return nil }
            let ways = g.incoming[Int(id)].map { g.edge($0) }.filter { $0.kind == .routesTo }
                .map { "\(g.name($0.via))|\(g.name($0.from))" }
            return ways.isEmpty ? nil : "\(module)\u{1}" + Set(ways).sorted().joined(separator: "\u{1}")
        }
        let screenMap = screens
        let baseTypes = Self.routeTypes(base), headTypes = Self.routeTypes(head)
        routes = Self.pair(base, head, .route) { g, id, isBase in
            guard let types = (isBase ? baseTypes : headTypes)[g.name(id)], types.count == 1, let type = types.first else { return nil }
            let ways = g.outgoing[Int(id)].map { g.edge($0) }.filter { $0.kind == .routesTo }.map { e -> String in
                let dest = g.name(e.to)
                return "\(g.name(e.via))|\(isBase ? screenMap[dest] ?? dest : dest)"
            }
            return "\(type)\u{1}" + Set(ways).sorted().joined(separator: "\u{1}")
        }
    }

    /// Route id -> the Swift types its declarations name.
    private static func routeTypes(_ g: NavGraph) -> [String: Set<String>] {
        var out: [String: Set<String>] = [:]
        for r in g.registry.routes { if let t = r.type { out[r.id, default: []].insert(t) } }
        return out
    }

    package func screen(_ name: String) -> String { screens[name] ?? name }
    package func route(_ name: String) -> String { routes[name] ?? name }

    /// Unique signature matches between the declared elements of `kind` only one side has.
    private static func pair(
        _ base: NavGraph, _ head: NavGraph, _ kind: NavGraph.NodeKind,
        signature: (NavGraph, Int32, _ isBase: Bool) -> String?
    ) -> [String: String] {
        func declared(_ g: NavGraph, _ id: Int32) -> Bool {
            kind == .feature ? g.isDeclaredFeature(id) : g.nodes[Int(id)].declared
        }
        func only(_ g: NavGraph, _ other: NavGraph, isBase: Bool) -> [String: [String]] {
            var out: [String: [String]] = [:]
            for id in g.ids(of: kind) where declared(g, id) {
                if let o = other.node(kind, g.name(id)), declared(other, o) { continue }
                if let s = signature(g, id, isBase) { out[s, default: []].append(g.name(id)) }
            }
            return out
        }
        let b = only(base, head, isBase: true), h = only(head, base, isBase: false)
        var out: [String: String] = [:]
        for (sig, names) in b where names.count == 1 {
            if let other = h[sig], other.count == 1 { out[names[0]] = other[0] }
        }
        return out
    }
}
