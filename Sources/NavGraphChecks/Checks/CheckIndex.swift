import Foundation
import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph

/// What rules share, built once per graph (not per flag scenario, not per rule): every declaration
/// by node id, who names which route and dependency, RouterService's store keys and the candidate
/// sets of "did you mean". Rules work on the graph's node ids and look names up only for messages;
/// nothing in a rule indexes the registry again. `CheckRunner` builds one and hands it to the
/// `CheckContext` of every scenario.
public final class CheckIndex: @unchecked Sendable {
    public let graph: NavGraph

    /// The registry's declarations, in registry order; the rows below hold positions in these.
    public let features: [Feature]
    public let routes: [Route]
    public let handlers: [RouteHandler]
    public let bindings: [DependencyBinding]
    public let provided: [ProvidedDependency]
    public let entries: [Entry]
    public let deeplinks: [DeepLink]
    /// The names of the declared flags.
    public let declaredFlags: Set<String>

    /// Feature node -> positions in `features`; nil when no feature is declared twice (then the
    /// only declaration of a declared feature is `graph.feature(id)`).
    private let featureRows: NavGraph.EdgeRows?
    /// Route node -> positions in `routes`; nil when no route is declared twice.
    private let routeRows: NavGraph.EdgeRows?
    /// Handler node -> positions in `handlers`.
    private let handlerRows: NavGraph.EdgeRows
    /// Dependency node -> positions in `bindings` / in `provided`.
    private let bindingRows: NavGraph.EdgeRows
    private let providedRows: NavGraph.EdgeRows

    /// A route mapping of a handler declaration, as ids.
    public struct Claim: Sendable {
        /// Positions in `handlers` and in that handler's `routes`.
        public var handler: Int32
        public var mapping: Int32
        /// The route and destination feature nodes the mapping names.
        public var route: Int32
        public var feature: Int32
    }
    /// Every handler mapping, in registry order (handler by handler).
    public let claims: [Claim]
    /// Route node -> positions in `claims`: the handler mappings that claim it.
    private let claimRows: NavGraph.EdgeRows

    /// Per entry (in `entries` order): the feature or route node it names.
    public let entryTargets: [Int32]
    /// Per deep link (in `deeplinks` order): the node of its `route`, and of the identifier before
    /// `|` of its `anyRoute`; -1 when it names none (or a name that is no node).
    public let deeplinkRoutes: [Int32]
    public let deeplinkAnyRoutes: [Int32]

    /// RouterService's store keys (unqualified protocol names), sorted; `storeKey[node - first
    /// dependency id]` is a dependency node's key, `keyMembers[key]` the declared dependency nodes
    /// with that key (bound or provided, ascending), `keyRegistered[key]` whether there is one.
    public let storeKeys: [String]
    private let storeKeyOfDependency: [Int32]
    private let firstDependency: Int32
    private let keyMemberRows: NavGraph.EdgeRows
    public let keyRegistered: [Bool]

    /// The did-you-mean indexes by kind: each built once, by the first thread that asks for it.
    private let lock = NSLock()
    private var suggestionSlots: [String: SuggestionSlot] = [:]

    public init(_ graph: NavGraph) {
        self.graph = graph
        let registry = graph.registry
        features = registry.features
        routes = registry.routes
        handlers = registry.handlers
        bindings = registry.dependencies
        provided = registry.provided
        entries = registry.entries
        deeplinks = registry.deeplinks
        declaredFlags = Set(registry.flags.map(\.name))
        let count = graph.nodeCount

        func rows(_ kind: NavGraph.NodeKind, _ names: [String]) -> NavGraph.EdgeRows {
            NavGraph.EdgeRows(nodeCount: count, pairs: names.enumerated().map { (graph.node(kind, $0.element)!, Int32($0.offset)) })
        }
        // Every declaration is a declared node: as many declarations as declared nodes means one each.
        let declaredRoutes = graph.ids(of: .route).reduce(0) { $0 + (graph.nodes[Int($1)].declared ? 1 : 0) }
        featureRows = features.count == graph.declaredFeatures.count ? nil : rows(.feature, features.map(\.name))
        routeRows = routes.count == declaredRoutes ? nil : rows(.route, routes.map(\.id))
        handlerRows = rows(.handler, handlers.map(\.name))
        bindingRows = rows(.dependency, bindings.map(\.protocol))
        providedRows = rows(.dependency, provided.map(\.name))

        var claims: [Claim] = []
        claims.reserveCapacity(graph.mappingNodes.count)
        var k = 0
        for (h, handler) in handlers.enumerated() {
            for m in handler.routes.indices {
                let (route, feature) = graph.mappingNodes[k]
                claims.append(Claim(handler: Int32(h), mapping: Int32(m), route: route, feature: feature))
                k += 1
            }
        }
        self.claims = claims
        claimRows = NavGraph.EdgeRows(nodeCount: count, pairs: claims.enumerated().map { ($0.element.route, Int32($0.offset)) })

        entryTargets = entries.map { e in
            switch e.target {
            case .feature(let n): return graph.node(.feature, n)!
            case .route(let r): return graph.node(.route, r)!
            }
        }
        deeplinkRoutes = deeplinks.map { d in d.route.flatMap { graph.node(.route, $0) } ?? -1 }
        deeplinkAnyRoutes = deeplinks.map { d in
            guard let a = d.anyRoute, let bar = a.firstIndex(of: "|") else { return -1 }
            return graph.node(.route, String(a[..<bar])) ?? -1
        }

        let dependencies = graph.ids(of: .dependency)
        firstDependency = dependencies.first ?? 0
        let keys = dependencies.map { DependencyBinding.unqualified(graph.name($0)) }
        storeKeys = Array(Set(keys)).sorted()
        var keyID: [String: Int32] = [:]
        keyID.reserveCapacity(storeKeys.count)
        for (i, k) in storeKeys.enumerated() { keyID[k] = Int32(i) }
        storeKeyOfDependency = keys.map { keyID[$0]! }
        var registered = [Bool](repeating: false, count: storeKeys.count)
        var members: [(node: Int32, edge: Int32)] = []
        for (i, id) in dependencies.enumerated() where graph.nodes[Int(id)].declared {
            registered[Int(storeKeyOfDependency[i])] = true
            members.append((storeKeyOfDependency[i], id))
        }
        keyRegistered = registered
        keyMemberRows = NavGraph.EdgeRows(nodeCount: storeKeys.count, pairs: members)
    }

    /// Positions in `features` of feature node `id`'s declarations, in registry order, when some
    /// feature is declared twice (`hasDuplicatedFeatures`); else empty: `graph.feature(id)` is
    /// then the one declaration.
    public func featureDeclarations(_ id: Int32) -> ArraySlice<Int32> { featureRows?[Int(id)] ?? [] }

    /// Whether feature node `id` is declared more than once.
    public func isFeatureDuplicated(_ id: Int32) -> Bool { (featureRows?[Int(id)].count ?? 0) > 1 }
    /// Whether some feature is declared more than once (else each declared one has one declaration).
    public var hasDuplicatedFeatures: Bool { featureRows != nil }

    /// Positions in `routes` of route node `id`'s declarations, in registry order, when some route
    /// is declared twice (`hasDuplicatedRoutes`); else empty (`graph.routeDeclarations(id)` has them).
    public func routeDeclarations(_ id: Int32) -> ArraySlice<Int32> { routeRows?[Int(id)] ?? [] }
    /// Whether some route is declared more than once.
    public var hasDuplicatedRoutes: Bool { routeRows != nil }

    /// Positions in `handlers` of handler node `id`'s declarations, in registry order.
    public func handlerDeclarations(_ id: Int32) -> ArraySlice<Int32> { handlerRows[Int(id)] }
    /// Positions in `bindings` of dependency node `id`'s bindings, in registry order.
    public func bindingDeclarations(_ id: Int32) -> ArraySlice<Int32> { bindingRows[Int(id)] }
    /// Positions in `provided` of dependency node `id`'s provided declarations, in registry order.
    public func providedDeclarations(_ id: Int32) -> ArraySlice<Int32> { providedRows[Int(id)] }
    /// Positions in `claims` of the handler mappings that claim route node `id`, in registry order.
    public func claims(of id: Int32) -> ArraySlice<Int32> { claimRows[Int(id)] }

    /// The store key (position in `storeKeys`) of dependency node `id`.
    public func storeKey(of id: Int32) -> Int { Int(storeKeyOfDependency[Int(id - firstDependency)]) }
    /// The declared dependency nodes whose store key is `key`, ascending.
    public func keyMembers(_ key: Int) -> ArraySlice<Int32> { keyMemberRows[key] }

    /// Calls `body` with each distinct target of node `id`'s `kind` edges, ascending (= by name):
    /// edges that differ only in style or laziness name a target once.
    public func forEachTarget(of id: Int32, _ kind: NavGraph.EdgeKind, _ body: (Int32) -> Void) {
        var last: Int32 = -1
        for e in graph.outgoing[Int(id)] {
            let edge = graph.edge(e)
            guard edge.kind == kind, edge.to != last else { continue }
            last = edge.to
            body(edge.to)
        }
    }

    /// Whether node `id` is declared (a name only referenced is still a node).
    public func isDeclared(_ id: Int32) -> Bool { id >= 0 && graph.nodes[Int(id)].declared }

    /// "Did you mean" over the declared nodes of `kind`, prepared once per graph on first use.
    /// The names the rules ask about are the kind's nodes that are referenced but not declared:
    /// their near misses are found in one pass (`NameSuggestion.Answers`).
    public func suggestions(_ kind: NavGraph.NodeKind) -> NameSuggestion.Answers {
        suggestions(kind.label) {
            let ids = graph.ids(of: kind)
            return (ids.filter { graph.nodes[Int($0)].declared }.map { graph.name($0) },
                    ids.filter { !graph.nodes[Int($0)].declared }.map { graph.name($0) })
        }
    }

    /// "Did you mean" over the declared flags, prepared once per graph on first use.
    public var flagSuggestions: NameSuggestion.Answers { suggestions("flag") { (declaredFlags.sorted(), []) } }

    /// Whether a did-you-mean index was asked for (tests hold `suggestsNames` to it).
    package var hasBuiltSuggestions: Bool { lock.withLock { !suggestionSlots.isEmpty } }

    /// A thread asking for one kind's index waits only for that kind's build: two rules on two
    /// threads build the feature and the route index at once (under one lock, the second waited
    /// for the first: ~18 ms of the critical path at 10k features).
    private func suggestions(_ key: String, _ names: () -> (candidates: [String], expected: [String])) -> NameSuggestion.Answers {
        lock.lock()
        let slot = suggestionSlots[key] ?? SuggestionSlot()
        suggestionSlots[key] = slot
        lock.unlock()
        slot.lock.lock()
        defer { slot.lock.unlock() }
        if let index = slot.index { return index }
        let index = StageTimes.measure("checks: did-you-mean index of \(key)s") {
            let (candidates, expected) = names()
            return NameSuggestion.Answers(candidates, expecting: expected)
        }
        slot.index = index
        return index
    }
}

private final class SuggestionSlot: @unchecked Sendable {
    let lock = NSLock()
    var index: NameSuggestion.Answers?
}
