import NavGraphSupport
import NavGraphModel

/// Sets of flag scenarios as bits: scenario `i` of a checked list is bit `i % 64` of word `i / 64`.
/// A table holds one set per node, `width` words each, in one flat array.
public struct ScenarioTable: Sendable {
    /// Scenarios in each set.
    public let count: Int
    /// Words per set.
    public let width: Int
    package var words: [UInt64]

    package init(nodes: Int, scenarios: Int) {
        count = scenarios
        width = max(1, (scenarios + 63) / 64)
        words = [UInt64](repeating: 0, count: nodes * width)
    }

    /// Whether node `node`'s set holds scenario `s`.
    public func contains(_ node: Int32, _ s: Int) -> Bool { words[Int(node) * width + s / 64] & (1 << UInt64(s % 64)) != 0 }

    /// Whether node `node`'s set is empty.
    public func isEmpty(_ node: Int32) -> Bool {
        let base = Int(node) * width
        for w in 0..<width where words[base + w] != 0 { return false }
        return true
    }

    /// The scenarios not in node `node`'s set.
    public func missing(_ node: Int32) -> ScenarioBits {
        let base = Int(node) * width
        return ScenarioBits(count: count, words: (0..<width).map { ~words[base + $0] & fullWord($0) })
    }

    /// Node `node`'s set.
    public func bits(_ node: Int32) -> ScenarioBits {
        let base = Int(node) * width
        return ScenarioBits(count: count, words: words[base ..< base + width])
    }

    package mutating func insert(_ node: Int32, _ s: Int) { words[Int(node) * width + s / 64] |= 1 << UInt64(s % 64) }

    /// The same sets over the scenarios of the words `range` only (its first word's first scenario
    /// is the new table's scenario 0).
    package func columns(_ range: Range<Int>) -> ScenarioTable {
        var t = ScenarioTable(nodes: words.count / width, scenarios: min(count, range.upperBound * 64) - range.lowerBound * 64)
        let nodes = words.count / width, k = range.count
        words.withUnsafeBufferPointer { from in
            t.words.withUnsafeMutableBufferPointer { to in
                for x in 0..<nodes {
                    for i in 0..<k { to[x * k + i] = from[x * width + range.lowerBound + i] }
                }
            }
        }
        return t
    }

    /// Two tables of the same nodes side by side: `a`'s scenarios, then `b`'s. `a` must fill its
    /// words (`a.count == a.width * 64`), as `columns` of a leading range does.
    package static func joined(_ a: ScenarioTable, _ b: ScenarioTable) -> ScenarioTable {
        let nodes = a.words.count / a.width, width = a.width + b.width
        var t = ScenarioTable(nodes: nodes, scenarios: a.count + b.count)
        a.words.withUnsafeBufferPointer { a0 in
            b.words.withUnsafeBufferPointer { b0 in
                t.words.withUnsafeMutableBufferPointer { to in
                    for x in 0..<nodes {
                        for i in 0..<a.width { to[x * width + i] = a0[x * a.width + i] }
                        for i in 0..<b.width { to[x * width + a.width + i] = b0[x * b.width + i] }
                    }
                }
            }
        }
        return t
    }

    /// The word of every scenario (the last one cut to `count`).
    package func fullWord(_ w: Int) -> UInt64 {
        let rest = count - w * 64
        return rest >= 64 ? ~0 : (UInt64(1) << UInt64(rest)) - 1
    }
}

/// What many flag scenarios make reachable, computed at once: per node, the scenarios in which it
/// is reached (built and shown), targeted (navigated to, shown or replaced by its fallback) and
/// navigated to through a route. The sets agree with `reachability(under:forceEnabled:)` run once
/// per scenario (`ScenarioSetTests` holds them to it); step and depth, which depend on the order
/// of the walk, are not kept.
public struct ScenarioReach: Sendable {
    public var reached: ScenarioTable
    public var targeted: ScenarioTable
    public var throughRoute: ScenarioTable
}

extension NavGraph {
    /// Per node, the scenarios of `scenarios` in which a declared feature is disabled (`.off`:
    /// `isEnabled()` is false, known). One lookup per flag, not per feature and scenario.
    public func disabledTable(_ scenarios: [FlagScenario]) -> ScenarioTable {
        var table = ScenarioTable(nodes: nodes.count, scenarios: scenarios.count)
        var byEnablement: [Enablement: [Int]] = [:]
        for id in declaredFeatures {
            let e = withFeature(id, { $0.enabled })!
            guard e != .always else { continue }
            let off: [Int]
            if let known = byEnablement[e] {
                off = known
            } else {
                off = scenarios.indices.filter { scenarios[$0].isEnabled(e) == false }
                byEnablement[e] = off
            }
            for s in off { table.insert(id, s) }
        }
        return table
    }

    /// Reachability in every scenario at once, as the least fixpoint of `moves(opening:)`'s rules
    /// over scenario sets: an entry feature is reached everywhere; a route opened (by an entry, or
    /// by a screen reached in some scenarios) targets each destination in those scenarios; the
    /// destination is reached where it is not `off`; a destination that can be disabled and has a
    /// fallback lands on the fallback in those scenarios too (shown instead of it, or beside it).
    ///
    /// `off` says where each declared feature is disabled (`disabledTable`). `forced`, when given,
    /// says where a feature counts as `.always` instead (`reachability(under:forceEnabled:)`'s
    /// `forceEnabled`, per scenario): not disabled, and its fallback unused.
    ///
    /// Scenarios do not meet in the walk, so from two words of them on (128 scenarios) the words
    /// are split in two halves walked on two threads and joined: the all-combinations run's other
    /// rule waits for this one while it is made (on the flags row's deep-chain draw, 0.15 s of one
    /// core with the other idle). The same sets either way (`ScenarioSetTests`' `reachAcross…` tests).
    public func reachAcross(off: ScenarioTable, forced: ScenarioTable? = nil) -> ScenarioReach {
        let w = off.width
        guard w >= 2 else { return reachAcross(whole: off, forced: forced) }
        let cut = w / 2
        let halves = [0 ..< cut, cut ..< w]
        let parts = onThreads(2) { [self] k in
            reachAcross(whole: off.columns(halves[k]), forced: forced.map { $0.columns(halves[k]) })
        }
        return ScenarioReach(
            reached: .joined(parts[0].reached, parts[1].reached), targeted: .joined(parts[0].targeted, parts[1].targeted),
            throughRoute: .joined(parts[0].throughRoute, parts[1].throughRoute))
    }

    /// `reachAcross` on one thread.
    private func reachAcross(whole off: ScenarioTable, forced: ScenarioTable?) -> ScenarioReach {
        let n = nodes.count, w = off.width
        var fix = ScenarioFixpoint(graph: self, off: off, forced: forced)
        let all = (0..<w).map { off.fullWord($0) }
        for f in entryFeatures {
            for i in 0..<w {
                fix.targeted[Int(f) * w + i] = all[i]
            }
            if isDeclaredFeature(f) { fix.reach(f, all) }
        }
        for r in entryRoutes { fix.open(r, all) }
        fix.run()
        var reach = ScenarioReach(
            reached: ScenarioTable(nodes: n, scenarios: off.count), targeted: ScenarioTable(nodes: n, scenarios: off.count),
            throughRoute: ScenarioTable(nodes: n, scenarios: off.count))
        reach.reached.words = fix.reached
        reach.targeted.words = fix.targeted
        reach.throughRoute.words = fix.throughRoute
        return reach
    }
}

/// What `moves(opening:)` reads of the graph, for the scenario-set walks: the graph's own move rows
/// (`navigationRows`, `landingRows`: in edge order, as `moves` reads them) and each feature's
/// fallback when it can be disabled. Only the arrays the walks read are held: a copy of the whole
/// graph per row read retained every one of its arrays (a tenth of an all-combinations check).
package struct MoveRows {
    private let navigation: NavGraph.MoveRows
    private let landing: NavGraph.MoveRows
    private let presenting: NavGraph.MoveRows
    private let isDeclared: [Bool]
    /// Per node: the fallback used when it can be disabled (never `.always`), -1 otherwise.
    package var fallbackOf: [Int32]

    package init(_ g: NavGraph) {
        navigation = g.navigationRows
        landing = g.landingRows
        presenting = g.presentRows
        isDeclared = g.isDeclared
        fallbackOf = Array(repeating: -1, count: g.nodeCount)
        for id in g.declaredFeatures where g.gates[Int(id)] != NavGraph.gateAlways { fallbackOf[Int(id)] = g.fallbackTarget[Int(id)] }
    }

    private static func row(_ rows: NavGraph.MoveRows, _ x: Int32) -> ArraySlice<NavGraph.MoveRows.Entry> {
        let i = Int(x)
        guard i + 1 < rows.offsets.count else { return [] }
        return rows.entries[Int(rows.offsets[i]) ..< Int(rows.offsets[i + 1])]
    }

    /// Routes feature `x` opens (its `navigates` edges), as entries whose `to` is the route.
    package func opens(_ x: Int32) -> ArraySlice<NavGraph.MoveRows.Entry> { Self.row(navigation, x) }
    /// Features `x` presents directly (its `presents` edges), as entries whose `to` is the feature.
    package func presents(_ x: Int32) -> ArraySlice<NavGraph.MoveRows.Entry> { Self.row(presenting, x) }
    /// Destinations of route `r` (its `routesTo` edges), as entries whose `to` is the destination.
    package func destinations(_ r: Int32) -> ArraySlice<NavGraph.MoveRows.Entry> { Self.row(landing, r) }
    /// Whether node `x` is declared.
    package func declared(_ x: Int32) -> Bool { isDeclared[Int(x)] }
}

/// The work list of `reachAcross`: a node whose reached set grew is expanded with only the new
/// scenarios (its delta), so each (screen, move) pair is visited at most once per word that
/// changed.
private struct ScenarioFixpoint {
    let w: Int
    let rows: MoveRows
    /// Per node: scenarios where it does not show when targeted (`off` and not forced).
    var blocked: [UInt64]
    /// Per node: scenarios where its fallback is not used (forced to `.always`).
    var noFallback: [UInt64]?
    var reached: [UInt64]
    var targeted: [UInt64]
    var throughRoute: [UInt64]
    var opened: [UInt64]
    var delta: [UInt64]
    var queued: [Bool]
    var queue: [Int32] = []
    /// `open`'s words (it does not recurse): scratch, so that a route opened costs no allocation.
    private var new: [UInt64], shows: [UInt64], falls: [UInt64]

    init(graph g: NavGraph, off: ScenarioTable, forced: ScenarioTable?) {
        let n = g.nodeCount
        w = off.width
        rows = MoveRows(g)
        blocked = off.words
        if let forced {
            for i in blocked.indices { blocked[i] &= ~forced.words[i] }
            noFallback = forced.words
        }
        reached = Array(repeating: 0, count: n * w)
        targeted = reached
        throughRoute = reached
        opened = reached
        delta = reached
        queued = Array(repeating: false, count: n)
        new = Array(repeating: 0, count: w)
        shows = new
        falls = new
    }

    /// Adds `bits` to `x`'s reached set; the new ones wait to be expanded.
    mutating func reach(_ x: Int32, _ bits: [UInt64]) {
        let base = Int(x) * w
        var grew = false
        for i in 0..<w {
            let new = bits[i] & ~reached[base + i]
            if new != 0 {
                reached[base + i] |= new
                delta[base + i] |= new
                grew = true
            }
        }
        if grew && !queued[Int(x)] {
            queued[Int(x)] = true
            queue.append(x)
        }
    }

    /// Route `r` is opened in the scenarios `bits` (some may be known already).
    mutating func open(_ r: Int32, _ bits: [UInt64]) {
        let base = Int(r) * w
        var any = false
        for i in 0..<w {
            new[i] = bits[i] & ~opened[base + i]
            opened[base + i] |= new[i]
            any = any || new[i] != 0
        }
        guard any else { return }
        for landing in rows.destinations(r) {
            let dest = landing.to
            let d = Int(dest) * w
            for i in 0..<w {
                targeted[d + i] |= new[i]
                throughRoute[d + i] |= new[i]
            }
            guard rows.declared(dest) else { continue }
            for i in 0..<w { shows[i] = new[i] & ~blocked[d + i] }
            reach(dest, shows)
            let fb = rows.fallbackOf[Int(dest)]
            guard fb >= 0 else { continue }
            for i in 0..<w { falls[i] = new[i] & ~(noFallback?[d + i] ?? 0) }
            for i in 0..<w { targeted[Int(fb) * w + i] |= falls[i] }
            reach(fb, falls)
        }
    }

    mutating func run() {
        var head = 0
        var bits = [UInt64](repeating: 0, count: w)
        while head < queue.count {
            let x = queue[head]
            head += 1
            queued[Int(x)] = false
            let base = Int(x) * w
            for i in 0..<w {
                bits[i] = delta[base + i]
                delta[base + i] = 0
            }
            for move in rows.opens(x) { open(move.to, bits) }
            // A direct presentation shows its screen whatever its state (no `isEnabled()`).
            for p in rows.presents(x) {
                let d = Int(p.to) * w
                for i in 0..<w { targeted[d + i] |= bits[i] }
                if rows.declared(p.to) { reach(p.to, bits) }
            }
        }
    }
}
