/// `DisabledFeature.run`'s walk with every disabled feature on, and its blame, for one scenario of
/// a scenario set at a time, at the cost of the walk alone: `--all-flag-combinations` makes it in
/// each scenario where the blame depends on the walk's order (nearly all 1,024 of a 10k-feature app
/// with ten flags), and `reachability(states:)` (a `Reachability` of seven arrays, a `ReachStep`
/// per screen, closures per move) was nine tenths of that run.
///
/// The moves are `forEachMove`'s, taken once with every feature that can be disabled `.on`: that
/// is every move any state makes (a destination shown, then its fallback). A scenario keeps a
/// shown destination unless it is `.off` there, and a fallback unless its feature is `.always`
/// there (forced on) — `forEachMove`'s own rule, which `blameWalkMatchesTheReachabilityWalk`
/// holds this to on random registries. Breadth-first in the same order as `walk`, each screen keeps
/// the step that first reached it as `reachability(states:)` does: the screen that opened the
/// route (-1 for an entry route), or, for a fallback, the feature it stands in for.
struct BlameWalk: Sendable {
    /// A move as made when everything is `.on`: where it lands, and through which destination.
    private struct Move: Sendable {
        var lands: Int32
        var via: Int32
        var isFallback: Bool
    }

    private let starts: [Int32]
    private let initial: [Move]
    private let offsets: [Int32]
    private let moves: [Move]
    let nodeCount: Int

    init(_ g: NavGraph, canBeDisabled: [Bool]) {
        nodeCount = g.nodeCount
        var seen = Set<Int32>()
        starts = g.entryFeatures.filter { g.isDeclaredFeature($0) && seen.insert($0).inserted }
        let everyMove: (ScreenMove) -> Move? = { m in
            guard let lands = m.lands, let via = m.destination else { return nil }
            if case .fallback = m.outcome { return Move(lands: lands, via: via, isFallback: true) }
            return Move(lands: lands, via: via, isFallback: false)
        }
        let state: (Int32) -> NavGraph.FeatureState = { canBeDisabled[Int($0)] ? .on : .always }
        var initial: [Move] = []
        for r in g.entryRoutes { g.forEachMove(opening: r, from: nil, style: 0, state: state) { if let m = everyMove($0) { initial.append(m) } } }
        self.initial = initial
        var offsets: [Int32] = [0]
        var moves: [Move] = []
        offsets.reserveCapacity(g.nodeCount + 1)
        for v in 0..<Int32(g.nodeCount) {
            if g.isDeclaredFeature(v) { g.forEachMove(from: v, state: state) { if let m = everyMove($0) { moves.append(m) } } }
            offsets.append(Int32(moves.count))
        }
        self.offsets = offsets
        self.moves = moves
    }

    /// What a node is in one walk, as bits: its shown destination is not made (`.off`), its fallback
    /// is not made (`.always`), it is a disabled feature (the blame stops there).
    static let notShown: UInt8 = 1, noFallback: UInt8 = 2, isDisabled: UInt8 = 4

    /// The bits of `state` (`.runtime` moves as `.on`), and `isDisabled` where `disabled`.
    static func bits(_ state: NavGraph.FeatureState, disabled: Bool) -> UInt8 {
        let moves: UInt8
        switch state {
        case .always: moves = noFallback
        case .on, .runtime: moves = 0
        case .off: moves = notShown
        }
        return moves | (disabled ? isDisabled : 0)
    }

    /// One worker's arrays, reused from walk to walk (a stamp per walk instead of clearing them).
    struct Scratch {
        /// Per node: the walk that reached it, or that only stepped onto it (a feature `.off` there
        /// whose fallback was used: `stepped`), or that blamed it.
        var reached: [UInt32]
        var stepped: [UInt32]
        var blamed: [UInt32]
        /// Per reached or stepped node: the first disabled feature on the steps above it, -1 for none.
        var blame: [Int32]
        var order: [Int32] = []
        var walk: UInt32 = 0

        init(nodeCount: Int) {
            reached = Array(repeating: 0, count: nodeCount)
            stepped = reached
            blamed = reached
            blame = Array(repeating: -1, count: nodeCount)
        }
    }

    /// The walk under `node` (per node: `bits(state, disabled:)`), then `body(blamed)` once for each
    /// disabled feature that is, for some screen the walk reaches and `targeted` does not hold in
    /// `scenario`, the first on the steps above it (the screen itself aside), as
    /// `DisabledFeature.forEachHidden` finds it on `reachability(states:)`.
    func forEachBlamed(node: [UInt8], targeted: ScenarioTable, scenario: Int, scratch s: inout Scratch, _ body: (Int32) -> Void) {
        s.walk &+= 1
        if s.walk == 0 {
            for i in s.reached.indices { (s.reached[i], s.stepped[i], s.blamed[i]) = (0, 0, 0) }
            s.walk = 1
        }
        let walk = s.walk
        s.order.removeAll(keepingCapacity: true)
        for x in starts {
            s.reached[Int(x)] = walk
            s.blame[Int(x)] = -1
            s.order.append(x)
        }
        // The first disabled feature on the steps from `p` up (`p` included); -1 above an entry.
        @inline(__always) func above(_ p: Int32, _ s: inout Scratch) -> Int32 {
            p < 0 ? -1 : node[Int(p)] & Self.isDisabled != 0 ? p : s.blame[Int(p)]
        }
        @inline(__always) func make(_ m: Move, from: Int32, _ s: inout Scratch) {
            if node[Int(m.via)] & (m.isFallback ? Self.noFallback : Self.notShown) != 0 { return }
            let x = Int(m.lands)
            guard s.reached[x] != walk else { return }
            var step = from
            if m.isFallback {
                let d = Int(m.via)
                // Its feature is reached (by this move's shown destination, or before) unless `.off`;
                // then the first move to it was its step, as it is in `reachability(states:)`.
                if s.reached[d] != walk && s.stepped[d] != walk {
                    s.stepped[d] = walk
                    s.blame[d] = above(from, &s)
                }
                step = m.via
            }
            s.reached[x] = walk
            // A feature stepped onto before it was reached as a fallback keeps that first step.
            if s.stepped[x] != walk { s.blame[x] = above(step, &s) }
            s.order.append(m.lands)
        }
        for m in initial { make(m, from: -1, &s) }
        var head = 0
        while head < s.order.count {
            let v = s.order[head]
            head += 1
            for k in Int(offsets[Int(v)]) ..< Int(offsets[Int(v) + 1]) { make(moves[k], from: v, &s) }
        }
        let width = targeted.width, word = scenario / 64, bit = UInt64(1) << UInt64(scenario % 64)
        for x in s.order {
            let c = s.blame[Int(x)]
            guard c >= 0, s.blamed[Int(c)] != walk, targeted.words[Int(x) * width + word] & bit == 0 else { continue }
            s.blamed[Int(c)] = walk
            body(c)
        }
    }
}
