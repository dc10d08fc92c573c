import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph
import NavGraphChecks

/// The part of the app a diff touches, for pictures: every changed screen or dependency, the ends
/// of every added or removed edge, every screen whose reachability changed, plus one step around
/// them (screens one navigation or fallback edge away; dependencies only through changed edges).
/// Nodes and edges carry whether they were added, removed, changed or are context.
public struct DiffNeighbourhood: Sendable, Equatable {
    public enum Status: String, Sendable, Comparable {
        case unchanged, changed, added, removed
        public static func < (a: Status, b: Status) -> Bool { a.rawValue < b.rawValue }
    }

    public enum NodeKind: String, Sendable, Comparable {
        case screen, dependency
        /// A route no handler claims on some side: where its edge ends.
        case unhandledRoute
        public static func < (a: NodeKind, b: NodeKind) -> Bool { a.rawValue < b.rawValue }
    }

    public struct Node: Sendable, Equatable {
        public var kind: NodeKind
        /// The head's name (the base's when removed).
        public var name: String
        /// `name`, or `name (was old)` for a rename.
        public var label: String
        public var status: Status
        public var entry: Bool
    }

    public enum EdgeKind: String, Sendable, Comparable {
        case navigates, fallback, requires
        public static func < (a: EdgeKind, b: EdgeKind) -> Bool { a.rawValue < b.rawValue }
    }

    public struct Edge: Sendable, Equatable {
        public var from: Int
        public var to: Int
        public var kind: EdgeKind
        /// `route (style) via Handler` for navigation.
        public var label: String?
        public var lazy: Bool
        public var status: Status
    }

    public var nodes: [Node] = []
    public var edges: [Edge] = []

    package struct Key: Hashable, Comparable {
        package var kind: NodeKind
        package var name: String
        package static func < (a: Key, b: Key) -> Bool { (a.kind, a.name) < (b.kind, b.name) }
    }

    package struct EdgeKey: Hashable, Comparable {
        package var from: Key
        package var to: Key
        package var kind: EdgeKind
        package var label: String
        package var lazy: Bool
        /// The route and handler of a navigation edge ("" otherwise).
        package var route = ""
        package var handler = ""
        package static func < (a: EdgeKey, b: EdgeKey) -> Bool {
            if a.from != b.from { return a.from < b.from }
            if a.to != b.to { return a.to < b.to }
            return (a.kind, a.label, a.lazy ? 1 : 0) < (b.kind, b.label, b.lazy ? 1 : 0)
        }
    }

    public init(diff: NavigationDiff, base: NavGraph, head: NavGraph) {
        let renames = diff.renames
        let b = Self.edges(base, renames.screen, renames.route), h = Self.edges(head, { $0 }, { $0 })
        let baseNodes = Self.nodes(base, renames.screen), headNodes = Self.nodes(head, { $0 })
        var seeds = Set<Key>()
        for c in diff.elements {
            switch c.kind {
            case .screen: seeds.insert(Key(kind: .screen, name: c.name))
            case .dependency: seeds.insert(Key(kind: .dependency, name: c.name))
            default: break
            }
        }
        for s in diff.reachability { for n in s.unreachable.map(\.name) + s.reachable { seeds.insert(Key(kind: .screen, name: n)) } }
        let changedEdges = b.symmetricDifference(h)
        for e in changedEdges { seeds.insert(e.from); seeds.insert(e.to) }
        // Edges through a changed route or handler are changed, and so their ends are seeds.
        let changedRoutes = Set(diff.elements.filter { $0.kind == .route }.map(\.name))
        let changedHandlers = Set(diff.elements.filter { $0.kind == .handler }.map(\.name))
        func throughChange(_ e: EdgeKey) -> Bool { changedRoutes.contains(e.route) || changedHandlers.contains(e.handler) }
        for e in b.intersection(h) where throughChange(e) { seeds.insert(e.from); seeds.insert(e.to) }
        let all = b.union(h)
        var shown = seeds
        for e in all where e.kind != .requires {
            if seeds.contains(e.from) { shown.insert(e.to) }
            if seeds.contains(e.to) { shown.insert(e.from) }
        }
        let changedNames = Set(diff.elements.filter { $0.change == .changed || $0.change == .renamed }.map(\.name))
            .union(diff.reachability.flatMap { $0.unreachable.map(\.name) + $0.reachable })
        let old = Dictionary(diff.elements.compactMap { c in c.oldName.map { ("\(c.kind.rawValue)|\(c.name)", $0) } }, uniquingKeysWith: { a, _ in a })
        let entries = Self.entries(head).union(Self.entries(base).map(renames.screen))
        let baseEnds = Set(b.flatMap { [$0.from, $0.to] }).union(baseNodes)
        let headEnds = Set(h.flatMap { [$0.from, $0.to] }).union(headNodes)
        let order = shown.sorted()
        var index: [Key: Int] = [:]
        for k in order {
            let status: Status = !baseEnds.contains(k) ? .added : !headEnds.contains(k) ? .removed : changedNames.contains(k.name) && k.kind != .unhandledRoute ? .changed : .unchanged
            index[k] = nodes.count
            let label = k.kind == .screen ? old["screen|\(k.name)"].map { "\(k.name) (was \($0))" } ?? k.name : k.name
            nodes.append(Node(kind: k.kind, name: k.name, label: label, status: status, entry: k.kind == .screen && entries.contains(k.name)))
        }
        for e in all.sorted() {
            guard let from = index[e.from], let to = index[e.to] else { continue }
            let status: Status = !b.contains(e) ? .added : !h.contains(e) ? .removed : throughChange(e) ? .changed : .unchanged
            var label = e.label
            if let was = old["route|\(e.route)"] { label = "\(e.route) (was \(was))" + label.dropFirst(e.route.count) }
            edges.append(Edge(from: from, to: to, kind: e.kind, label: label.isEmpty ? nil : label, lazy: e.lazy, status: status))
        }
    }

    package static func nodes(_ g: NavGraph, _ screen: (String) -> String) -> Set<Key> {
        var out = Set<Key>()
        for f in g.declaredFeatures { out.insert(Key(kind: .screen, name: screen(g.name(f)))) }
        for d in g.ids(of: .dependency) where g.nodes[Int(d)].declared { out.insert(Key(kind: .dependency, name: g.name(d))) }
        return out
    }

    package static func entries(_ g: NavGraph) -> Set<String> {
        var out = Set(g.entryFeatures.map(g.name))
        for r in g.entryRoutes {
            for e in g.outgoing[Int(r)] where g.edge(e).kind == .routesTo { out.insert(g.name(g.edge(e).to)) }
        }
        return out
    }

    /// The drawable edges of `g` with head names: screen to screen through a route, fallbacks, requirements.
    package static func edges(_ g: NavGraph, _ screen: (String) -> String, _ route: (String) -> String) -> Set<EdgeKey> {
        var out = Set<EdgeKey>()
        for e in NavigationDiff.navigationEdges(g, screen: screen, route: route) {
            guard let from = e.from else { continue }
            let style = e.style.map { " (\($0))" } ?? ""
            if let to = e.to, let handler = e.handler {
                out.insert(EdgeKey(from: Key(kind: .screen, name: from), to: Key(kind: .screen, name: to), kind: .navigates,
                                   label: "\(e.route)\(style) via \(handler)", lazy: false, route: e.route, handler: handler))
            } else {
                out.insert(EdgeKey(from: Key(kind: .screen, name: from), to: Key(kind: .unhandledRoute, name: e.route), kind: .navigates,
                                   label: "\(e.route)\(style)", lazy: false, route: e.route))
            }
        }
        for e in g.edges {
            let tail = g.nodes[Int(e.from)]
            let from = tail.kind == .feature ? Key(kind: .screen, name: screen(tail.name)) : Key(kind: .dependency, name: tail.name)
            switch e.kind {
            case .fallback:
                out.insert(EdgeKey(from: from, to: Key(kind: .screen, name: screen(g.name(e.to))), kind: .fallback, label: "", lazy: false))
            case .requires:
                out.insert(EdgeKey(from: from, to: Key(kind: .dependency, name: g.name(e.to)), kind: .requires, label: "", lazy: e.lazy))
            case .presents:
                // A direct presentation: a screen-to-screen edge of its own label (no route, no handler).
                let style = e.style.map { " (\($0))" } ?? ""
                out.insert(EdgeKey(from: from, to: Key(kind: .screen, name: screen(g.name(e.to))), kind: .navigates,
                                   label: "direct\(style)", lazy: false))
            case .navigates, .routesTo: break
            }
        }
        return out
    }
}
