import NavGraphSupport
import NavGraphModel

/// The registry as a graph: interned integer ids, forward and reverse adjacency.
///
/// Node ids are assigned in sorted order of (kind, name), so the same registry in any order
/// yields the same ids; every algorithm iterates ids in order, never a hash.
/// Algorithms live in `NavGraph+*.swift`, one concern a file; none is recursive.
public struct NavGraph: Sendable {
    public enum NodeKind: UInt8, Sendable, Comparable, CaseIterable {
        case feature, route, handler, dependency
        public static func < (a: NodeKind, b: NodeKind) -> Bool { a.rawValue < b.rawValue }
        public var label: String {
            switch self {
            case .feature: return "feature"
            case .route: return "route"
            case .handler: return "handler"
            case .dependency: return "dependency"
            }
        }
    }

    public enum EdgeKind: UInt8, Sendable {
        /// feature → route it can open
        case navigates
        /// route → destination feature (through `handler`)
        case routesTo
        /// feature → its fallback feature
        case fallback
        /// feature or dependency → dependency it needs
        case requires
        /// feature → feature it presents itself, around the router (style `direct`); the edge's
        /// style says how (`push`, `sheet`, …)
        case presents
    }

    public struct Node: Sendable {
        public var kind: NodeKind
        public var name: String
        public var module: String?
        /// True when the registry declares it (a referenced-but-undeclared name is still a node).
        public var declared: Bool
    }

    public struct Edge: Sendable {
        public var from: Int32
        public var to: Int32
        public var kind: EdgeKind
        /// The handler of a `routesTo` edge, -1 otherwise.
        public var via: Int32
        /// Presentation style of a `navigates` edge (its id in `StyleNames`: the edge stays a plain value).
        package var styleID: UInt32
        /// Presentation style of a `navigates` edge.
        public var style: String? { StyleNames.name(styleID) }
        /// A lazy `requires` edge does not build its target at once.
        public var lazy: Bool
    }

    /// What the graph was built from. Internal: checks, renderers and the terminal read the graph.
    @usableFromInline package let registry: Registry
    public private(set) var nodes: [Node] = []
    /// Per node: `nodes[id].declared`, one byte a node, for the walks (a `Node` is ~50 bytes: reading
    /// the flag from there cost a cache miss per move).
    package private(set) var isDeclared: [Bool] = []
    public private(set) var edges: [Edge] = []
    /// Edge indices leaving each node, in edge order: `outgoing[node]` (compressed rows).
    public private(set) var outgoing = EdgeRows()
    /// Edge indices entering each node, in edge order: `incoming[node]` (compressed rows).
    public private(set) var incoming = EdgeRows()
    /// The walks' rows (`forEachMove`), read without going through `edges` (each edge read there was
    /// a cache miss per move): per feature its `navigates` edges as (route, style id), per route its
    /// `routesTo` edges as (destination, handler), in edge order; empty for every other node.
    package private(set) var navigationRows = MoveRows()
    package private(set) var landingRows = MoveRows()
    /// Per feature its `presents` edges as (presented feature, style id), in edge order.
    package private(set) var presentRows = MoveRows()
    /// Every name of the registry with its id (the loader's table, plus any name it did not hand an id).
    private var names = NameTable()
    /// Per kind (indexed by the kind's raw value): name id -> node id, -1 when no node of that kind has the name.
    private var nodeOfName: [[Int32]] = Array(repeating: [], count: NodeKind.allCases.count)
    /// Ids of each kind are contiguous (interned kind by kind, names sorted): `kindStart[k] ..< kindStart[k + 1]`.
    private var kindStart: [Int32] = Array(repeating: 0, count: NodeKind.allCases.count + 1)
    /// How many name occurrences had no usable id from the loader and were interned by the build
    /// (0 for a registry the fast reader loaded untouched; tests hold the loader to that).
    package private(set) var namesInterned = 0

    /// Per node: the index in `registry.features` of a declared feature's declaration, -1 for every
    /// other node, `-2 - i` for a feature declared more than once (`mergedFeatures[i]`: the first in
    /// canonical order, with the navigates and dependencies of all). Read through `feature(_:)`.
    @usableFromInline var featureDeclaration: [Int32] = []
    @usableFromInline var mergedFeatures: [Feature] = []
    /// Declared feature nodes, ascending.
    public private(set) var declaredFeatures: [Int32] = []
    /// Per node, what its `isEnabled()` follows, so that a scenario's states are decided once per
    /// flag, not once per feature (a flag lookup hashes its name; the flags row asked it 10k times
    /// per scenario): `gateAlways` (not a declared feature, or `enabled: true`), `gateNever`,
    /// `gateRuntime`, or k >= 0, the flag `gateFlags[k]`.
    package private(set) var gates: [Int32] = []
    package private(set) var gateFlags: [String] = []
    package static let gateAlways: Int32 = -1, gateNever: Int32 = -2, gateRuntime: Int32 = -3
    /// Entry feature nodes, sorted.
    public private(set) var entryFeatures: [Int32] = []
    /// Entry route nodes, sorted.
    public private(set) var entryRoutes: [Int32] = []
    /// Per node: the declared fallback feature of a declared feature (itself excluded), -1 otherwise.
    /// `moves(opening:)` reads it instead of looking the fallback's name up per move.
    public private(set) var fallbackTarget: [Int32] = []

    /// Per node: where a route, handler or dependency binding is declared — the first in
    /// (registry location, source location) order when declared twice, so a reordered registry
    /// gives the same answer; nil for features (see `feature(_:)`) and undeclared names.
    public private(set) var declarationOrigin: [ElementOrigin?] = []

    /// Per node: indices into the registry's routes, handlers or dependency bindings that declare
    /// it, in registry order (compressed rows). Read through
    /// `routeDeclarations(_:)`, `handlerDeclarations(_:)`, `bindings(_:)`: checks look
    /// declarations up by id instead of grouping the registry by name each run.
    private var declarationRows = EdgeRows()

    /// The route and feature nodes of every handler mapping, handlers in registry order, each
    /// handler's mappings in order (what the build resolved, so checks need not look names up again).
    public private(set) var mappingNodes: [(route: Int32, feature: Int32)] = []

    /// The app's name, when the registry gives one.
    public var app: String? { registry.app }
    /// The flags the registry declares, in declaration order.
    public var declaredFlags: [FeatureFlag] { registry.flags }
    /// The registry's default flag scenario.
    public var defaultScenario: FlagScenario { .defaults(of: registry) }

    /// The graph of `registry`; every name is interned by the build.
    public init(registry: Registry) {
        self.init(LoadedRegistry(registry))
    }

    /// The graph of a loaded registry: the build starts from the ids the loader gave its names
    /// (`RegistryNames`), interning only the names without one.
    public init(_ loaded: LoadedRegistry) {
        self.registry = loaded.registry
        build(loaded.names)
    }

    public var nodeCount: Int { nodes.count }

    /// The node of `name` of `kind`, if any.
    public func node(_ kind: NodeKind, _ name: String) -> Int32? {
        guard let id = names.id(of: name) else { return nil }
        let node = nodeOfName[Int(kind.rawValue)][Int(id)]
        return node < 0 ? nil : node
    }

    public func name(_ id: Int32) -> String { nodes[Int(id)].name }

    /// All node ids of a kind, ascending (= sorted by name).
    public func ids(of kind: NodeKind) -> [Int32] {
        Array(kindStart[Int(kind.rawValue)] ..< kindStart[Int(kind.rawValue) + 1])
    }

    public func edge(_ e: Int32) -> Edge { edges[Int(e)] }

    /// The registry's declarations of route node `id`, in registry order.
    public func routeDeclarations(_ id: Int32) -> [Route] {
        nodes[Int(id)].kind == .route ? declarationRows[Int(id)].map { registry.routes[Int($0)] } : []
    }
    /// The registry's declarations of handler node `id`, in registry order.
    public func handlerDeclarations(_ id: Int32) -> [RouteHandler] {
        nodes[Int(id)].kind == .handler ? declarationRows[Int(id)].map { registry.handlers[Int($0)] } : []
    }
    /// The registry's bindings of dependency node `id`, in registry order.
    public func bindings(_ id: Int32) -> [DependencyBinding] {
        nodes[Int(id)].kind == .dependency ? declarationRows[Int(id)].map { registry.dependencies[Int($0)] } : []
    }

    /// The merged declaration of feature node `id`; nil when `id` is not a declared feature.
    public func feature(_ id: Int32) -> Feature? {
        guard id >= 0, Int(id) < featureDeclaration.count else { return nil }
        let d = featureDeclaration[Int(id)]
        if d >= 0 { return registry.features[Int(d)] }
        return d == -1 ? nil : mergedFeatures[Int(-2 - d)]
    }

    /// Reads the merged declaration of feature node `id` in place, without copying the `Feature`
    /// (a copy retains every string and array it holds: on hot paths that was a tenth of a check);
    /// nil when `id` is not a declared feature. Inlinable: the rules call it once per feature,
    /// and a closure called across modules was handed a copy of the element after all (2.6 % of
    /// a 100k check's CPU).
    @inlinable
    public func withFeature<R>(_ id: Int32, _ body: (Feature) -> R) -> R? {
        guard id >= 0, Int(id) < featureDeclaration.count else { return nil }
        let d = featureDeclaration[Int(id)]
        if d >= 0 { return registry.features.withUnsafeBufferPointer { body($0[Int(d)]) } }
        return d == -1 ? nil : mergedFeatures.withUnsafeBufferPointer { body($0[Int(-2 - d)]) }
    }

    /// True when `id` is a declared feature (`feature(id) != nil`, without the copy).
    @inline(__always)
    public func isDeclaredFeature(_ id: Int32) -> Bool {
        id >= 0 && Int(id) < featureDeclaration.count && featureDeclaration[Int(id)] != -1
    }

    /// Builds the graph from `registry`, stage by stage; each stage is a lap of `StageTimes`.
    private mutating func build(_ ids: RegistryNames) {
        var laps = StageTimes.Laps("graph build")
        var table = ids.table
        let sections: Sections
        (sections, namesInterned) = Self.sections(of: registry, ids: ids, interning: &table)
        names = table
        laps.step("names as ids")
        var byKind = Self.namesPerKind(registry, sections, table)
        laps.step("names per kind, sorted")
        addNodes(&byKind)
        laps.step("nodes in name order")
        let featureRows = mergeFeatureDeclarations(sections)
        laps.step("feature declarations")
        let (first, second) = edgeHalves(sections, featureRows)
        laps.step("edge records, sorted")
        addEdges(first, second)
        laps.step("edge rows")
        resolveEntries(sections)
        laps.step("entries")
        recordDeclarations(sections)
        laps.step("declaration origins")
        resolveFallbacks(sections, featureRows)
        laps.step("fallbacks")
        recordGates()
        laps.step("feature gates")
    }

    /// `gates` and `gateFlags`, from each declared feature's `enabled`.
    private mutating func recordGates() {
        gates = [Int32](repeating: Self.gateAlways, count: nodes.count)
        var flagIndex: [String: Int32] = [:]
        for id in declaredFeatures {
            guard let enabled = withFeature(id, { $0.enabled }) else { continue }
            switch enabled {
            case .always: continue
            case .never: gates[Int(id)] = Self.gateNever
            case .runtime: gates[Int(id)] = Self.gateRuntime
            case .flag(let flag):
                if let k = flagIndex[flag] {
                    gates[Int(id)] = k
                } else {
                    let k = Int32(gateFlags.count)
                    flagIndex[flag] = k
                    gateFlags.append(flag)
                    gates[Int(id)] = k
                }
            }
        }
    }

    /// The node ids of each kind's names (-1: no node of that kind), by name id.
    private var featureNode: [Int32] { nodeOfName[Int(NodeKind.feature.rawValue)] }
    private var routeNode: [Int32] { nodeOfName[Int(NodeKind.route.rawValue)] }
    private var handlerNode: [Int32] { nodeOfName[Int(NodeKind.handler.rawValue)] }
    private var dependencyNode: [Int32] { nodeOfName[Int(NodeKind.dependency.rawValue)] }

    /// The nodes, kind by kind, each kind's names in name order: ids are contiguous per kind.
    private mutating func addNodes(_ byKind: inout [KindNames]) {
        for kind in NodeKind.allCases {
            let k = Int(kind.rawValue)
            kindStart[k] = Int32(nodes.count)
            // Taken out of `byKind`, so it is the only holder of its storage (no copy on write).
            var nodeOf: [Int32] = []
            swap(&nodeOf, &byKind[k].slotOf)
            for slot in byKind[k].order {
                let s = byKind[k].slots[slot]
                nodeOf[Int(s.name)] = Int32(nodes.count)
                nodes.append(Node(kind: kind, name: names[s.name], module: s.module, declared: s.declared))
                isDeclared.append(s.declared)
            }
            nodeOfName[k] = nodeOf
        }
        kindStart[NodeKind.allCases.count] = Int32(nodes.count)
    }

    /// Canonical feature declarations: indices sorted by node (= name), ties (a feature declared
    /// twice) in `Feature.canonicalOrder`; read in place, merged copies only for duplicates.
    /// Returns per declared feature node its declarations, in canonical order (compressed rows).
    private mutating func mergeFeatureDeclarations(_ x: Sections) -> EdgeRows {
        let featureNode = featureNode, featureIDs = x.featureIDs
        let declNode = x.featureStart.map { featureNode[Int(featureIDs[Int($0)])] }
        let features = registry.features
        let canonical = features.indices.sorted { a, b in
            if declNode[a] != declNode[b] { return declNode[a] < declNode[b] }
            return Feature.canonicalOrder(features[a], features[b])
        }
        featureDeclaration = Array(repeating: -1, count: nodes.count)
        var declarationsOfFeature: [(node: Int32, edge: Int32)] = []
        declarationsOfFeature.reserveCapacity(canonical.count)
        var g = 0
        while g < canonical.count {
            let id = declNode[canonical[g]]
            var end = g + 1
            while end < canonical.count, declNode[canonical[end]] == id { end += 1 }
            if end - g == 1 {
                featureDeclaration[Int(id)] = Int32(canonical[g])
            } else {
                // Duplicates: union of what either declaration can do.
                var merged = features[canonical[g]]
                for j in canonical[(g + 1)..<end] {
                    merged.navigates += features[j].navigates
                    merged.dependencies += features[j].dependencies
                    merged.presents += features[j].presents
                }
                featureDeclaration[Int(id)] = -2 - Int32(mergedFeatures.count)
                mergedFeatures.append(merged)
            }
            for j in canonical[g..<end] { declarationsOfFeature.append((id, Int32(j))) }
            g = end
        }
        declaredFeatures = ids(of: .feature).filter { featureDeclaration[Int($0)] != -1 }
        return EdgeRows(nodeCount: nodes.count, pairs: declarationsOfFeature)
    }

    /// The edge records, in canonical order: (from, kind, to, via, lazy, style), exact duplicates
    /// collapsed. On two threads: the first takes the features up to a cut, the second the
    /// features after it and the handlers' and bindings' edges; their sources are node ranges in
    /// that order (features, then routes and dependencies), so the two halves join end to end.
    private func edgeHalves(_ sections: Sections, _ featureRows: EdgeRows) -> (first: EdgeSegment, second: EdgeSegment) {
        let declared = declaredFeatures
        let cut = Self.edgeCut(declared, featureRows: featureRows, sections)
        let features = registry.features, handlers = registry.handlers, bindings = registry.dependencies, allNodes = nodes.count
        let featureNode = featureNode, routeNode = routeNode, handlerNode = handlerNode, dependencyNode = dependencyNode
        let segment = { (range: Range<Int>, others: Bool) -> EdgeSegment in
            Self.edgeSegment(
                features: declared[range], featureRows: featureRows, declarations: features,
                handlers: others ? handlers : [], bindings: others ? bindings : [], ids: sections,
                featureNode: featureNode, routeNode: routeNode, handlerNode: handlerNode, dependencyNode: dependencyNode,
                nodeCount: allNodes)
        }
        return atOnce({ segment(0..<cut, false) }, { segment(cut..<declared.count, true) })
    }

    /// The edges (the two halves end to end), the handlers' mappings, and the rows read from them.
    /// The edges are in source-node order, so each node's outgoing row is a run of them; the
    /// incoming rows and the walks' rows are made at once, on two threads.
    private mutating func addEdges(_ first: EdgeSegment, _ second: EdgeSegment) {
        edges = first.edges + second.edges
        mappingNodes = second.mappings
        var into: [(node: Int32, edge: Int32)] = []
        into.reserveCapacity(edges.count)
        for e in edges.indices { into.append((edges[e].to, Int32(e))) }
        outgoing = EdgeRows(sortedSources: edges.lazy.map(\.from), nodeCount: nodes.count)
        let nodeCount = nodes.count, allEdges = edges
        (incoming, (navigationRows, landingRows)) = atOnce({ EdgeRows(nodeCount: nodeCount, pairs: into) }) {
            (MoveRows(nodeCount: nodeCount, edges: allEdges, kind: .navigates) { MoveRows.Entry(to: $0.to, tag: $0.styleID) },
             MoveRows(nodeCount: nodeCount, edges: allEdges, kind: .routesTo) { MoveRows.Entry(to: $0.to, tag: UInt32(bitPattern: $0.via)) })
        }
        presentRows = MoveRows(nodeCount: nodeCount, edges: allEdges, kind: .presents) { MoveRows.Entry(to: $0.to, tag: $0.styleID) }
    }

    /// Entry features and entry routes as sorted node ids.
    private mutating func resolveEntries(_ x: Sections) {
        let featureNode = featureNode, routeNode = routeNode
        var ef: [Int32] = [], er: [Int32] = []
        for (i, e) in registry.entries.enumerated() {
            switch e.target {
            case .feature: ef.append(featureNode[Int(x.entryIDs[i])])
            case .route: er.append(routeNode[Int(x.entryIDs[i])])
            }
        }
        entryFeatures = Array(Set(ef)).sorted()
        entryRoutes = Array(Set(er)).sorted()
    }

    /// Per route, handler and dependency binding node: its declarations (rows) and the origin of the
    /// first in (registry location, source location) order.
    private mutating func recordDeclarations(_ x: Sections) {
        var origin = [ElementOrigin?](repeating: nil, count: nodes.count)
        func originOrder(_ o: ElementOrigin) -> String { "\(o.registry?.description ?? "")\u{1}\(o.source?.description ?? "")" }
        var declaring: [(node: Int32, edge: Int32)] = []
        declaring.reserveCapacity(registry.routes.count + registry.handlers.count + registry.dependencies.count)
        func declare(_ id: Int32, _ i: Int, _ o: ElementOrigin) {
            declaring.append((id, Int32(i)))
            if let old = origin[Int(id)], originOrder(old) <= originOrder(o) { return }
            origin[Int(id)] = o
        }
        let routeNode = routeNode, handlerNode = handlerNode, dependencyNode = dependencyNode
        registry.routes.withUnsafeBufferPointer { rs in
            for i in rs.indices { declare(routeNode[Int(x.routeIDs[i])], i, rs[i].origin) }
        }
        registry.handlers.withUnsafeBufferPointer { hs in
            for i in hs.indices { declare(handlerNode[Int(x.handlerIDs[Int(x.handlerStart[i])])], i, hs[i].origin) }
        }
        registry.dependencies.withUnsafeBufferPointer { bs in
            for i in bs.indices { declare(dependencyNode[Int(x.bindingIDs[Int(x.bindingStart[i])])], i, bs[i].origin) }
        }
        declarationOrigin = origin
        declarationRows = EdgeRows(nodeCount: nodes.count, pairs: declaring)
    }

    /// Fallbacks as ids: the first declaration's fallback, when it is another declared feature.
    private mutating func resolveFallbacks(_ x: Sections, _ featureRows: EdgeRows) {
        let featureNode = featureNode
        fallbackTarget = Array(repeating: -1, count: nodes.count)
        for id in declaredFeatures {
            let first = featureRows[Int(id)].first!
            let fb = x.featureIDs[Int(x.featureStart[Int(first)]) + 1]
            guard fb >= 0 else { continue }
            let fbID = featureNode[Int(fb)]
            if fbID != id, featureDeclaration[Int(fbID)] != -1 { fallbackTarget[Int(id)] = fbID }
        }
    }
}
