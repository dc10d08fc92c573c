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
    package let registry: Registry
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
    private var featureDeclaration: [Int32] = []
    private var mergedFeatures: [Feature] = []
    /// Declared feature nodes, ascending.
    public private(set) var declaredFeatures: [Int32] = []
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

    public init(registry: Registry) {
        self.registry = registry
        build()
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
    /// nil when `id` is not a declared feature.
    @inline(__always)
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

    /// Edge lists of every node in one flat array: node `i`'s edges are
    /// `targets[offsets[i] ..< offsets[i + 1]]`.
    public struct EdgeRows: Sendable {
        private var offsets: [Int32] = [0]
        private var targets: [Int32] = []

        package init() {}

        /// Rows from (node, edge) pairs, kept in the order given within each node.
        package init(nodeCount: Int, pairs: [(node: Int32, edge: Int32)]) {
            var counts = [Int32](repeating: 0, count: nodeCount + 1)
            for p in pairs { counts[Int(p.node) + 1] += 1 }
            for i in 0..<nodeCount { counts[i + 1] += counts[i] }
            offsets = counts
            var next = Array(counts.dropLast())
            targets = [Int32](repeating: 0, count: pairs.count)
            for p in pairs {
                targets[Int(next[Int(p.node)])] = p.edge
                next[Int(p.node)] += 1
            }
        }

        /// Rows of edges already in source order: `sources[e]` is edge `e`'s source, ascending.
        package init(sortedSources sources: some Collection<Int32>, nodeCount: Int) {
            offsets = Self.offsets(sortedSources: sources, nodeCount: nodeCount)
            targets = Array(0..<Int32(sources.count))
        }

        /// Where each node's row starts among items listed by ascending source (`sources`), and the end.
        package static func offsets(sortedSources sources: some Sequence<Int32>, nodeCount: Int) -> [Int32] {
            var counts = [Int32](repeating: 0, count: nodeCount + 1)
            for s in sources { counts[Int(s) + 1] += 1 }
            for i in 0..<nodeCount { counts[i + 1] += counts[i] }
            return counts
        }

        public subscript(node: Int) -> ArraySlice<Int32> {
            targets[Int(offsets[node]) ..< Int(offsets[node + 1])]
        }
    }

    private mutating func build() {
        var laps = StageTimes.Laps("graph build")
        // 1. Names as ids: the loader's ids where they still name the same string (an identity
        // compare), else interned here. One id per name occurrence, in `RegistryNames`' layout.
        var table = registry.names.table
        var featureNames = NameResolver(registry.names.features), routeNames = NameResolver(registry.names.routes)
        var handlerNames = NameResolver(registry.names.handlers), bindingNames = NameResolver(registry.names.bindings)
        var providedNames = NameResolver(registry.names.provided), entryNames = NameResolver(registry.names.entries)
        var deeplinkNames = NameResolver(registry.names.deeplinks)
        // Per declaration: where its ids start in the section's column.
        // The declarations are read in place, field by field (`for f in features` copied each one,
        // retaining every string and list it holds, and released them again).
        var featureIDs: [Int32] = [], featureStart: [Int32] = []
        featureStart.reserveCapacity(registry.features.count)
        featureIDs.reserveCapacity(registry.names.features.count)
        registry.features.withUnsafeBufferPointer { fs in
            for f in fs.indices {
                featureStart.append(Int32(featureIDs.count))
                featureIDs.append(featureNames.next(fs[f].name, &table))
                featureIDs.append(featureNames.next(fs[f].fallback, &table))
                fs[f].dependencies.withUnsafeBufferPointer { ds in
                    for d in ds.indices { featureIDs.append(featureNames.next(ds[d].name, &table)) }
                }
                fs[f].navigates.withUnsafeBufferPointer { ns in
                    for n in ns.indices { featureIDs.append(featureNames.next(ns[n].route, &table)) }
                }
            }
        }
        let routeIDs = registry.routes.withUnsafeBufferPointer { rs in rs.indices.map { routeNames.next(rs[$0].id, &table) } }
        var handlerIDs: [Int32] = [], handlerStart: [Int32] = []
        registry.handlers.withUnsafeBufferPointer { hs in
            for h in hs.indices {
                handlerStart.append(Int32(handlerIDs.count))
                handlerIDs.append(handlerNames.next(hs[h].name, &table))
                hs[h].routes.withUnsafeBufferPointer { ms in
                    for m in ms.indices {
                        handlerIDs.append(handlerNames.next(ms[m].route, &table))
                        handlerIDs.append(handlerNames.next(ms[m].feature, &table))
                    }
                }
            }
        }
        var bindingIDs: [Int32] = [], bindingStart: [Int32] = []
        registry.dependencies.withUnsafeBufferPointer { bs in
            for b in bs.indices {
                bindingStart.append(Int32(bindingIDs.count))
                bindingIDs.append(bindingNames.next(bs[b].protocol, &table))
                bs[b].dependencies.withUnsafeBufferPointer { ds in
                    for d in ds.indices { bindingIDs.append(bindingNames.next(ds[d].name, &table)) }
                }
            }
        }
        let providedIDs = registry.provided.map { providedNames.next($0.name, &table) }
        let entryIDs = registry.entries.map { entryNames.next($0.name, &table) }
        let deeplinkIDs = registry.deeplinks.map { deeplinkNames.next($0.route, &table) }
        // Presented features are not in `RegistryNames`' layout: interned here, per feature.
        var presentIDs: [Int32] = [], presentStart: [Int32] = []
        presentStart.reserveCapacity(registry.features.count + 1)
        registry.features.withUnsafeBufferPointer { fs in
            for f in fs.indices {
                presentStart.append(Int32(presentIDs.count))
                for p in fs[f].presents { presentIDs.append(table.intern(p.feature)) }
            }
        }
        presentStart.append(Int32(presentIDs.count))
        namesInterned = featureNames.interned + routeNames.interned + handlerNames.interned + bindingNames.interned
            + providedNames.interned + entryNames.interned + deeplinkNames.interned
        names = table

        laps.step("names as ids")
        // 2. Every name per kind, declared or referenced (arrays indexed by name id, no hashing),
        // and 3. each kind's names sorted: routes on one thread, the other kinds on another (each
        // kind's work only reads the registry and writes its own arrays).
        let sections = Sections(
            featureIDs: featureIDs, featureStart: featureStart, routeIDs: routeIDs, handlerIDs: handlerIDs, handlerStart: handlerStart,
            bindingIDs: bindingIDs, bindingStart: bindingStart, providedIDs: providedIDs, entryIDs: entryIDs, deeplinkIDs: deeplinkIDs,
            presentIDs: presentIDs, presentStart: presentStart)
        let others: [NodeKind] = [.feature, .handler, .dependency]
        let (routes, rest) = atOnce({ Self.kindNames([.route], registry, sections, table) }, { Self.kindNames(others, registry, sections, table) })
        var byKind = [KindNames?](repeating: nil, count: NodeKind.allCases.count)
        for (kind, names) in zip([NodeKind.route] + others, routes + rest) { byKind[Int(kind.rawValue)] = names }
        laps.step("names per kind, sorted")
        for kind in NodeKind.allCases {
            let k = Int(kind.rawValue)
            let kn = byKind[k]!
            kindStart[k] = Int32(nodes.count)
            var nodeOf = kn.slotOf
            for slot in kn.order {
                let s = kn.slots[slot]
                nodeOf[Int(s.name)] = Int32(nodes.count)
                nodes.append(Node(kind: kind, name: table[s.name], module: s.module, declared: s.declared))
                isDeclared.append(s.declared)
            }
            nodeOfName[k] = nodeOf
        }
        kindStart[NodeKind.allCases.count] = Int32(nodes.count)
        let featureNode = nodeOfName[Int(NodeKind.feature.rawValue)], routeNode = nodeOfName[Int(NodeKind.route.rawValue)]
        let handlerNode = nodeOfName[Int(NodeKind.handler.rawValue)], dependencyNode = nodeOfName[Int(NodeKind.dependency.rawValue)]

        laps.step("nodes in name order")
        // 4. Canonical feature declarations: indices sorted by node (= name), ties (a feature declared
        // twice) in `Feature.canonicalOrder`; read in place, merged copies only for duplicates.
        let declNode = featureStart.map { featureNode[Int(featureIDs[Int($0)])] }
        let features = registry.features
        let canonical = features.indices.sorted { a, b in
            if declNode[a] != declNode[b] { return declNode[a] < declNode[b] }
            return Feature.canonicalOrder(features[a], features[b])
        }
        featureDeclaration = Array(repeating: -1, count: nodes.count)
        // Per declared feature node: its declarations, canonical order (compressed rows).
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
        let featureRows = EdgeRows(nodeCount: nodes.count, pairs: declarationsOfFeature)

        laps.step("feature declarations")
        // 5. Edges, added in canonical order: (from, kind, to, via, lazy, style), exact duplicates
        // collapsed. On two threads: the first takes the features up to a cut, the second the
        // features after it and the handlers' and bindings' edges; their sources are node ranges in
        // that order (features, then routes and dependencies), so the two halves join end to end.
        let declared = declaredFeatures
        // Edge counts from the id columns: a declaration's ids are its name, its fallback slot, then
        // one per dependency and navigation, so it has (its ids − 1) edges at most (with the
        // fallback); a handler has one per mapping (two ids each), a binding one per dependency.
        func featureEdges(_ j: Int32) -> Int {
            let end = Int(j) + 1 < featureStart.count ? Int(featureStart[Int(j) + 1]) : featureIDs.count
            return end - Int(featureStart[Int(j)]) - 1
        }
        var work: [Int] = []  // per declared feature: how many edges the features before it have
        work.reserveCapacity(declared.count)
        var total = 0
        for id in declared {
            work.append(total)
            for j in featureRows[Int(id)] { total += featureEdges(j) }
        }
        let featureWork = total
        total += (handlerIDs.count - handlerStart.count) / 2 + bindingIDs.count - bindingStart.count
        var cut = 0
        while cut < declared.count && work[cut] * 2 < total { cut += 1 }
        if featureWork * 2 < total { cut = declared.count }
        let handlers = registry.handlers, bindings = registry.dependencies, allNodes = nodes.count
        let segment = { (range: Range<Int>, others: Bool) -> (edges: [Edge], mappings: [(route: Int32, feature: Int32)]) in
            Self.edgeSegment(
                features: declared[range], featureRows: featureRows, declarations: features,
                handlers: others ? handlers : [], bindings: others ? bindings : [], ids: sections,
                featureNode: featureNode, routeNode: routeNode, handlerNode: handlerNode, dependencyNode: dependencyNode,
                nodeCount: allNodes)
        }
        let (first, second) = atOnce({ segment(0..<cut, false) }, { segment(cut..<declared.count, true) })
        laps.step("edge records, sorted")
        edges = first.edges + second.edges
        mappingNodes = second.mappings
        var into: [(node: Int32, edge: Int32)] = []
        into.reserveCapacity(edges.count)
        for e in edges.indices { into.append((edges[e].to, Int32(e))) }
        // The edges are in source-node order, so each node's outgoing row is a run of them; the
        // incoming rows and the walks' rows are made at once, on two threads.
        outgoing = EdgeRows(sortedSources: edges.lazy.map(\.from), nodeCount: nodes.count)
        let nodeCount = nodes.count, allEdges = edges
        (incoming, (navigationRows, landingRows)) = atOnce({ EdgeRows(nodeCount: nodeCount, pairs: into) }) {
            (MoveRows(nodeCount: nodeCount, edges: allEdges, kind: .navigates) { MoveRows.Entry(to: $0.to, tag: $0.styleID) },
             MoveRows(nodeCount: nodeCount, edges: allEdges, kind: .routesTo) { MoveRows.Entry(to: $0.to, tag: UInt32(bitPattern: $0.via)) })
        }
        presentRows = MoveRows(nodeCount: nodeCount, edges: allEdges, kind: .presents) { MoveRows.Entry(to: $0.to, tag: $0.styleID) }
        laps.step("edge rows")
        // 6. Entries.
        var ef: [Int32] = [], er: [Int32] = []
        for (i, e) in registry.entries.enumerated() {
            switch e.target {
            case .feature: ef.append(featureNode[Int(entryIDs[i])])
            case .route: er.append(routeNode[Int(entryIDs[i])])
            }
        }
        entryFeatures = Array(Set(ef)).sorted()
        entryRoutes = Array(Set(er)).sorted()

        laps.step("entries")
        // 7. Declaration origins of routes, handlers and dependency bindings.
        declarationOrigin = Array(repeating: nil, count: nodes.count)
        func originOrder(_ o: ElementOrigin) -> String { "\(o.registry?.description ?? "")\u{1}\(o.source?.description ?? "")" }
        func declare(_ id: Int32, _ o: ElementOrigin) {
            if let old = declarationOrigin[Int(id)], originOrder(old) <= originOrder(o) { return }
            declarationOrigin[Int(id)] = o
        }
        var declaring: [(node: Int32, edge: Int32)] = []
        declaring.reserveCapacity(registry.routes.count + registry.handlers.count + registry.dependencies.count)
        registry.routes.withUnsafeBufferPointer { rs in
            for i in rs.indices {
                let id = routeNode[Int(routeIDs[i])]
                declare(id, rs[i].origin)
                declaring.append((id, Int32(i)))
            }
        }
        registry.handlers.withUnsafeBufferPointer { hs in
            for i in hs.indices {
                let id = handlerNode[Int(handlerIDs[Int(handlerStart[i])])]
                declare(id, hs[i].origin)
                declaring.append((id, Int32(i)))
            }
        }
        registry.dependencies.withUnsafeBufferPointer { bs in
            for i in bs.indices {
                let id = dependencyNode[Int(bindingIDs[Int(bindingStart[i])])]
                declare(id, bs[i].origin)
                declaring.append((id, Int32(i)))
            }
        }
        declarationRows = EdgeRows(nodeCount: nodes.count, pairs: declaring)

        laps.step("declaration origins")
        // 8. Fallbacks as ids.
        fallbackTarget = Array(repeating: -1, count: nodes.count)
        for id in declaredFeatures {
            let first = featureRows[Int(id)].first!
            let fb = featureIDs[Int(featureStart[Int(first)]) + 1]
            guard fb >= 0 else { continue }
            let fbID = featureNode[Int(fb)]
            if fbID != id, featureDeclaration[Int(fbID)] != -1 { fallbackTarget[Int(id)] = fbID }
        }
        laps.step("fallbacks")
    }
}

extension NavGraph {
    /// One kind of edge per node as plain (target, tag) pairs in compressed rows.
    package struct MoveRows: Sendable {
        package struct Entry: Sendable {
            package var to: Int32
            /// A `navigates` edge's style id, or a `routesTo` edge's handler (its bits).
            package var tag: UInt32
        }

        package private(set) var offsets: [Int32] = [0]
        package private(set) var entries: [Entry] = []

        package init() {}

        /// From `edges` sorted by source node (the build's order): those of `kind`, per source.
        package init(nodeCount: Int, edges: [Edge], kind: EdgeKind, _ entry: (Edge) -> Entry) {
            let ofKind = edges.lazy.filter { $0.kind == kind }
            offsets = EdgeRows.offsets(sortedSources: ofKind.map(\.from), nodeCount: nodeCount)
            entries = ofKind.map(entry)
        }
    }

    /// The name ids of the registry's sections, in `RegistryNames`' layout (with where each
    /// declaration's ids start), as the build's first step resolved them.
    package struct Sections: Sendable {
        package var featureIDs: [Int32], featureStart: [Int32], routeIDs: [Int32], handlerIDs: [Int32], handlerStart: [Int32]
        package var bindingIDs: [Int32], bindingStart: [Int32], providedIDs: [Int32], entryIDs: [Int32], deeplinkIDs: [Int32]
        /// Per feature declaration (`presentStart[i] ..< presentStart[i + 1]`): its presented features.
        package var presentIDs: [Int32] = [], presentStart: [Int32] = [0]
    }

    /// One kind's names: per name id its slot (-1 when no name of the kind), the slots in order of
    /// first sight (declared? the smallest module declaring it), and the slots in name order.
    package struct KindNames: Sendable {
        package var slotOf: [Int32]
        package var slots: [(name: Int32, declared: Bool, module: String?)]
        package var order: [Int]
    }

    /// Every name of `kinds`, declared or referenced, in the order the registry mentions them, and
    /// sorted: the same slots whichever kinds are asked for together.
    package static func kindNames(_ kinds: [NodeKind], _ registry: Registry, _ x: Sections, _ table: NameTable) -> [KindNames] {
        let nameCount = table.count
        var want = [Bool](repeating: false, count: NodeKind.allCases.count)
        for kind in kinds { want[Int(kind.rawValue)] = true }
        var out = [KindNames](repeating: KindNames(slotOf: [], slots: [], order: []), count: NodeKind.allCases.count)
        for kind in kinds { out[Int(kind.rawValue)].slotOf = [Int32](repeating: -1, count: nameCount) }
        func note(_ kind: NodeKind, _ name: Int32, declared: Bool, module: String? = nil) {
            let k = Int(kind.rawValue)
            guard want[k] else { return }
            var slot = Int(out[k].slotOf[Int(name)])
            if slot < 0 {
                slot = out[k].slots.count
                out[k].slotOf[Int(name)] = Int32(slot)
                out[k].slots.append((name, false, nil))
            }
            guard declared else { return }
            out[k].slots[slot].declared = true
            if let module, out[k].slots[slot].module.map({ module < $0 }) ?? true { out[k].slots[slot].module = module }
        }
        let dependencies = want[Int(NodeKind.dependency.rawValue)]
        let routes = want[Int(NodeKind.route.rawValue)]
        registry.features.withUnsafeBufferPointer { fs in
            for i in fs.indices {
                var c = Int(x.featureStart[i])
                note(.feature, x.featureIDs[c], declared: true, module: fs[i].module)
                if x.featureIDs[c + 1] >= 0 { note(.feature, x.featureIDs[c + 1], declared: false) }
                c += 2
                let nd = fs[i].dependencies.count, nn = fs[i].navigates.count
                if dependencies { for j in 0..<nd { note(.dependency, x.featureIDs[c + j], declared: false) } }
                c += nd
                if routes { for j in 0..<nn { note(.route, x.featureIDs[c + j], declared: false) } }
                if i + 1 < x.presentStart.count {
                    for k in Int(x.presentStart[i]) ..< Int(x.presentStart[i + 1]) { note(.feature, x.presentIDs[k], declared: false) }
                }
            }
        }
        if routes {
            registry.routes.withUnsafeBufferPointer { rs in
                for i in rs.indices { note(.route, x.routeIDs[i], declared: true, module: rs[i].module) }
            }
        }
        registry.handlers.withUnsafeBufferPointer { hs in
            for i in hs.indices {
                var c = Int(x.handlerStart[i])
                note(.handler, x.handlerIDs[c], declared: true, module: hs[i].module)
                for _ in 0..<hs[i].routes.count {
                    note(.route, x.handlerIDs[c + 1], declared: false)
                    note(.feature, x.handlerIDs[c + 2], declared: false)
                    c += 2
                }
            }
        }
        if dependencies {
            registry.dependencies.withUnsafeBufferPointer { bs in
                for i in bs.indices {
                    var c = Int(x.bindingStart[i])
                    note(.dependency, x.bindingIDs[c], declared: true, module: bs[i].module)
                    for _ in 0..<bs[i].dependencies.count { c += 1; note(.dependency, x.bindingIDs[c], declared: false) }
                }
            }
            for id in x.providedIDs { note(.dependency, id, declared: true) }
        }
        for (i, e) in registry.entries.enumerated() {
            switch e.target {
            case .feature: note(.feature, x.entryIDs[i], declared: false)
            case .route: note(.route, x.entryIDs[i], declared: false)
            }
        }
        for id in x.deeplinkIDs where id >= 0 { note(.route, id, declared: false) }
        for kind in kinds {
            let k = Int(kind.rawValue)
            out[k].order = table.sorted(out[k].slots.map(\.name)).map { Int(out[k].slotOf[Int($0)]) }
        }
        return kinds.map { out[Int($0.rawValue)] }
    }

    /// The edges whose sources are `features` (declared feature nodes, ascending) and, after them,
    /// the routes of `handlers` and the dependencies of `bindings`: (from, kind, to, via, lazy, style)
    /// in canonical order, exact duplicates collapsed, and the handlers' (route, feature) pairs.
    /// Reads only what it is given (the graph build runs two at once).
    package static func edgeSegment(
        features declared: ArraySlice<Int32>, featureRows: EdgeRows, declarations features: [Feature],
        handlers: [RouteHandler], bindings: [DependencyBinding], ids x: Sections,
        featureNode: [Int32], routeNode: [Int32], handlerNode: [Int32], dependencyNode: [Int32], nodeCount: Int
    ) -> (edges: [Edge], mappings: [(route: Int32, feature: Int32)]) {
        let featureStart = x.featureStart, featureIDs = x.featureIDs, handlerStart = x.handlerStart
        let handlerIDs = x.handlerIDs, bindingStart = x.bindingStart, bindingIDs = x.bindingIDs
        // Styles become small ids first, so an edge record is a plain value (sorting them moves no
        // reference counts); a style's rank orders records as `(style ?? "")` would.
        var styleOf: [String?] = [nil], styleIDs: [String: Int32] = [:], processID: [UInt32] = [0]
        func styleID(_ style: String?) -> Int32 {
            guard let style else { return 0 }
            if let id = styleIDs[style] { return id }
            let id = Int32(styleOf.count)
            styleOf.append(style)
            styleIDs[style] = id
            processID.append(StyleNames.id(style))
            return id
        }
        var pending: [PendingEdge] = []
        var mappings: [(route: Int32, feature: Int32)] = []
        features.withUnsafeBufferPointer { features in
            for id in declared {
                let rows = featureRows[Int(id)]
                for (n, j) in rows.enumerated() {
                    var c = Int(featureStart[Int(j)]) + 2
                    features[Int(j)].dependencies.withUnsafeBufferPointer { ds in
                        for d in ds.indices {
                            pending.append(PendingEdge(from: id, to: dependencyNode[Int(featureIDs[c])], kind: .requires, via: -1, style: 0, lazy: ds[d].lazy))
                            c += 1
                        }
                    }
                    features[Int(j)].navigates.withUnsafeBufferPointer { ns in
                        for n in ns.indices {
                            pending.append(PendingEdge(from: id, to: routeNode[Int(featureIDs[c])], kind: .navigates, via: -1, style: styleID(ns[n].style), lazy: false))
                            c += 1
                        }
                    }
                    if Int(j) + 1 < x.presentStart.count {
                        var k = Int(x.presentStart[Int(j)])
                        features[Int(j)].presents.withUnsafeBufferPointer { ps in
                            for p in ps.indices {
                                pending.append(PendingEdge(from: id, to: featureNode[Int(x.presentIDs[k])], kind: .presents, via: -1, style: styleID(ps[p].style), lazy: false))
                                k += 1
                            }
                        }
                    }
                    // The first declaration's fallback (the merged feature keeps the first's).
                    let fb = featureIDs[Int(featureStart[Int(j)]) + 1]
                    if n == 0, fb >= 0 { pending.append(PendingEdge(from: id, to: featureNode[Int(fb)], kind: .fallback, via: -1, style: 0, lazy: false)) }
                }
            }
        }
        handlers.withUnsafeBufferPointer { handlers in
            for i in handlers.indices {
                var c = Int(handlerStart[i])
                let hid = handlerNode[Int(handlerIDs[c])]
                for _ in 0..<handlers[i].routes.count {
                    let route = routeNode[Int(handlerIDs[c + 1])], feature = featureNode[Int(handlerIDs[c + 2])]
                    pending.append(PendingEdge(from: route, to: feature, kind: .routesTo, via: hid, style: 0, lazy: false))
                    mappings.append((route, feature))
                    c += 2
                }
            }
        }
        bindings.withUnsafeBufferPointer { bindings in
            for i in bindings.indices {
                var c = Int(bindingStart[i])
                let pid = dependencyNode[Int(bindingIDs[c])]
                bindings[i].dependencies.withUnsafeBufferPointer { ds in
                    for d in ds.indices {
                        c += 1
                        pending.append(PendingEdge(from: pid, to: dependencyNode[Int(bindingIDs[c])], kind: .requires, via: -1, style: 0, lazy: ds[d].lazy))
                    }
                }
            }
        }
        let styleRank = ranks(of: styleOf)
        // Grouped by `from` with a counting pass (keeps each group's order), then each group sorted:
        // the same order as one stable sort of all of them.
        let sorted = EdgeRows(nodeCount: nodeCount, pairs: pending.indices.map { (pending[$0].from, Int32($0)) })
        var order = [PendingEdge]()
        order.reserveCapacity(pending.count)
        for node in 0..<nodeCount {
            let group = sorted[node]
            let start = order.count
            for i in group { order.append(pending[Int(i)]) }
            guard group.count > 1 else { continue }
            order.withUnsafeMutableBufferPointer { all in
                var group = UnsafeMutableBufferPointer(rebasing: all[start...])
                group.sort { a, b in
                    if a.kind != b.kind { return a.kind.rawValue < b.kind.rawValue }
                    if a.to != b.to { return a.to < b.to }
                    if a.via != b.via { return a.via < b.via }
                    if a.lazy != b.lazy { return !a.lazy }
                    return styleRank[Int(a.style)] < styleRank[Int(b.style)]
                }
            }
        }
        pending = []
        var edges: [Edge] = []
        edges.reserveCapacity(order.count)
        var last: PendingEdge?
        for p in order {
            if let l = last, l == p { continue }  // exact duplicates collapse
            last = p
            edges.append(Edge(from: p.from, to: p.to, kind: p.kind, via: p.via, styleID: processID[Int(p.style)], lazy: p.lazy))
        }
        return (edges, mappings)
    }

    /// An edge while the graph is built: a plain value (its style an id into the build's style table).
    package struct PendingEdge: Equatable {
        package var from: Int32
        package var to: Int32
        package var kind: EdgeKind
        package var via: Int32
        package var style: Int32
        package var lazy: Bool
    }

    /// Per style id: its rank among the styles ordered as `(style ?? "")` (nil and "" tie).
    package static func ranks(of styles: [String?]) -> [Int32] {
        let byText = styles.indices.sorted { (styles[$0] ?? "") < (styles[$1] ?? "") }
        var rank = [Int32](repeating: 0, count: styles.count)
        var r: Int32 = 0
        for (k, i) in byText.enumerated() {
            if k > 0, (styles[byText[k - 1]] ?? "") != (styles[i] ?? "") { r += 1 }
            rank[i] = r
        }
        return rank
    }
}

