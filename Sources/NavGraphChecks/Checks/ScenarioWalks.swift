import NavGraphModel
import NavGraphSchema
import NavGraphGraph

/// Every move a scenario's walk can make, made once for all scenarios: as `forEachMove` makes
/// them with every feature that can be disabled `.on`, per source (the root, `n`, makes the
/// entries' moves: entry features, then entry routes), in order; a source's moves are contiguous.
/// A scenario's walk keeps a subset of the moves that land (`lands`); and it records, for each
/// move, the same steps (`events`): a feature's state decides whether a route's destination is
/// shown, not that the route targets it, nor, for a feature that can be disabled, that its
/// fallback is targeted as well (a walk that forces features on records no fallback for them:
/// `ScenarioSteps` is for walks that force none).
package struct WalkMoves {
    /// How a move arrives: an entry feature shown (never removed), a route's destination shown,
    /// a fallback shown, a direct presentation (never removed: built without `isEnabled()`).
    package enum Kind: UInt8 { case start, route, fallback, direct }

    package let n: Int, root: Int32
    /// The moves that land: where, through which feature (the destination; for a fallback, the
    /// feature it stands in for), how, and from where.
    package private(set) var lands: [Int32] = [], via: [Int32] = [], kind: [Kind] = [], source: [Int32] = []
    package private(set) var offsets: [Int32]
    /// The steps a walk records, per source in order: the node a step explains, the step, and the source.
    package private(set) var eventTarget: [Int32] = [], eventStep: [ReachStep] = [], eventSource: [Int32] = []
    /// Per node, the events that explain it (compressed rows).
    private var intoStart: [Int32] = [], intoList: [Int32] = []

    package init(_ g: NavGraph) {
        n = g.nodeCount
        root = Int32(n)
        offsets = [Int32](repeating: 0, count: n + 2)
        // A feature whose `isEnabled()` follows anything (its gate) can be disabled.
        let gates = g.gates
        let state: (Int32) -> NavGraph.FeatureState = { gates[Int($0)] == NavGraph.gateAlways ? .always : .on }
        for v in 0..<Int32(n) {
            offsets[Int(v)] = Int32(lands.count)
            if g.isDeclaredFeature(v) { g.forEachMove(from: v, state: state) { add($0, from: v) } }
        }
        offsets[n] = Int32(lands.count)
        for f in g.entryFeatures where g.isDeclaredFeature(f) {
            lands.append(f)
            via.append(f)
            kind.append(.start)
            source.append(root)
        }
        for r in g.entryRoutes { g.forEachMove(opening: r, from: nil, style: 0, state: state) { add($0, from: root) } }
        offsets[n + 1] = Int32(lands.count)
        (intoStart, intoList) = Rows.of(eventTarget, nodes: n)
    }

    /// A move: the steps `reachability(states:)` records for it, then its landing.
    private mutating func add(_ m: ScreenMove, from: Int32) {
        let fromScreen: Int32? = from == root ? nil : from
        if m.direct {
            guard let d = m.destination else { return }
            event(d, ReachStep(kind: .direct(from: from, styleID: m.styleID)), from: from)
        } else if let d = m.destination, let handler = m.handler {
            event(d, ReachStep(kind: .route(from: fromScreen, route: m.route, handler: handler, styleID: m.styleID)), from: from)
            if case .fallback = m.outcome, let fb = m.lands { event(fb, ReachStep(kind: .fallback(of: d)), from: from) }
        }
        guard let to = m.lands, let d = m.destination else { return }
        if m.direct { kind.append(.direct) } else if case .fallback = m.outcome { kind.append(.fallback) } else { kind.append(.route) }
        lands.append(to)
        via.append(d)
        source.append(from)
    }

    private mutating func event(_ target: Int32, _ step: ReachStep, from: Int32) {
        eventSource.append(from)
        eventTarget.append(target)
        eventStep.append(step)
    }

    package func of(_ v: Int32) -> Range<Int> { Int(offsets[Int(v)]) ..< Int(offsets[Int(v) + 1]) }

    /// The events that explain node `x`, in order.
    package func events(into x: Int32) -> ArraySlice<Int32> { intoList[Int(intoStart[Int(x)]) ..< Int(intoStart[Int(x) + 1])] }
}

/// Every scenario's walk at once, over the moves a scenario keeps (`removed`: per node, where a
/// route's move to it is removed, and where a fallback standing in for it is).
///
/// An *arrival* is a screen with the path of first arrivals that brings it from the root, and the
/// set of scenarios in which that is how the screen is first reached. A scenario's walk visits
/// screens in the order of their paths (depth, then the position of the screen the move leaves,
/// then the move), so arrivals taken level by level, each level in the order of their paths and
/// each arrival's moves in order, meet every scenario's screens in that scenario's own order: a
/// move out of an arrival gives a new arrival in the scenarios where it is kept and its screen is
/// not yet reached. Where a flag moves a screen, every screen below it arrives once more, for all
/// the scenarios that share that flag's answer at once.
///
/// Cost: O(A · d · w) time and O((A + n) · w) words, for A arrivals, d moves out of a screen, and
/// w = ⌈scenarios / 64⌉ words per set. A is at least the n screens reached and at most n per
/// scenario (each arrival holds a scenario of its screen's that no other arrival holds): n plus
/// the screens a flag moves, once per distinct answer of the flags that move them.
package struct ScenarioWalks {
    package let w: Int
    /// Per arrival, in the order of their paths: its screen, the move it arrives by, the arrival
    /// that move leaves (-1: the root), and its scenarios (`w` words from `w * index`).
    package private(set) var screen: [Int32] = [], move: [Int32] = [], parent: [Int32] = []
    package private(set) var sets: [UInt64] = []
    /// Per screen, its arrivals (compressed rows).
    private var start: [Int32], list: [Int32]

    /// `routeRemoved`/`fallbackRemoved`: per node, the scenarios where a route's move to it, or a
    /// fallback standing in for it, is removed (`width` words a node); `scenarios`: the scenarios walked.
    package init(_ moves: WalkMoves, routeRemoved: [UInt64], fallbackRemoved: [UInt64], width: Int, scenarios: [UInt64]) {
        w = width
        let n = moves.n
        var reached = [UInt64](repeating: 0, count: n * w)
        var fresh = [UInt64](repeating: 0, count: w)
        // Level by level from the root (arrival -1, every scenario walked).
        var level = -1 ..< 0
        while true {
            let first = screen.count
            for t in level {
                let from = t < 0 ? moves.root : screen[t]
                for k in moves.of(from) {
                    let y = Int(moves.lands[k])
                    let via = Int(moves.via[k]) * w
                    var any: UInt64 = 0
                    for i in 0..<w {
                        let removed: UInt64
                        switch moves.kind[k] {
                        case .start, .direct: removed = 0
                        case .route: removed = routeRemoved[via + i]
                        case .fallback: removed = fallbackRemoved[via + i]
                        }
                        let have = t < 0 ? scenarios[i] : sets[t * w + i]
                        fresh[i] = have & ~removed & ~reached[y * w + i]
                        any |= fresh[i]
                    }
                    guard any != 0 else { continue }
                    for i in 0..<w { reached[y * w + i] |= fresh[i] }
                    screen.append(Int32(y))
                    move.append(Int32(k))
                    parent.append(Int32(t))
                    sets.append(contentsOf: fresh)
                }
            }
            guard screen.count > first else { break }
            level = first ..< screen.count
        }
        (start, list) = Rows.of(screen, nodes: n)
    }

    /// The arrivals of screen `x`.
    package subscript(x: Int32) -> ArraySlice<Int32> { list[Int(start[Int(x)]) ..< Int(start[Int(x) + 1])] }

    /// Whether arrival `t` holds scenario `s`.
    package func holds(_ t: Int, _ s: Int) -> Bool { sets[t * w + s / 64] & (1 << UInt64(s % 64)) != 0 }

    /// Screen `x`'s arrival in scenario `s` (its position in that scenario's walk), nil where it is not reached.
    package func arrival(of x: Int32, in s: Int) -> Int? {
        for t in self[x] where holds(Int(t), s) { return Int(t) }
        return nil
    }

    /// How many scenarios some screen arrives in otherwise than in another scenario.
    package func scenariosApart() -> Int {
        var apart = [UInt64](repeating: 0, count: w)
        for x in 0 ..< start.count - 1 where start[x + 1] - start[x] > 1 {
            for t in self[Int32(x)] { for i in 0..<w { apart[i] |= sets[Int(t) * w + i] } }
        }
        return apart.reduce(0) { $0 + $1.nonzeroBitCount }
    }
}

/// The steps one scenario's walk records (`Reachability.step`), read off `ScenarioWalks` without
/// walking: a node's step is the first event that explains it from a screen the scenario reaches,
/// in the walk's order (the root's first, then by the source's arrival, then by event); an entry
/// feature's is `.entry`. For a walk that forces no feature on (every fallback event is recorded).
package struct ScenarioSteps {
    let moves: WalkMoves, walks: ScenarioWalks, scenario: Int
    let isEntry: (Int32) -> Bool

    package init(_ moves: WalkMoves, _ walks: ScenarioWalks, scenario: Int, isEntry: @escaping (Int32) -> Bool) {
        self.moves = moves
        self.walks = walks
        self.scenario = scenario
        self.isEntry = isEntry
    }

    /// Node `x`'s step in this scenario (nil: nothing the scenario reaches explains it).
    package func step(_ x: Int32) -> ReachStep? {
        if isEntry(x) { return ReachStep(kind: .entry) }
        var best: (position: Int, event: Int32)?
        for e in moves.events(into: x) {
            let source = moves.eventSource[Int(e)]
            let position: Int
            if source == moves.root {
                position = -1
            } else if let t = walks.arrival(of: source, in: scenario) {
                position = t
            } else {
                continue
            }
            if let b = best, (b.position, b.event) < (position, e) { continue }
            best = (position, e)
        }
        return best.map { moves.eventStep[Int($0.event)] }
    }
}

/// The arrivals below each arrival, for one scenario at a time: an arrival's route and direct moves
/// leave the arrival itself (`parent`); a fallback's leaves the arrival, in its scenario, of the
/// feature it stands in for (`DisabledFeature.forEachHidden(_:scenario:blamed:…)`), which in a
/// scenario is that screen's one arrival holding it.
package struct ArrivalTree {
    /// Per arrival, the arrivals whose route or direct move leaves it; per screen, the arrivals of
    /// fallbacks standing in for it (compressed rows, ascending).
    private let childStart: [Int32], childList: [Int32]
    private let standInStart: [Int32], standInList: [Int32]

    package init(_ walks: ScenarioWalks, _ moves: WalkMoves) {
        var parentKey = [Int32](repeating: -1, count: walks.screen.count)
        var viaKey = [Int32](repeating: -1, count: walks.screen.count)
        for t in walks.screen.indices {
            let k = Int(walks.move[t])
            switch moves.kind[k] {
            case .start: break
            case .route, .direct: parentKey[t] = walks.parent[t]
            case .fallback: viaKey[t] = moves.via[k]
            }
        }
        (childStart, childList) = Rows.of(parentKey, nodes: walks.screen.count)
        (standInStart, standInList) = Rows.of(viaKey, nodes: moves.n)
    }

    /// The arrivals whose move leaves arrival `t` of screen `x`, in any scenario (a caller keeps
    /// those of its own, and takes `t` as `x`'s arrival in it).
    package func below(_ t: Int32, screen x: Int32) -> (ArraySlice<Int32>, ArraySlice<Int32>) {
        (childList[Int(childStart[Int(t)]) ..< Int(childStart[Int(t) + 1])],
         standInList[Int(standInStart[Int(x)]) ..< Int(standInStart[Int(x) + 1])])
    }
}

/// Compressed rows: the indices of `keys` grouped by their key, in order within each (a negative
/// key: in no row).
private enum Rows {
    /// Key x's indices are `list[start[x] ..< start[x + 1]]`.
    static func of(_ keys: [Int32], nodes n: Int) -> (start: [Int32], list: [Int32]) {
        var start = [Int32](repeating: 0, count: n + 1)
        for x in keys where x >= 0 { start[Int(x) + 1] += 1 }
        for x in 0..<n { start[x + 1] += start[x] }
        var list = [Int32](repeating: 0, count: Int(start[n]))
        var fill = start
        for (i, key) in keys.enumerated() where key >= 0 {
            list[Int(fill[Int(key)])] = Int32(i)
            fill[Int(key)] += 1
        }
        return (start, list)
    }
}
