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
        /// Presentation style of a `navigates` edge.
        public var style: String?
        /// A lazy `requires` edge does not build its target at once.
        public var lazy: Bool
    }

    /// What the graph was built from. Internal: checks, renderers and the terminal read the graph.
    let registry: Registry
    public private(set) var nodes: [Node] = []
    public private(set) var edges: [Edge] = []
    /// Edge indices leaving each node, in edge order: `outgoing[node]` (compressed rows).
    public private(set) var outgoing = EdgeRows()
    /// Edge indices entering each node, in edge order: `incoming[node]` (compressed rows).
    public private(set) var incoming = EdgeRows()
    /// Name -> id, one dictionary per kind (indexed by the kind's raw value).
    private var index: [[String: Int32]] = Array(repeating: [:], count: NodeKind.allCases.count)
    /// Ids of each kind are contiguous (interned kind by kind, names sorted).
    private var ranges: [NodeKind: Range<Int32>] = [:]

    /// Per node: the merged declaration of a declared feature (the first in canonical order when
    /// duplicated), nil for every other node. Read through `feature(_:)`.
    private var featureDeclarations: [Feature?] = []
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
    /// it, in registry order (compressed rows; a node of another kind has none). Read through
    /// `routeDeclarations(_:)`, `handlerDeclarations(_:)`, `bindings(_:)`: checks look
    /// declarations up by id instead of grouping the registry by name each run.
    private var declarationRows = EdgeRows()

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
    public func node(_ kind: NodeKind, _ name: String) -> Int32? { index[Int(kind.rawValue)][name] }

    public func name(_ id: Int32) -> String { nodes[Int(id)].name }

    /// All node ids of a kind, ascending (= sorted by name).
    public func ids(of kind: NodeKind) -> [Int32] {
        guard let r = ranges[kind] else { return [] }
        return Array(r)
    }

    public func edge(_ e: Int32) -> Edge { edges[Int(e)] }

    /// The registry's declarations of route node `id`, in registry order.
    public func routeDeclarations(_ id: Int32) -> [Route] { declarationRows[Int(id)].map { registry.routes[Int($0)] } }
    /// The registry's declarations of handler node `id`, in registry order.
    public func handlerDeclarations(_ id: Int32) -> [RouteHandler] { declarationRows[Int(id)].map { registry.handlers[Int($0)] } }
    /// The registry's bindings of dependency node `id`, in registry order.
    public func bindings(_ id: Int32) -> [DependencyBinding] { declarationRows[Int(id)].map { registry.dependencies[Int($0)] } }

    /// The merged declaration of feature node `id`; nil when `id` is not a declared feature.
    public func feature(_ id: Int32) -> Feature? {
        id >= 0 && Int(id) < featureDeclarations.count ? featureDeclarations[Int(id)] : nil
    }

    /// Edge lists of every node in one flat array: node `i`'s edges are
    /// `targets[offsets[i] ..< offsets[i + 1]]`.
    public struct EdgeRows: Sendable {
        private var offsets: [Int32] = [0]
        private var targets: [Int32] = []

        init() {}

        /// Rows from (node, edge) pairs, kept in the order given within each node.
        init(nodeCount: Int, pairs: [(node: Int32, edge: Int32)]) {
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

        public subscript(node: Int) -> ArraySlice<Int32> {
            targets[Int(offsets[node]) ..< Int(offsets[node + 1])]
        }
    }

    private mutating func build() {
        // 1. Collect every name per kind, declared or referenced: one hash per occurrence, the
        // dictionary maps a name to its slot in `slots` (first-seen order).
        var names: [[String: Int32]] = Array(repeating: [:], count: NodeKind.allCases.count)
        var slots: [[(name: String, declared: Bool, module: String?)]] = Array(repeating: [], count: NodeKind.allCases.count)
        func note(_ kind: NodeKind, _ name: String, declared: Bool, module: String? = nil) {
            let k = Int(kind.rawValue)
            let next = Int32(slots[k].count)
            // Read through inout so the default is inserted by the same lookup.
            func read(_ v: inout Int32) -> Int32 { v }
            let slot = Int(read(&names[k][name, default: next]))
            if slot == Int(next) { slots[k].append((name, false, nil)) }
            guard declared else { return }
            slots[k][slot].declared = true
            if let module, slots[k][slot].module.map({ module < $0 }) ?? true { slots[k][slot].module = module }
        }
        for f in registry.features {
            note(.feature, f.name, declared: true, module: f.module)
            if let fb = f.fallback { note(.feature, fb, declared: false) }
            for d in f.dependencies { note(.dependency, d.name, declared: false) }
            for n in f.navigates { note(.route, n.route, declared: false) }
        }
        for r in registry.routes { note(.route, r.id, declared: true, module: r.module) }
        for h in registry.handlers {
            note(.handler, h.name, declared: true, module: h.module)
            for m in h.routes {
                note(.route, m.route, declared: false)
                note(.feature, m.feature, declared: false)
            }
        }
        for b in registry.dependencies {
            note(.dependency, b.protocol, declared: true, module: b.module)
            for d in b.dependencies { note(.dependency, d.name, declared: false) }
        }
        for p in registry.provided { note(.dependency, p.name, declared: true) }
        for e in registry.entries {
            switch e.target {
            case .feature(let n): note(.feature, n, declared: false)
            case .route(let r): note(.route, r, declared: false)
            }
        }
        for d in registry.deeplinks { if let r = d.route { note(.route, r, declared: false) } }

        // 2. Intern in sorted order; the name -> id index reuses step 1's tables (no rehashing).
        for kind in NodeKind.allCases {
            let k = Int(kind.rawValue)
            let order = slots[k].indices.sorted { slots[k][$0].name < slots[k][$1].name }
            var idOfSlot = [Int32](repeating: 0, count: order.count)
            let start = Int32(nodes.count)
            for slot in order {
                idOfSlot[slot] = Int32(nodes.count)
                let s = slots[k][slot]
                nodes.append(Node(kind: kind, name: s.name, module: s.module, declared: s.declared))
            }
            index[k] = names[k].mapValues { idOfSlot[Int($0)] }
            ranges[kind] = start..<Int32(nodes.count)
        }
        let featureIDs = index[Int(NodeKind.feature.rawValue)], routeIDs = index[Int(NodeKind.route.rawValue)]
        let handlerIDs = index[Int(NodeKind.handler.rawValue)], dependencyIDs = index[Int(NodeKind.dependency.rawValue)]

        // 3. Canonical feature declarations: sorted so the result does not depend on input order.
        // Sorted as indices, names compared first: sorting the Feature values themselves copied
        // them around and dominated build() on big registries. Same (stable) order as before.
        featureDeclarations = Array(repeating: nil, count: nodes.count)
        for f in Feature.canonicallySorted(registry.features) {
            let id = Int(featureIDs[f.name]!)
            if featureDeclarations[id] != nil {
                // Duplicates: union of what either declaration can do.
                featureDeclarations[id]!.navigates += f.navigates
                featureDeclarations[id]!.dependencies += f.dependencies
            } else {
                featureDeclarations[id] = f
            }
        }
        declaredFeatures = ids(of: .feature).filter { featureDeclarations[Int($0)] != nil }

        // 4. Edges, added in canonical order.
        var pending: [(from: Int32, to: Int32, kind: EdgeKind, via: Int32, style: String?, lazy: Bool)] = []
        for id in declaredFeatures {
            let f = featureDeclarations[Int(id)]!
            for n in f.navigates {
                pending.append((id, routeIDs[n.route]!, .navigates, -1, n.style, false))
            }
            if let fb = f.fallback { pending.append((id, featureIDs[fb]!, .fallback, -1, nil, false)) }
            for d in f.dependencies {
                pending.append((id, dependencyIDs[d.name]!, .requires, -1, nil, d.lazy))
            }
        }
        for h in registry.handlers {
            let hid = handlerIDs[h.name]!
            for m in h.routes {
                pending.append((routeIDs[m.route]!, featureIDs[m.feature]!, .routesTo, hid, nil, false))
            }
        }
        for b in registry.dependencies {
            let pid = dependencyIDs[b.protocol]!
            for d in b.dependencies {
                pending.append((pid, dependencyIDs[d.name]!, .requires, -1, nil, d.lazy))
            }
        }
        pending.sort { a, b in
            if a.from != b.from { return a.from < b.from }
            if a.kind.rawValue != b.kind.rawValue { return a.kind.rawValue < b.kind.rawValue }
            if a.to != b.to { return a.to < b.to }
            if a.via != b.via { return a.via < b.via }
            if a.lazy != b.lazy { return !a.lazy }
            return (a.style ?? "") < (b.style ?? "")
        }
        var out: [(node: Int32, edge: Int32)] = [], into: [(node: Int32, edge: Int32)] = []
        out.reserveCapacity(pending.count)
        into.reserveCapacity(pending.count)
        var last: (Int32, Int32, UInt8, Int32, String?, Bool)?
        for p in pending {
            let key = (p.from, p.to, p.kind.rawValue, p.via, p.style, p.lazy)
            if let l = last, l == key { continue }  // exact duplicates collapse
            last = key
            let e = Int32(edges.count)
            edges.append(Edge(from: p.from, to: p.to, kind: p.kind, via: p.via, style: p.style, lazy: p.lazy))
            out.append((p.from, e))
            into.append((p.to, e))
        }
        outgoing = EdgeRows(nodeCount: nodes.count, pairs: out)
        incoming = EdgeRows(nodeCount: nodes.count, pairs: into)

        // 5. Entries.
        var ef = Set<Int32>(), er = Set<Int32>()
        for e in registry.entries {
            switch e.target {
            case .feature(let n): ef.insert(featureIDs[n]!)
            case .route(let r): er.insert(routeIDs[r]!)
            }
        }
        entryFeatures = ef.sorted()
        entryRoutes = er.sorted()

        // 6. Declaration origins of routes, handlers and dependency bindings.
        declarationOrigin = Array(repeating: nil, count: nodes.count)
        func originOrder(_ o: ElementOrigin) -> String { "\(o.registry?.description ?? "")\u{1}\(o.source?.description ?? "")" }
        func declare(_ id: Int32, _ o: ElementOrigin) {
            if let old = declarationOrigin[Int(id)], originOrder(old) <= originOrder(o) { return }
            declarationOrigin[Int(id)] = o
        }
        var declaring: [(node: Int32, edge: Int32)] = []
        declaring.reserveCapacity(registry.routes.count + registry.handlers.count + registry.dependencies.count)
        for (i, x) in registry.routes.enumerated() {
            let id = routeIDs[x.id]!
            declare(id, x.origin)
            declaring.append((id, Int32(i)))
        }
        for (i, h) in registry.handlers.enumerated() {
            let id = handlerIDs[h.name]!
            declare(id, h.origin)
            declaring.append((id, Int32(i)))
        }
        for (i, d) in registry.dependencies.enumerated() {
            let id = dependencyIDs[d.protocol]!
            declare(id, d.origin)
            declaring.append((id, Int32(i)))
        }
        declarationRows = EdgeRows(nodeCount: nodes.count, pairs: declaring)

        // 7. Fallbacks as ids.
        fallbackTarget = Array(repeating: -1, count: nodes.count)
        for id in declaredFeatures {
            if let fb = featureDeclarations[Int(id)]!.fallback, let fbID = featureIDs[fb], fbID != id,
               featureDeclarations[Int(fbID)] != nil { fallbackTarget[Int(id)] = fbID }
        }
    }
}

extension Feature {
    /// `features.sorted(by: canonicalOrder)`, the same (stable) order, but sorting indices with the
    /// names compared first: sorting the Feature values themselves copied them around and
    /// dominated on big registries.
    static func canonicallySorted(_ features: [Feature]) -> [Feature] {
        let names = features.map(\.name)
        return features.indices.sorted { a, b in
            if names[a] != names[b] { return names[a] < names[b] }
            return canonicalOrder(features[a], features[b])
        }.map { features[$0] }
    }

    /// A total order over declarations that does not depend on where they were read.
    static func canonicalOrder(_ a: Feature, _ b: Feature) -> Bool {
        if a.name != b.name { return a.name < b.name }
        let ka = "\(a.module ?? "")|\(a.enabled)|\(a.fallback ?? "")|\(a.origin.source?.description ?? "")"
        let kb = "\(b.module ?? "")|\(b.enabled)|\(b.fallback ?? "")|\(b.origin.source?.description ?? "")"
        if ka != kb { return ka < kb }
        return (a.origin.registry?.description ?? "") < (b.origin.registry?.description ?? "")
    }
}
