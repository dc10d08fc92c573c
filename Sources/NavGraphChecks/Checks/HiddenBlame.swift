import NavGraphModel
import NavGraphSchema
import NavGraphGraph

/// Where a disabled feature hides a screen, in the sense of `DisabledFeature.run`, for every
/// scenario of a set at once, without a walk per scenario.
///
/// `run` walks with every disabled feature on (the unlocked walk) and follows each hidden screen's
/// explaining steps (a screen it reaches that the scenario does not target) up to the first
/// disabled feature, which is blamed. Each scenario's unlocked walk keeps a subset of the moves
/// made with every feature that can be disabled on: a disabled feature's fallback is not used, an
/// off one (not disabled) is not shown through a route.
///
/// All the scenarios' walks are one breadth-first search over *arrivals*: an arrival is a screen
/// with the path of first arrivals that brings it from the root, and the set of scenarios in which
/// that is how the screen is first reached. A scenario's walk visits screens in the order of their
/// paths (depth, then the position of the screen the move leaves, then the move), so arrivals
/// taken level by level, each level in the order of their paths, and each arrival's moves in
/// order, meet every scenario's screens in that scenario's own order: a move out of an arrival
/// gives a new arrival in the scenarios where it is kept and its screen is not yet reached. Where
/// a flag moves a screen, every screen below it arrives once more, for all the scenarios that share
/// that flag's answer at once, where placing screens scenario by scenario repeated it per scenario.
/// The blame then runs bottom-up over the arrivals (scenario sets as bits, as `reachAcross` does
/// for reachability).
///
/// Cost: O(A · d · w) time and O((A + n) · w) words, for A arrivals, d moves out of a screen, and
/// w = ⌈scenarios / 64⌉ words per set. A is at least the n screens reached and at most n per
/// scenario (each arrival holds a scenario of its screen's no other arrival holds); it is n plus the
/// screens moved per distinct answer of the flags that move them. `hiddenBlameMatchesTheWalks` and
/// the `hiddenBlamePlaces` tests hold this to `run`'s own walk, scenario by scenario.
package struct HiddenBlame {
    /// How a move arrives: an entry feature shown (never removed), a route's destination shown
    /// (removed where that destination is `.off`), a fallback shown (removed where the feature it
    /// stands in for is `.always`, i.e. disabled and forced on).
    /// A direct presentation (`presents`) is never removed either: the screen is built without `isEnabled()`.
    private enum Kind: UInt8 { case start, route, fallback, direct }

    /// Per node: scenarios where it hides some screen (only where `asked`).
    package private(set) var hides: ScenarioTable
    /// Scenarios whose walk parts from another's: some screen arrives otherwise there.
    package private(set) var divergent = 0

    /// `off`: where each feature is disabled; `disabled`: where `disabled-feature` treats it as
    /// disabled (off, and not an entry no route reaches); `targeted`: what each scenario targets;
    /// `asked`: where the answer is needed (the others are left empty).
    package init(_ g: NavGraph, off: ScenarioTable, disabled: ScenarioTable, targeted: ScenarioTable, asked: ScenarioTable) {
        hides = ScenarioTable(nodes: g.nodeCount, scenarios: off.count)
        let w = off.width
        // Only scenarios where some answer is asked for are walked.
        var wanted = [UInt64](repeating: 0, count: w)
        for (j, word) in asked.words.enumerated() { wanted[j % w] |= word }
        guard wanted.contains(where: { $0 != 0 }) else { return }
        let moves = Moves(g)
        let removal = Removal(moves, off: off, disabled: disabled)
        let arrivals = Arrivals(moves, removal: removal, scenarios: wanted)
        divergent = arrivals.divergent()
        blame(arrivals, moves: moves, targeted: targeted, disabled: disabled, asked: asked)
    }

    /// Every move a scenario's walk can make: as `forEachMove` makes them with every feature that
    /// can be disabled `.on`, per source (the root, `n`, makes the entries' moves: entry features,
    /// then entry routes), in order; a source's moves are contiguous.
    private struct Moves {
        let n: Int, root: Int32
        var lands: [Int32] = [], via: [Int32] = [], kind: [Kind] = [], source: [Int32] = []
        var offsets: [Int32]

        init(_ g: NavGraph) {
            n = g.nodeCount
            root = Int32(n)
            offsets = [Int32](repeating: 0, count: n + 2)
            var canBeDisabled = [Bool](repeating: false, count: n)
            for id in g.declaredFeatures where g.withFeature(id, { $0.enabled != .always })! { canBeDisabled[Int(id)] = true }
            let state: (Int32) -> NavGraph.FeatureState = { canBeDisabled[Int($0)] ? .on : .always }
            for v in 0..<Int32(n) {
                offsets[Int(v)] = Int32(lands.count)
                if g.isDeclaredFeature(v) { g.forEachMove(from: v, state: state) { add($0, from: v) } }
            }
            offsets[n] = Int32(lands.count)
            var seenStart = Set<Int32>()
            for f in g.entryFeatures where g.isDeclaredFeature(f) && seenStart.insert(f).inserted {
                lands.append(f)
                via.append(f)
                kind.append(.start)
                source.append(root)
            }
            for r in g.entryRoutes { g.forEachMove(opening: r, from: nil, style: 0, state: state) { add($0, from: root) } }
            offsets[n + 1] = Int32(lands.count)
        }

        private mutating func add(_ m: ScreenMove, from: Int32) {
            guard let to = m.lands, let d = m.destination else { return }
            if m.direct { kind.append(.direct) } else if case .fallback = m.outcome { kind.append(.fallback) } else { kind.append(.route) }
            lands.append(to)
            via.append(d)
            source.append(from)
        }

        func of(_ v: Int32) -> Range<Int> { Int(offsets[Int(v)]) ..< Int(offsets[Int(v) + 1]) }
    }

    /// Where each move is removed: a route's where its destination is off and not disabled, a
    /// fallback's where the feature it stands in for is disabled; an entry or a direct presentation never.
    private struct Removal {
        let w: Int
        let kind: [Kind], via: [Int32]
        let offNotDisabled: [UInt64], disabled: [UInt64]

        init(_ moves: Moves, off: ScenarioTable, disabled: ScenarioTable) {
            w = off.width
            kind = moves.kind
            via = moves.via
            offNotDisabled = zip(off.words, disabled.words).map { $0 & ~$1 }
            self.disabled = disabled.words
        }

        /// The scenarios of word `i` where move `k` is removed.
        func removed(_ k: Int, _ i: Int) -> UInt64 {
            switch kind[k] {
            case .start, .direct: return 0
            case .route: return offNotDisabled[Int(via[k]) * w + i]
            case .fallback: return disabled[Int(via[k]) * w + i]
            }
        }
    }

    /// Every scenario's walk at once: arrivals in the order of their paths (level by level), each
    /// with its screen, the move it arrives by, the arrival that move leaves (-1: the root) and its
    /// scenarios (`w` words from `w * index`); then each screen's arrivals.
    private struct Arrivals {
        let w: Int
        var screen: [Int32] = [], move: [Int32] = [], parent: [Int32] = []
        var sets: [UInt64] = []
        /// Per screen, its arrivals (compressed rows).
        var start: [Int32], list: [Int32]

        init(_ moves: Moves, removal: Removal, scenarios: [UInt64]) {
            w = removal.w
            let n = moves.n
            var reached = [UInt64](repeating: 0, count: n * w)
            var fresh = [UInt64](repeating: 0, count: w)
            // Level by level from the root (arrival -1, every wanted scenario).
            var level = -1 ..< 0
            while true {
                let first = screen.count
                for t in level {
                    let from = t < 0 ? moves.root : screen[t]
                    for k in moves.of(from) {
                        let y = Int(moves.lands[k])
                        var any: UInt64 = 0
                        for i in 0..<w {
                            let have = t < 0 ? scenarios[i] : sets[t * w + i]
                            fresh[i] = have & ~removal.removed(k, i) & ~reached[y * w + i]
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
            start = [Int32](repeating: 0, count: n + 1)
            for x in screen { start[Int(x) + 1] += 1 }
            for x in 0..<n { start[x + 1] += start[x] }
            list = [Int32](repeating: 0, count: screen.count)
            var fill = start
            for t in screen.indices {
                let x = Int(screen[t])
                list[Int(fill[x])] = Int32(t)
                fill[x] += 1
            }
        }

        subscript(x: Int32) -> ArraySlice<Int32> { list[Int(start[Int(x)]) ..< Int(start[Int(x) + 1])] }

        /// How many scenarios some screen arrives in otherwise than in another scenario.
        func divergent() -> Int {
            var apart = [UInt64](repeating: 0, count: w)
            for x in 0 ..< start.count - 1 where start[x + 1] - start[x] > 1 {
                for t in self[Int32(x)] { for i in 0..<w { apart[i] |= sets[Int(t) * w + i] } }
            }
            return apart.reduce(0) { $0 + $1.nonzeroBitCount }
        }
    }

    /// Bottom-up over the arrivals, all scenarios at once: `carried[t]` holds where some hidden
    /// screen below arrival t (its steps lead up to t) reaches t with no disabled feature between
    /// them; a disabled screen is blamed there (`hides`, where asked), and otherwise the hidden
    /// screens go on up its explaining step, as does the screen itself where it is hidden. A screen's
    /// step goes up to the arrival its move leaves, or, for a fallback, to the arrivals of the
    /// feature it stands in for. Every step goes to an earlier arrival, so one pass in reverse
    /// order sees everything carried to an arrival before passing it: the arrival a move leaves is
    /// of an earlier level; a fallback is kept only where the feature it stands in for is not
    /// disabled, so that feature is either shown by the same route, a move just before the
    /// fallback's, or off and not disabled, i.e. an entry, arriving first from the root.
    private mutating func blame(_ a: Arrivals, moves: Moves, targeted: ScenarioTable, disabled: ScenarioTable, asked: ScenarioTable) {
        let w = a.w
        var carried = [UInt64](repeating: 0, count: a.screen.count * w)
        var up = [UInt64](repeating: 0, count: w)
        for t in a.screen.indices.reversed() {
            let xb = Int(a.screen[t]) * w, tb = t * w
            var any: UInt64 = 0
            for i in 0..<w {
                let c = carried[tb + i]
                hides.words[xb + i] |= asked.words[xb + i] & c
                up[i] = a.sets[tb + i] & (~targeted.words[xb + i] | (c & ~disabled.words[xb + i]))
                any |= up[i]
            }
            guard any != 0 else { continue }
            let k = Int(a.move[t])
            switch moves.kind[k] {
            case .start:
                continue
            case .route, .direct:
                let p = Int(a.parent[t])
                guard p >= 0 else { continue }
                for i in 0..<w { carried[p * w + i] |= up[i] }
            case .fallback:
                for u in a[moves.via[k]] {
                    let ub = Int(u) * w
                    for i in 0..<w { carried[ub + i] |= up[i] & a.sets[ub + i] }
                }
            }
        }
    }
}
