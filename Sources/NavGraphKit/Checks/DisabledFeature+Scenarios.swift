import Foundation

/// `disabled-feature` across many flag scenarios at once (`Check.occurrences`).
extension DisabledFeature {
    /// A feature is disabled where it is `off`, unless it is an entry no route reaches there. It is
    /// reported where it is also not targeted, or targeted without a fallback (then an error), or
    /// targeted with a fallback and hiding some screen. Only that last case needs `run`'s walk with
    /// every disabled feature on and its blame chains; `HiddenBlame` answers it for all scenarios
    /// together where the answer does not depend on the walk's order, and the walk runs only in
    /// the scenarios where it does.
    public static func occurrences(_ context: ScenarioSetContext) -> [ScenarioOccurrence]? {
        let g = context.graph
        let off = context.off, reach = context.reach
        let width = off.width
        // disabled[f]: off, minus (as an entry) where no route reaches it.
        var disabled = off
        for f in Set(g.entryFeatures) {
            let base = Int(f) * width
            for w in 0..<width { disabled.words[base + w] &= reach.throughRoute.words[base + w] }
        }
        var candidates: [Int32] = []
        var hasFallback = [Bool](repeating: false, count: g.nodeCount)
        for id in g.ids(of: .feature) where !disabled.isEmpty(id) {
            guard let fallback = g.withFeature(id, { $0.fallback }) else { continue }
            candidates.append(id)
            hasFallback[Int(id)] = fallback.flatMap { g.node(.feature, $0) }.map { g.isDeclaredFeature($0) } ?? false
        }
        guard !candidates.isEmpty else { return [] }
        // Where each disabled feature with a fallback is targeted: there, whether it is reported
        // depends on what it hides.
        var asked = ScenarioTable(nodes: g.nodeCount, scenarios: off.count)
        var anyAsked = false
        for id in candidates where hasFallback[Int(id)] {
            let base = Int(id) * width
            for w in 0..<width {
                asked.words[base + w] = disabled.words[base + w] & reach.targeted.words[base + w]
                anyAsked = anyAsked || asked.words[base + w] != 0
            }
        }
        var hides = ScenarioTable(nodes: g.nodeCount, scenarios: off.count)
        if anyAsked {
            let blame = HiddenBlame(g, off: off, disabled: disabled, reach: reach)
            var walkIn = [UInt64](repeating: 0, count: width)
            for id in candidates where hasFallback[Int(id)] {
                let base = Int(id) * width
                for w in 0..<width {
                    hides.words[base + w] = asked.words[base + w] & blame.sure[base + w]
                    walkIn[w] |= asked.words[base + w] & blame.possible[base + w] & ~blame.sure[base + w]
                }
            }
            // The order-dependent scenarios: `run`'s walk, from states the tables decide, made by
            // `BlameWalk` (the walk alone). Each walk only reads the graph and the tables, so they
            // are spread over the cores, each worker with its own states and scratch, and what
            // they find is merged in scenario order.
            let canBeDisabled = g.declaredFeatures.filter { g.withFeature($0, { $0.enabled != .always })! }
            var isFlagged = [Bool](repeating: false, count: g.nodeCount)
            for id in canBeDisabled { isFlagged[Int(id)] = true }
            let walker = BlameWalk(g, canBeDisabled: isFlagged)
            var walked: [Int] = []
            for w in 0..<width {
                var word = walkIn[w]
                while word != 0 {
                    walked.append(w * 64 + word.trailingZeroBitCount)
                    word &= word - 1
                }
            }
            context.walkedScenarios += walked.count
            let workers = min(walked.count, max(1, ProcessInfo.processInfo.activeProcessorCount))
            let (frozenDisabled, toWalk) = (disabled, walked)
            // Threads of their own: this rule itself runs inside `CheckRunner`'s concurrentPerform,
            // and a nested one runs its iterations one after another.
            let found = onThreads(workers) { k -> [(Int32, Int)] in
                var node = [UInt8](repeating: BlameWalk.bits(.always, disabled: false), count: g.nodeCount)
                var scratch = BlameWalk.Scratch(nodeCount: g.nodeCount)
                var mine: [(Int32, Int)] = []
                for j in stride(from: k, to: toWalk.count, by: workers) {
                    let s = toWalk[j]
                    for id in canBeDisabled {
                        let isDisabled = frozenDisabled.contains(id, s)
                        node[Int(id)] = BlameWalk.bits(!off.contains(id, s) ? .on : isDisabled ? .always : .off, disabled: isDisabled)
                    }
                    walker.forEachBlamed(node: node, targeted: reach.targeted, scenario: s, scratch: &scratch) { mine.append(($0, s)) }
                }
                return mine
            }
            for (c, s) in found.joined() { hides.insert(c, s) }
        }
        var out: [ScenarioOccurrence] = []
        for id in candidates {
            var scenarios: [Int] = []
            var worst = Severity.warning
            for s in disabled.scenarios(id) {
                let targeted = reach.targeted.contains(id, s)
                if targeted && !hasFallback[Int(id)] {
                    worst = .error
                } else if targeted && !hides.contains(id, s) {
                    continue
                }
                scenarios.append(s)
            }
            guard !scenarios.isEmpty else { continue }
            let name = g.name(id)
            out.append(ScenarioOccurrence(subject: name, element: .feature(name), scenarios: scenarios, worst: worst))
        }
        return out
    }
}

/// Which disabled feature `DisabledFeature.run` blames for a hidden screen, for every scenario at
/// once, where the walk's order cannot change the answer.
///
/// In scenario `s`, a screen `x` is hidden when the walk with every disabled feature on (the
/// unlocked walk) reaches it and `s` does not target it; `x` is blamed on the first disabled feature
/// (other than `x`) on its explaining step chain. That chain is a path of the unlocked walk's moves
/// that ends where a chain stops: at a disabled feature (blamed), or at an entry whose fallback
/// the chain went through (nobody blamed; a chain that reaches a start or an entry route
/// otherwise would make `x` targeted in `s` too). Between its end and `x` no node is disabled, and
/// none is reached in `s` (from a screen reached in `s`, a path without disabled features leads to
/// targeted screens only).
///
/// So from each such possible end ("origin") this follows those paths: `possible[c]` says where
/// some hidden screen may be blamed on disabled feature `c`; `sure[c]` where some hidden screen
/// has `c` as its only possible origin, so it is blamed on `c` whatever the order. Elsewhere
/// (possible but not sure) the caller walks.
struct HiddenBlame {
    let w: Int
    let rows: MoveRows
    /// Per node: scenarios where some hidden screen may be / is surely blamed on it.
    var possible: [UInt64]
    var sure: [UInt64]

    init(_ g: NavGraph, off: ScenarioTable, disabled: ScenarioTable, reach: ScenarioReach) {
        let n = g.nodeCount
        w = off.width
        rows = MoveRows(g)
        let unlocked = g.reachAcross(off: off, forced: disabled)
        let d = disabled.words, r = reach.reached.words
        // hidden[x]: reached by the unlocked walk, not targeted.
        var hidden = unlocked.reached.words
        for i in hidden.indices { hidden[i] &= ~reach.targeted.words[i] }
        var blocked = off.words
        for i in blocked.indices { blocked[i] &= ~d[i] }
        possible = Array(repeating: 0, count: n * w)
        sure = possible
        guard hidden.contains(where: { $0 != 0 }) else { return }

        // Origins: each disabled feature (where the unlocked walk reaches it; a screen does not
        // blame itself), and the fallback of each entry that can be disabled (where that entry is
        // not disabled; it may be its own chain's end).
        var origins: [(node: Int32, start: [UInt64], blames: Bool)] = []
        for id in g.declaredFeatures {
            let base = Int(id) * w
            let start = (0..<w).map { d[base + $0] & unlocked.reached.words[base + $0] }
            if start.contains(where: { $0 != 0 }) { origins.append((id, start, true)) }
        }
        for e in g.entryFeatures where rows.fallbackOf[Int(e)] >= 0 {
            let fb = rows.fallbackOf[Int(e)]
            let start = (0..<w).map { off.fullWord($0) & ~d[Int(e) * w + $0] & unlocked.reached.words[Int(fb) * w + $0] }
            if start.contains(where: { $0 != 0 }) { origins.append((fb, start, false)) }
        }

        var once = [UInt64](repeating: 0, count: n * w)
        var multi = once
        var seen = once, hit = once, delta = once
        var touched: [Int32] = []
        var isTouched = [Bool](repeating: false, count: n)
        var blamed: [(origin: Int32, x: Int32, bits: [UInt64])] = []
        var queue: [Int32] = []
        var queued = [Bool](repeating: false, count: n)
        var bits = [UInt64](repeating: 0, count: w)
        var arriving = bits

        for origin in origins {
            // x arrives from the origin in `arriving`: a hit where hidden; it goes on where it is
            // neither disabled nor reached in the scenario.
            func arrive(_ x: Int32) {
                let base = Int(x) * w
                var moved = false
                for i in 0..<w where arriving[i] != 0 {
                    if x != origin.node || !origin.blames { hit[base + i] |= arriving[i] & hidden[base + i] }
                    let new = arriving[i] & ~d[base + i] & ~r[base + i] & ~seen[base + i]
                    if new != 0 {
                        seen[base + i] |= new
                        delta[base + i] |= new
                        moved = true
                    }
                }
                if !isTouched[Int(x)] {
                    isTouched[Int(x)] = true
                    touched.append(x)
                }
                if moved && !queued[Int(x)] {
                    queued[Int(x)] = true
                    queue.append(x)
                }
            }
            arriving = origin.start
            if origin.blames {
                // A disabled origin goes on although disabled.
                let base = Int(origin.node) * w
                for i in 0..<w { delta[base + i] = origin.start[i] & ~r[base + i] }
                queue.append(origin.node)
                queued[Int(origin.node)] = true
                isTouched[Int(origin.node)] = true
                touched.append(origin.node)
            } else {
                arrive(origin.node)
            }
            var head = 0
            while head < queue.count {
                let y = queue[head]
                head += 1
                queued[Int(y)] = false
                let yb = Int(y) * w
                var any = false
                for i in 0..<w {
                    bits[i] = delta[yb + i]
                    delta[yb + i] = 0
                    any = any || bits[i] != 0
                }
                guard any else { continue }
                for move in rows.opens(y) {
                    for landing in rows.destinations(move.to) {
                        let dest = landing.to
                        let db = Int(dest) * w
                        if rows.declared(dest) {
                            for i in 0..<w { arriving[i] = bits[i] & ~blocked[db + i] }
                            arrive(dest)
                        }
                        let fb = rows.fallbackOf[Int(dest)]
                        if fb >= 0 {
                            for i in 0..<w { arriving[i] = bits[i] & ~d[db + i] }
                            arrive(fb)
                        }
                    }
                }
            }
            queue.removeAll(keepingCapacity: true)
            for x in touched {
                let base = Int(x) * w
                var any = false
                for i in 0..<w {
                    let h = hit[base + i]
                    multi[base + i] |= once[base + i] & h
                    once[base + i] |= h
                    any = any || h != 0
                }
                if any && origin.blames { blamed.append((origin.node, x, Array(hit[base ..< base + w]))) }
                for i in 0..<w {
                    hit[base + i] = 0
                    seen[base + i] = 0
                    delta[base + i] = 0
                }
                isTouched[Int(x)] = false
            }
            touched.removeAll(keepingCapacity: true)
        }
        for b in blamed {
            let cb = Int(b.origin) * w, xb = Int(b.x) * w
            for i in 0..<w {
                possible[cb + i] |= b.bits[i]
                sure[cb + i] |= b.bits[i] & ~multi[xb + i]
            }
        }
    }
}
