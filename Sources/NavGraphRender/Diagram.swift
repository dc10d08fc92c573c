/// A styled diagram, independent of any drawing tool: what to draw, never how graphviz spells it.
///
/// User text (names, finding messages, source paths) lives only in `label` and `tooltip`;
/// everything graphviz reads as a colour, shape or style comes from `kind`, `relation` and `marks`
/// through `DiagramStyle`'s allow-list. Node `i` is drawn as the synthetic id `n<i>`.
public struct Diagram: Sendable, Equatable {
    public enum NodeKind: String, Sendable, CaseIterable {
        case feature, route, handler, dependency
        /// A whole module (collapsed view).
        case module
        /// A route no handler claims: drawn so the gap is visible.
        case unhandledRoute
        /// A group of screens on the map (`DiagramGroups`).
        case group
    }

    /// What the findings (and the entries) say about an element.
    public struct Marks: OptionSet, Sendable, Hashable {
        public let rawValue: UInt16
        public init(rawValue: UInt16) { self.rawValue = rawValue }
        public static let entry = Marks(rawValue: 1 << 0)
        public static let unreachable = Marks(rawValue: 1 << 1)
        public static let disabled = Marks(rawValue: 1 << 2)
        public static let missingFallback = Marks(rawValue: 1 << 3)
        public static let cycle = Marks(rawValue: 1 << 4)
        public static let unhandled = Marks(rawValue: 1 << 5)
        /// Referenced but never declared.
        public static let undeclared = Marks(rawValue: 1 << 6)
        /// Some other finding names it.
        public static let finding = Marks(rawValue: 1 << 7)
        /// Outside the selection, shown as context (`--module`).
        public static let context = Marks(rawValue: 1 << 8)
        /// `navgraph diff`: only the head has it.
        public static let added = Marks(rawValue: 1 << 9)
        /// `navgraph diff`: only the base has it.
        public static let removed = Marks(rawValue: 1 << 10)
        /// `navgraph diff`: on both sides, but different (or renamed, or its reachability changed).
        public static let changed = Marks(rawValue: 1 << 11)
        /// A map group whose worst finding is an error / a warning.
        public static let worstError = Marks(rawValue: 1 << 12)
        public static let worstWarning = Marks(rawValue: 1 << 13)
    }

    public enum Relation: String, Sendable, CaseIterable {
        /// feature → feature, folded through a route and handler (screens view).
        case navigates
        /// feature → route it opens (full view).
        case opens
        /// route → handler that claims it (full view).
        case handledBy
        /// handler → feature it builds (full view).
        case routesTo
        case fallback
        case requires
        case requiresLazy
        /// module → module, a count of links (collapsed view).
        case aggregate
        /// feature → feature it presents itself, around the router (style `direct`).
        case direct
    }

    public struct Node: Sendable, Equatable {
        public var kind: NodeKind
        public var marks: Marks
        public var label: String
        public var tooltip: String
        /// Index into `clusters`, nil for the root graph.
        public var cluster: Int?
        /// The graph nodes this node draws: one element, a module's members (collapsed view),
        /// or the route of an unhandled-route stub.
        public var members: [Int32] = []
        /// The map group this node opens (a group on the map, a screen of another group in a group
        /// picture): the SVG links it to that group's picture when `DiagramOptions.groupLinks` is set.
        public var link: Int?
    }

    public struct Edge: Sendable, Equatable {
        public var tail: Int
        public var head: Int
        public var relation: Relation
        public var marks: Marks
        /// Drawn only when `showsEdgeLabels`; the tooltip always carries it.
        public var label: String?
        public var tooltip: String
    }

    public struct Cluster: Sendable, Equatable {
        /// `cluster_<module>` with anything but letters, digits and `_` replaced: safe, unique.
        public var name: String
        public var label: String
        public var tooltip: String
    }

    public var title: String
    public var nodes: [Node] = []
    public var edges: [Edge] = []
    public var clusters: [Cluster] = []
    public var showsEdgeLabels = true
    public var legend = true
    /// Modules were collapsed into one node each.
    public var collapsed = false
    /// The map of groups (`DiagramBuilder.mapDiagram`).
    public var isMap = false
    /// Where a node's `link` points, by group: relative file names navgraph made (`<name>-<slug>.svg`,
    /// percent-encoded); empty for no links.
    public var linkTargets: [String] = []
    /// Notes for the user (automatic collapse, labels left out): printed on stderr by the CLI.
    public var notes: [String] = []

    public init(title: String) { self.title = title }

    /// Many edges a node (links between collapsed modules): dot needs its tighter limits.
    public var isDense: Bool { edges.count > 300 && edges.count > 4 * nodes.count }

    /// The marks present on any node or edge (for a legend that explains only what is drawn).
    public var allMarks: Marks {
        var m = Marks()
        for n in nodes { m.formUnion(n.marks) }
        for e in edges { m.formUnion(e.marks) }
        return m
    }
}
