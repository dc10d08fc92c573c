import NavGraphSupport
import NavGraphModel

/// One way to leave a screen under a flag scenario: a route it opens, the handler that takes it,
/// and what the user ends up seeing. Produced only by `NavGraph.moves(opening:from:under:)`;
/// `check` (reachability), the report's flows, `path`, `why`, `flags`, the explorer and the
/// diagram's scenario colouring are all derived from it, so they cannot disagree.
public struct ScreenMove: Sendable, Hashable {
    public enum Outcome: Sendable, Hashable {
        /// The destination is built and shown (enabled, or decided at run time).
        case shows
        /// The destination is disabled here and has no usable fallback: RouterService crashes.
        case disabled
        /// The destination can be disabled; RouterService then shows its fallback (`lands`).
        /// `active` is true when the destination is disabled in this scenario.
        case fallback(active: Bool)
        /// No handler claims the route: RouterService's failure handler.
        case unhandled
        /// A handler maps the route to a feature the registry does not declare.
        case undeclared
    }

    /// The screen opening the route; nil for an entry route.
    public var from: Int32?
    /// The route opened; for a direct move, the presented feature itself (there is no route).
    public var route: Int32
    public var handler: Int32?
    /// The style of the `navigates` item that opened the route (its id in `StyleNames`).
    package var styleID: UInt32
    public var style: String? { StyleNames.name(styleID) }
    /// The feature the handler maps the route to (nil when unhandled).
    public var destination: Int32?
    public var outcome: Outcome
    /// The screen the user ends up on, if any.
    public var lands: Int32?
    /// A direct presentation (`presents`, style `direct`): `from` shows `destination` itself,
    /// around the router; no route, no handler, no `isEnabled()`.
    public var direct = false
}

extension NavGraph {
    /// What a declared feature's `isEnabled()` gives under a scenario, as far as `moves` needs it.
    public enum FeatureState: UInt8, Sendable {
        /// `isEnabled()` is absent or returns true: it cannot be disabled, its fallback is never used.
        case always
        /// It can be disabled, but is enabled in this scenario.
        case on
        /// Decided at run time (a run-time flag, or `runtime`): either may happen.
        case runtime
        /// Disabled in this scenario.
        case off
    }

    /// The state of feature `f` under `scenario` (`.always` for anything not a declared feature).
    public func state(of f: Int32, under scenario: FlagScenario) -> FeatureState {
        guard f >= 0, Int(f) < gates.count else { return .always }
        switch gates[Int(f)] {
        case Self.gateAlways: return .always
        case Self.gateNever: return .off
        case Self.gateRuntime: return .runtime
        case let k: return Self.state(enabled: scenario.isEnabled(.flag(gateFlags[Int(k)])))
        }
    }

    /// A gated feature's state from what the scenario says of its `isEnabled()` (nil: run time).
    private static func state(enabled: Bool?) -> FeatureState {
        switch enabled {
        case true?: .on
        case false?: .off
        case nil: .runtime
        }
    }

    /// Every node's state under `scenario`, for walks that ask once per move; `forceEnabled`
    /// features count as `.always` (to ask "what would turning them on unlock?").
    public func states(under scenario: FlagScenario, forceEnabled: Set<Int32> = []) -> [FeatureState] {
        // Each flag decided once (`FlagScenario.isEnabled(.flag(_))`), then each feature by its gate.
        let flags = gateFlags.map { Self.state(enabled: scenario.isEnabled(.flag($0))) }
        var out = [FeatureState](repeating: .always, count: nodes.count)
        out.withUnsafeMutableBufferPointer { out in
            gates.withUnsafeBufferPointer { gates in
                for id in declaredFeatures {
                    let gate = gates[Int(id)]
                    let state: FeatureState
                    switch gate {
                    case Self.gateAlways: continue
                    case Self.gateNever: state = .off
                    case Self.gateRuntime: state = .runtime
                    default: state = flags[Int(gate)]
                    }
                    if !forceEnabled.isEmpty && forceEnabled.contains(id) { continue }
                    out[Int(id)] = state
                }
            }
        }
        return out
    }

    /// The declared features disabled under `scenario` (`isEnabled` false: `enabled: false`, or a
    /// flag that is off), in id order.
    public func disabledFeatures(under scenario: FlagScenario) -> [Int32] {
        let states = states(under: scenario)
        return declaredFeatures.filter { states[Int($0)] == .off }
    }

    /// What opening `route` does (from screen `from`, or as an entry route when nil), under `scenario`:
    /// the one statement of RouterService's rules in navgraph. Every handler mapping of the route
    /// gives moves, in handler order:
    ///
    /// - no handler claims the route: one `.unhandled` move (the failure handler crashes), lands nowhere;
    /// - the destination is not a declared feature: `.undeclared`, lands nowhere;
    /// - the destination is enabled, or decided at run time: `.shows`, lands on it;
    /// - the destination can be disabled (a flag, `false`, `runtime`) and declares a fallback (a
    ///   declared feature other than itself): a `.fallback` move landing on the fallback, after the
    ///   `.shows` move when the destination may also be shown (`active: false`: enabled here or
    ///   decided at run time), alone when it is disabled here (`active: true`);
    /// - the destination is disabled here without a fallback: `.disabled`, lands nowhere (a crash).
    ///
    /// A fallback is shown *instead of* the destination, so it lands at the same depth the destination
    /// would have had (one move from `from`, never two). The fallback is built without its own
    /// `isEnabled()`, so its state does not matter, and fallbacks do not chain: the fallback's own
    /// fallback is never used by this move. An entry feature is built without `isEnabled()`: walks
    /// start on it whatever its state (`entryMoves`, `walk`).
    public func moves(opening route: Int32, from: Int32?, style: String? = nil, under scenario: FlagScenario) -> [ScreenMove] {
        var out: [ScreenMove] = []
        forEachMove(opening: route, from: from, style: StyleNames.id(style), state: { state(of: $0, under: scenario) }) { out.append($0) }
        return out
    }

    /// `moves(opening:from:under:)` without collecting: `state` answers per destination (a
    /// scenario, or a precomputed `states(under:)` table). The walks call this; nothing else
    /// decides what a route does.
    @inline(__always)
    package func forEachMove(opening route: Int32, from: Int32?, style: UInt32, state: (Int32) -> FeatureState, _ body: (ScreenMove) -> Void) {
        let lo = Int(landingRows.offsets[Int(route)]), hi = Int(landingRows.offsets[Int(route) + 1])
        for k in lo..<hi {
            let landing = landingRows.entries[k]
            let dest = landing.to
            var move = ScreenMove(from: from, route: route, handler: Int32(bitPattern: landing.tag), styleID: style, destination: dest, outcome: .shows, lands: dest)
            guard isDeclared[Int(dest)] else {
                move.outcome = .undeclared
                move.lands = nil
                body(move)
                continue
            }
            let st = state(dest)
            let fallback = st == .always ? -1 : fallbackTarget[Int(dest)]
            if st != .off {
                body(move)
            } else if fallback < 0 {
                move.outcome = .disabled
                move.lands = nil
                body(move)
            }
            if fallback >= 0 {
                move.outcome = .fallback(active: st == .off)
                move.lands = fallback
                body(move)
            }
        }
        if lo == hi { body(ScreenMove(from: from, route: route, handler: nil, styleID: style, destination: nil, outcome: .unhandled, lands: nil)) }
    }

    /// Every move of every route screen `f` opens, in route order then handler order, then its
    /// direct presentations (a presented screen is built as the code builds it, without
    /// `isEnabled()`: it is shown whatever its state; an undeclared one lands nowhere).
    package func forEachMove(from f: Int32, state: (Int32) -> FeatureState, _ body: (ScreenMove) -> Void) {
        let lo = Int(navigationRows.offsets[Int(f)]), hi = Int(navigationRows.offsets[Int(f) + 1])
        for k in lo..<hi {
            let navigation = navigationRows.entries[k]
            forEachMove(opening: navigation.to, from: f, style: navigation.tag, state: state, body)
        }
        guard Int(f) + 1 < presentRows.offsets.count else { return }
        let plo = Int(presentRows.offsets[Int(f)]), phi = Int(presentRows.offsets[Int(f) + 1])
        for k in plo..<phi {
            let p = presentRows.entries[k]
            let declared = isDeclared[Int(p.to)]
            body(ScreenMove(
                from: f, route: p.to, handler: nil, styleID: p.tag, destination: p.to, outcome: declared ? .shows : .undeclared,
                lands: declared ? p.to : nil, direct: true))
        }
    }

    /// The moves out of screen `f` under `scenario`, in route order then handler order.
    public func moves(from f: Int32, under scenario: FlagScenario) -> [ScreenMove] {
        var out: [ScreenMove] = []
        forEachMove(from: f, state: { state(of: $0, under: scenario) }) { out.append($0) }
        return out
    }

    /// Moves into the app from its entries: an entry feature is shown as is (built without
    /// `isEnabled()`); an entry route is opened like any other.
    /// `root` is the entry feature (nil for an entry route, or an undeclared feature).
    public func entryMoves(under scenario: FlagScenario) -> [(entry: String, isRoute: Bool, moves: [ScreenMove], root: Int32?)] {
        var out: [(String, Bool, [ScreenMove], Int32?)] = []
        for f in entryFeatures { out.append((name(f), false, [], isDeclaredFeature(f) ? f : nil)) }
        for r in entryRoutes { out.append((name(r), true, moves(opening: r, from: nil, under: scenario), nil)) }
        return out
    }

    /// Breadth-first from `starts` (depth 0) and the landings of `initial` (depth 0) over landing
    /// moves: the first move reaching each screen and its depth. `allParents` also keeps every
    /// move reaching a screen at its depth (for every shortest path).
    public func flowTree(from starts: [Int32], initial: [ScreenMove] = [], under scenario: FlagScenario, allParents: Bool = false) -> FlowTree {
        let st = states(under: scenario)
        return walk(from: starts, initial: initial, state: { st[Int($0)] }, recordParents: true, allParents: allParents, onMove: { _ in })
    }

    /// The one breadth-first walk: level by level, screens of a level in the order they were reached,
    /// moves in `forEachMove` order. `onMove` sees every move made (the initial ones first).
    /// Each screen is expanded once, so it is linear in screens plus moves. Without
    /// `recordParents` (reachability) no move is kept: only depths and the order.
    package func walk(
        from starts: [Int32], initial: [ScreenMove], state: (Int32) -> FeatureState, recordParents: Bool, allParents: Bool,
        onMove: (ScreenMove) -> Void
    ) -> FlowTree {
        // The walk's state is one value the move closures below capture (closure literals, not a
        // local function passed as a closure: that boxed every variable it touched and checked
        // exclusive access on each move at run time).
        var w = Walk(tree: FlowTree(nodeCount: nodes.count, parents: recordParents), recordParents: recordParents, allParents: allParents)
        var frontier: [Int32] = []
        for s in starts where w.tree.depths[Int(s)] < 0 {
            w.tree.depths[Int(s)] = 0
            w.tree.order.append(s)
            frontier.append(s)
        }
        for m in initial {
            onMove(m)
            w.land(m)
        }
        frontier += w.next
        w.next = []
        while !frontier.isEmpty {
            w.level += 1
            for v in frontier {
                forEachMove(from: v, state: state) { m in
                    onMove(m)
                    w.land(m)
                }
            }
            swap(&frontier, &w.next)
            w.next.removeAll(keepingCapacity: true)
        }
        return w.tree
    }

    /// `walk`'s state: the tree so far, the level being expanded and the screens it reached.
    private struct Walk {
        var tree: FlowTree
        let recordParents: Bool
        let allParents: Bool
        var level: Int32 = 0
        var next: [Int32] = []

        init(tree: FlowTree, recordParents: Bool, allParents: Bool) {
            self.tree = tree
            self.recordParents = recordParents
            self.allParents = allParents
        }

        @inline(__always)
        mutating func land(_ m: ScreenMove) {
            guard let l = m.lands else { return }
            let d = tree.depths[Int(l)]
            if d < 0 {
                tree.depths[Int(l)] = level
                if recordParents { tree.parents[Int(l)] = m }
                tree.order.append(l)
                next.append(l)
                if allParents { tree.predecessors[l] = [m] }
            } else if allParents && d == level && tree.predecessors[l] != nil {
                tree.predecessors[l, default: []].append(m)
            }
        }
    }
}

/// The breadth-first tree of screens reachable from some starts (flat, by node id).
public struct FlowTree: Sendable {
    /// Per node: its depth, -1 when not reached.
    package var depths: [Int32]
    /// Per node: the move that first reached it (nil for a start or an unreached node).
    package var parents: [ScreenMove?]
    /// Screens in the order they were reached.
    public var order: [Int32] = []
    /// With `allParents`: every move reaching a screen at its depth, in the order made.
    package var predecessors: [Int32: [ScreenMove]] = [:]

    package init(nodeCount: Int, parents: Bool) {
        depths = Array(repeating: -1, count: nodeCount)
        self.parents = parents ? Array(repeating: nil, count: nodeCount) : []
    }

    public func depth(_ screen: Int32) -> Int32? { depths[Int(screen)] < 0 ? nil : depths[Int(screen)] }
    public func parent(_ screen: Int32) -> ScreenMove? { parents.isEmpty ? nil : parents[Int(screen)] }
    public func contains(_ screen: Int32) -> Bool { depths[Int(screen)] >= 0 }
    /// Every move reaching `screen` at its depth (needs `allParents`).
    public func predecessors(_ screen: Int32) -> [ScreenMove] { predecessors[screen] ?? [] }

    /// The moves from a start to `screen`, first to last.
    public func path(to screen: Int32) -> [ScreenMove] {
        var steps: [ScreenMove] = []
        var cur = screen
        while let m = parent(cur) {
            steps.append(m)
            guard let f = m.from, steps.count < depths.count else { break }
            cur = f
        }
        return steps.reversed()
    }
}
