import Foundation
import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph

/// Where a disabled feature hides a screen, in the sense of `DisabledFeature.run`, for every
/// scenario of a set at once, without a walk per scenario.
///
/// `run` walks with every disabled feature on (the unlocked walk) and follows each hidden screen's
/// explaining steps (a screen it reaches that the scenario does not target) up to the first
/// disabled feature, which is blamed. Each scenario's unlocked walk keeps a subset of the moves of
/// one walk, the base, with every feature that can be disabled on: a disabled feature's fallback
/// is not used, an entry that is off (and so not disabled) is not shown through a route. Removing
/// moves that no screen first arrived by changes nothing: the screens keep their depths, their
/// order and their steps. So a screen keeps its base step wherever no move on its base arrival
/// (down from an entry) is removed; only the others ("moved" screens) can arrive otherwise,
/// later, or not at all.
///
/// So the blame over unmoved steps is read off the base walk for all scenarios at once (scenario
/// sets as bits, bottom-up over the steps), and the moved screens of each scenario are placed
/// again: a search in the walk's own order over them alone (the first arrival among the moves the
/// scenario keeps, from screens placed before), then each of them that leads a hidden screen up
/// follows its steps in that scenario to the disabled feature to blame. Fallback screens, whose
/// arrival is usually the one that goes, are few and near the leaves: a few screens per scenario
/// where the walk was all of them. `hiddenBlameMatchesTheWalks` and the two `hiddenBlamePlaces`
/// tests hold this to `run`'s own walk, scenario by scenario.
package struct HiddenBlame {
    /// How a move arrives: an entry feature shown (never removed), a route's destination shown
    /// (removed where that destination is `.off`), a fallback shown (removed where the feature it
    /// stands in for is `.always`, i.e. disabled and forced on).
    /// A direct presentation (`presents`) is never removed either: the screen is built without `isEnabled()`.
    private enum Kind: UInt8 { case start, route, fallback, direct }

    /// Per node: scenarios where it hides some screen (only where `asked`).
    package private(set) var hides: ScenarioTable
    /// Scenarios where moved screens were placed again.
    package private(set) var replaced = 0

    /// `off`: where each feature is disabled; `disabled`: where `disabled-feature` treats it as
    /// disabled (off, and not an entry no route reaches); `targeted`: what each scenario targets;
    /// `asked`: where the answer is needed (the others are left empty).
    package init(_ g: NavGraph, off: ScenarioTable, disabled: ScenarioTable, targeted: ScenarioTable, asked: ScenarioTable) {
        hides = ScenarioTable(nodes: g.nodeCount, scenarios: off.count)
        let base = BaseWalk(g)
        let removal = Removal(base, off: off, disabled: disabled)
        let moved = removal.movedScreens(base)
        let carried = blameUnmoved(base, moved: moved, targeted: targeted, disabled: disabled, asked: asked)
        let perScenario = scenariosToPlace(base, moved: moved, carried: carried, targeted: targeted, asked: asked)
        guard !perScenario.isEmpty else { return }
        let sets = Sets(base: base, removal: removal, into: Arrivals(base), carried: carried, targeted: targeted, disabled: disabled, asked: asked)
        // Scenarios are independent: one thread per core, each taking whole words of scenarios (so no
        // two threads write one word of `hides`), each with its own placement and stamps.
        let scenarios = perScenario.keys.sorted()
        let words = Set(scenarios.map { $0 / 64 }).count
        let workers = min(words, max(1, ProcessInfo.processInfo.activeProcessorCount))
        // Taken out of `hides`, so the threads write its only copy.
        var out = hides.words
        hides.words = []
        let counts = out.withUnsafeMutableBufferPointer { buffer -> [Int] in
            nonisolated(unsafe) let buffer = buffer
            return onThreads(workers) { k in
                var place = Placement(n: base.n, depth: base.depth, position: base.position, arrival: base.arrival, source: base.source, order: base.order)
                var passed = [UInt32](repeating: 0, count: base.n)
                var done = 0
                for s in scenarios where (s / 64) % workers == k {
                    done += 1
                    Self.placeAgain(perScenario[s]!, scenario: s, sets, &place, passed: &passed, stamp: UInt32(truncatingIfNeeded: done), hides: buffer)
                }
                return done
            }
        }
        hides.words = out
        replaced = counts.reduce(0, +)
    }

    /// The base walk: its moves, as `forEachMove` makes them with every feature that can be
    /// disabled `.on` (every move any scenario makes), per source (the root, `n`, makes the
    /// entries' moves: entry features, then entry routes), in order — a source's moves are
    /// contiguous, so a move's index orders it within its source; then breadth-first from the
    /// root, each screen's first arrival (its move), depth and position.
    private struct BaseWalk {
        let n: Int, root: Int32
        var lands: [Int32] = [], via: [Int32] = [], kind: [Kind] = [], source: [Int32] = []
        var offsets: [Int32]
        var arrival: [Int32], depth: [Int32], position: [Int32]
        /// The screens in the walk's order (without the root).
        var order: [Int32] = []

        init(_ g: NavGraph) {
            n = g.nodeCount
            root = Int32(n)
            offsets = [Int32](repeating: 0, count: n + 2)
            arrival = [Int32](repeating: -1, count: n)
            depth = [Int32](repeating: -1, count: n + 1)
            position = [Int32](repeating: -1, count: n + 1)
            addMoves(g)
            walk()
        }

        private mutating func add(_ m: ScreenMove, from: Int32) {
            guard let to = m.lands, let d = m.destination else { return }
            if m.direct { kind.append(.direct) } else if case .fallback = m.outcome { kind.append(.fallback) } else { kind.append(.route) }
            lands.append(to)
            via.append(d)
            source.append(from)
        }

        private mutating func addMoves(_ g: NavGraph) {
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

        private mutating func walk() {
            order = [root]
            var head = 0
            while head < order.count {
                let v = order[head]
                head += 1
                for k in movesOf(v) where arrival[Int(lands[k])] < 0 {
                    let x = lands[k]
                    arrival[Int(x)] = Int32(k)
                    depth[Int(x)] = depth[Int(v)] + 1
                    position[Int(x)] = Int32(order.count)
                    order.append(x)
                }
            }
            order.removeFirst()
        }

        func movesOf(_ v: Int32) -> Range<Int> { Int(offsets[Int(v)]) ..< Int(offsets[Int(v) + 1]) }

        /// A screen's explaining step goes up to the screen that opened its route, or, for a
        /// fallback, to the feature it stands in for (-1: an entry, or the root's route). The step
        /// comes before the screen in the walk's order.
        func stepUp(_ k: Int) -> Int32 {
            switch kind[k] {
            case .start: return -1
            case .route, .direct: return source[k] == root ? -1 : source[k]
            case .fallback: return via[k]
            }
        }
    }

    /// Where each base move is removed: a route's where its destination is off and not disabled, a
    /// fallback's where the feature it stands in for is disabled; an entry or a direct presentation never.
    private struct Removal {
        let w: Int
        let kind: [Kind], via: [Int32]
        let offNotDisabled: [UInt64], disabled: [UInt64]

        init(_ base: BaseWalk, off: ScenarioTable, disabled: ScenarioTable) {
            w = off.width
            kind = base.kind
            via = base.via
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

        /// Per screen: where it is moved (some move on its base steps down from an entry is removed).
        func movedScreens(_ base: BaseWalk) -> [UInt64] {
            var moved = [UInt64](repeating: 0, count: base.n * w)
            for x in base.order {
                let k = Int(base.arrival[Int(x)]), p = Int(base.source[k])
                for i in 0..<w { moved[Int(x) * w + i] = (p == base.n ? 0 : moved[p * w + i]) | removed(k, i) }
            }
            return moved
        }
    }

    /// Unmoved screens, bottom-up over the steps, all scenarios at once: blames into `hides`, and
    /// returns `carried[x]`: where some hidden screen below x (x's own steps down, unmoved) reaches
    /// x with no disabled feature between them; a disabled x is blamed there. `up(x)`: where such a
    /// screen, or x itself when hidden, goes on above x (x unmoved and not disabled, or x itself the
    /// hidden one).
    private mutating func blameUnmoved(
        _ base: BaseWalk, moved: [UInt64], targeted: ScenarioTable, disabled: ScenarioTable, asked: ScenarioTable
    ) -> [UInt64] {
        let w = targeted.width
        var carried = [UInt64](repeating: 0, count: base.n * w)
        for x in base.order.reversed() {
            let xb = Int(x) * w
            let p = base.stepUp(Int(base.arrival[Int(x)]))
            for i in 0..<w {
                let up = ~moved[xb + i] & (~targeted.words[xb + i] | (carried[xb + i] & ~disabled.words[xb + i]))
                if p >= 0 { carried[Int(p) * w + i] |= up }
                hides.words[xb + i] |= asked.words[xb + i] & carried[xb + i]
            }
        }
        return carried
    }

    /// The moved screens of each scenario to place again, where some feature's answer is still open
    /// and some moved screen can lead to a blame: one hidden there, or one a hidden screen is carried
    /// up to. (Placing the others changes nothing that is read: where they arrive matters only to
    /// the moved screens placed after them.)
    private func scenariosToPlace(
        _ base: BaseWalk, moved: [UInt64], carried: [UInt64], targeted: ScenarioTable, asked: ScenarioTable
    ) -> [Int: [Int32]] {
        let n = base.n, w = targeted.width
        var open = [UInt64](repeating: 0, count: w), leads = open
        for c in 0..<n {
            for i in 0..<w {
                open[i] |= asked.words[c * w + i] & ~hides.words[c * w + i]
                leads[i] |= moved[c * w + i] & (~targeted.words[c * w + i] | carried[c * w + i])
            }
        }
        for i in 0..<w { open[i] &= leads[i] }
        var perScenario: [Int: [Int32]] = [:]
        for x in base.order {
            for i in 0..<w {
                var word = moved[Int(x) * w + i] & open[i]
                while word != 0 {
                    perScenario[i * 64 + word.trailingZeroBitCount, default: []].append(x)
                    word &= word - 1
                }
            }
        }
        return perScenario
    }

    /// The base moves arriving at each screen (compressed rows).
    private struct Arrivals {
        var start: [Int32], list: [Int32]

        init(_ base: BaseWalk) {
            start = [Int32](repeating: 0, count: base.n + 1)
            for x in base.lands { start[Int(x) + 1] += 1 }
            for x in 0..<base.n { start[x + 1] += start[x] }
            list = [Int32](repeating: 0, count: base.lands.count)
            var fill = start
            for k in base.lands.indices {
                let x = Int(base.lands[k])
                list[Int(fill[x])] = Int32(k)
                fill[x] += 1
            }
        }

        subscript(x: Int32) -> ArraySlice<Int32> { list[Int(start[Int(x)]) ..< Int(start[Int(x) + 1])] }
    }

    /// What every scenario's placement reads.
    private struct Sets {
        let base: BaseWalk, removal: Removal, into: Arrivals
        let carried: [UInt64]
        let targeted: ScenarioTable, disabled: ScenarioTable, asked: ScenarioTable
    }

    /// Scenario `s`: its moved screens placed again, in a search in the walk's order over them alone,
    /// then each placed screen with a hidden screen at it (itself, or one carried up to it over
    /// unmoved steps) follows its steps in this scenario up to the first disabled feature, blamed.
    /// `passed`: per screen the last scenario (`stamp`: this one's number on its thread) that passed it.
    private static func placeAgain(
        _ movedHere: [Int32], scenario s: Int, _ x: Sets, _ place: inout Placement, passed: inout [UInt32], stamp: UInt32,
        hides: UnsafeMutableBufferPointer<UInt64>
    ) {
        let base = x.base, w = x.targeted.width, root = base.root
        let i = s / 64, bit = UInt64(1) << UInt64(s % 64)
        place.begin(movedHere)
        func kept(_ k: Int) -> Bool { x.removal.removed(k, i) & bit == 0 }
        // First arrivals from unmoved screens (and the root).
        for m in movedHere {
            for k32 in x.into[m] {
                let k = Int(k32), q = base.source[k]
                guard kept(k), q == root || !place.isMoved(q), q == root || base.depth[Int(q)] >= 0 else { continue }
                place.offer(m, move: Int32(k))
            }
        }
        // Then in the walk's order: the earliest placed screen's moves offer arrivals to the
        // moved screens after it.
        var placedHere: [Int32] = []
        while let m = place.next() {
            placedHere.append(m)
            for k in base.movesOf(m) where kept(k) {
                let y = base.lands[k]
                if place.isMoved(y) && !place.isPlaced(y) { place.offer(y, move: Int32(k)) }
            }
        }
        // (What is carried to a moved screen comes from fallbacks standing in for it, so it is
        // not disabled there: a disabled feature's fallback is not used, and a route it opens
        // moves the screen that route reaches along with it.)
        for m in placedHere {
            let below = x.carried[Int(m) * w + i] & bit != 0
            guard x.targeted.words[Int(m) * w + i] & bit == 0 || below else { continue }
            var p = base.stepUp(Int(place.arrival(m)))
            while p >= 0 {
                if x.disabled.words[Int(p) * w + i] & bit != 0 {
                    if x.asked.words[Int(p) * w + i] & bit != 0 { hides[Int(p) * w + i] |= bit }
                    break
                }
                // A screen passed once in this scenario leads to the same blame.
                if passed[Int(p)] == stamp { break }
                passed[Int(p)] = stamp
                p = base.stepUp(Int(place.arrival(p)))
            }
        }
    }

    /// One scenario's placement of its moved screens: the first arrival among the moves offered,
    /// in the walk's order (depth, then the position of the screen the move leaves, then the move),
    /// where a screen not moved keeps its base depth and position.
    ///
    /// Order keys, so that comparing two screens costs O(1) however deep the chains: an unmoved
    /// screen is ordered by its base position; moved screens are popped in the walk's order, so
    /// two placed ones compare by when they were placed (`seq`); a placed screen against an
    /// unmoved one at the same depth compares by its `anchor`, the base position of the first
    /// screen at its depth in the base walk that an unmoved screen there would have to reach to
    /// come after it. The base walk's screens at one depth are contiguous and sorted by (position
    /// of the screen their move leaves, move), so the anchor is one binary search over that depth
    /// when the screen is placed. One scenario costs O((m + e) log(m + e) + m log n) for its m
    /// moved screens, the e moves into and out of them, and n screens.
    private struct Placement {
        let n: Int
        let baseDepth: [Int32], basePosition: [Int32], baseArrival: [Int32], source: [Int32]
        /// The base walk's screens by position (positions start at 1), and where each depth's
        /// positions start (`depthStart[d] ..< depthStart[d + 1]`).
        let byPosition: [Int32], depthStart: [Int32]
        /// Per moved screen in this scenario: its arrival so far (-1 none), depth once placed.
        var stamp: [UInt32], placed: [UInt32]
        var best: [Int32], newDepth: [Int32]
        /// Per placed screen: its rank in this scenario's walk among the placed ones, and its anchor.
        var seq: [Int32], anchor: [Int32]
        var placedCount: Int32 = 0
        var heap: [(Int32, Int32)] = []
        var round: UInt32 = 0

        init(n: Int, depth: [Int32], position: [Int32], arrival: [Int32], source: [Int32], order: [Int32]) {
            self.n = n
            baseDepth = depth
            basePosition = position
            baseArrival = arrival
            self.source = source
            // `order` without the root: the screen at position p is order[p - 1].
            byPosition = [-1] + order
            var starts: [Int32] = []
            for (i, x) in order.enumerated() {
                // Depths rise by one at a time in a breadth-first order.
                while starts.count <= Int(depth[Int(x)]) { starts.append(Int32(i + 1)) }
            }
            starts.append(Int32(order.count + 1))
            depthStart = starts
            stamp = Array(repeating: 0, count: n + 1)
            placed = stamp
            best = Array(repeating: -1, count: n + 1)
            newDepth = best
            seq = best
            anchor = best
        }

        mutating func begin(_ moved: [Int32]) {
            round += 1
            placedCount = 0
            heap.removeAll(keepingCapacity: true)
            for x in moved {
                stamp[Int(x)] = round
                best[Int(x)] = -1
            }
        }

        func isMoved(_ x: Int32) -> Bool { Int(x) < n && stamp[Int(x)] == round }
        func isPlaced(_ x: Int32) -> Bool { placed[Int(x)] == round }
        func arrival(_ x: Int32) -> Int32 { isMoved(x) ? best[Int(x)] : baseArrival[Int(x)] }
        func depth(_ x: Int32) -> Int32 { Int(x) == n ? -1 : isMoved(x) ? newDepth[Int(x)] : baseDepth[Int(x)] }

        /// Whether placed (or unmoved) screen `a` comes before `b` in this scenario's walk. O(1).
        func before(_ a: Int32, _ b: Int32) -> Bool {
            if a == b { return false }
            let (da, db) = (depth(a), depth(b))
            if da != db { return da < db }
            // Equal depths: neither is the root.
            switch (isMoved(a), isMoved(b)) {
            case (false, false): return basePosition[Int(a)] < basePosition[Int(b)]
            case (true, true): return seq[Int(a)] < seq[Int(b)]
            case (true, false): return basePosition[Int(b)] >= anchor[Int(a)]
            case (false, true): return basePosition[Int(a)] < anchor[Int(b)]
            }
        }

        /// The anchor of a screen arriving by move `k` at depth `d`: the first base position at
        /// depth `d` whose screen, were it unmoved, would come after it (the depth's end if none).
        private func anchorOf(move k: Int32, depth d: Int32) -> Int32 {
            guard Int(d) + 1 < depthStart.count else { return Int32(byPosition.count) }
            var lo = Int(depthStart[Int(d)]), hi = Int(depthStart[Int(d) + 1])
            let p = source[Int(k)]
            let movedSource = isMoved(p)
            let pPosition = Int(p) == n ? -1 : basePosition[Int(p)], pAnchor = movedSource ? anchor[Int(p)] : 0
            // The predicate "z comes after the new screen" is monotone over the depth's positions.
            func after(_ z: Int32) -> Bool {
                let kz = baseArrival[Int(z)], q = source[Int(kz)]
                let qPosition = Int(q) == n ? -1 : basePosition[Int(q)]
                if movedSource { return qPosition >= pAnchor }
                return qPosition != pPosition ? qPosition > pPosition : kz > k
            }
            while lo < hi {
                let mid = (lo + hi) / 2
                if after(byPosition[mid]) { hi = mid } else { lo = mid + 1 }
            }
            return Int32(lo)
        }

        /// Whether arrival by move `k` comes before arrival by move `j`.
        func earlier(_ k: Int32, than j: Int32) -> Bool {
            let (p, q) = (source[Int(k)], source[Int(j)])
            return p == q ? k < j : before(p, q)
        }

        mutating func offer(_ x: Int32, move k: Int32) {
            let current = best[Int(x)]
            guard current < 0 || earlier(k, than: current) else { return }
            best[Int(x)] = k
            push((x, k))
        }

        /// The moved screen arriving first among those not placed, placed now.
        mutating func next() -> Int32? {
            while let (x, k) = pop() {
                // An entry for an arrival since bettered, or for a screen already placed.
                if placed[Int(x)] == round || best[Int(x)] != k { continue }
                placed[Int(x)] = round
                let d = depth(source[Int(k)]) + 1
                newDepth[Int(x)] = d
                anchor[Int(x)] = anchorOf(move: k, depth: d)
                seq[Int(x)] = placedCount
                placedCount += 1
                return x
            }
            return nil
        }

        // A binary heap of (screen, arrival) by arrival; a screen offered a better arrival is pushed
        // again and its old entry skipped when popped.
        private func less(_ a: (Int32, Int32), _ b: (Int32, Int32)) -> Bool { earlier(a.1, than: b.1) }

        private mutating func push(_ e: (Int32, Int32)) {
            heap.append(e)
            var c = heap.count - 1
            while c > 0 {
                let p = (c - 1) / 2
                guard less(heap[c], heap[p]) else { break }
                heap.swapAt(c, p)
                c = p
            }
        }

        private mutating func pop() -> (Int32, Int32)? {
            guard let top = heap.first else { return nil }
            let last = heap.removeLast()
            if !heap.isEmpty {
                heap[0] = last
                var p = 0
                while true {
                    let l = 2 * p + 1, r = l + 1
                    var m = p
                    if l < heap.count && less(heap[l], heap[m]) { m = l }
                    if r < heap.count && less(heap[r], heap[m]) { m = r }
                    if m == p { break }
                    heap.swapAt(p, m)
                    p = m
                }
            }
            return top
        }
    }
}
