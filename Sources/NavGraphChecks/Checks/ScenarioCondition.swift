import Foundation
import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph

/// How a finding seen in some of a run's flag scenarios says which: the scenarios' names, or, when
/// the run is every combination of some flags named as `FlagScenario.allCombinations` names them
/// (`--all-flag-combinations`), a short condition on those flags that holds in exactly those
/// scenarios. "flag8=off" instead of the 512 scenarios in which flag8 is off. A term is written as a
/// scenario's name is (`a=on,b=off`), with only the flags it needs, and terms are joined by " | " as
/// names are, so a term that needs every flag is a scenario's name.
///
/// The condition is a cover of the scenarios by prime implicants (Quine–McCluskey over at most `FlagScenario.combinationLimit`
/// flags: the sub-cubes inside the set, over the flags it depends on, found for every set of free
/// flags at once as bitsets): the essential ones, then the one covering
/// most of what is left (ties: fewer flags, then the first in flag order), then any term the others
/// cover is dropped. Not always the shortest possible cover, always exact. Conditions are cached by
/// scenario set: a run's partial findings share few sets.
public final class ScenarioCondition: @unchecked Sendable {
    /// The flags the scenarios vary, in name order, when they are a full cube of them; else nil.
    public let flags: [String]?
    private let names: [String]
    /// Scenario index → its flags as a minterm: bit `n - 1 - j` set when flag `j` is off.
    private let minterms: [Int]
    /// Whether each scenario's minterm is its index (`FlagScenario.allCombinations`' order): then a
    /// set of scenarios is its minterm set, word for word.
    private let inOrder: Bool
    private var cache: [[UInt64]: String] = [:]
    private let lock = NSLock()

    public init(_ scenarios: [FlagScenario]) {
        names = scenarios.map(\.name)
        let cube = Self.cube(scenarios)
        flags = cube?.flags
        minterms = cube?.minterms ?? []
        inOrder = minterms.enumerated().allSatisfy { $0.offset == $0.element }
    }

    /// The text after "only when" for the scenarios at `indices` (ascending, a strict subset).
    public func text(for indices: [Int]) -> String { text(for: ScenarioBits(count: names.count, indices: indices)) }

    /// The text after "only when" for the scenarios `set` (a strict subset).
    public func text(for scenarios: ScenarioBits) -> String {
        guard let flags else { return scenarios.indices.map { names[$0] }.joined(separator: " | ") }
        let set = mintermSet(scenarios, flags: flags.count)
        lock.lock()
        defer { lock.unlock() }
        if let known = cache[set] { return known }
        let text = Self.condition(of: set, flags: flags)
        cache[set] = text
        return text
    }

    /// The minterms of `scenarios`, as a bitset over n flags'.
    private func mintermSet(_ scenarios: ScenarioBits, flags n: Int) -> [UInt64] {
        let words = ((1 << n) + 63) / 64
        if inOrder && scenarios.words.count == words { return scenarios.words }
        var set = [UInt64](repeating: 0, count: words)
        scenarios.forEach { i in
            let m = minterms[i]
            set[m >> 6] |= 1 << UInt64(m & 63)
        }
        return set
    }

    /// `text(for:)` of each of `sets` (each as `text(for:)` takes it), in order: each set's minterms
    /// made once, and the covers of the distinct sets not known yet worked out one thread per core (a
    /// run's partial findings bring a thousand distinct sets at ten flags, each cover computed apart
    /// from the others).
    public func texts(for sets: [ScenarioBits]) -> [String] {
        guard let flags else { return sets.map(text(for:)) }
        let keys = sets.map { mintermSet($0, flags: flags.count) }
        var pending: [[UInt64]] = []
        lock.withLock {
            var seen = Set<[UInt64]>()
            for set in keys where cache[set] == nil && seen.insert(set).inserted { pending.append(set) }
        }
        if !pending.isEmpty {
            let workers = min(pending.count, max(1, ProcessInfo.processInfo.activeProcessorCount))
            let work = pending
            let texts = onThreads(workers) { k in
                stride(from: k, to: work.count, by: workers).map { j -> ([UInt64], String) in
                    (work[j], Self.condition(of: work[j], flags: flags))
                }
            }
            lock.withLock { for (set, text) in texts.joined() { cache[set] = text } }
        }
        let known = lock.withLock { keys.map { cache[$0] } }
        return zip(known, sets).map { $0 ?? text(for: $1) }
    }

    /// The condition of a minterm set over `flags`: the cover over the flags the set depends on.
    private static func condition(of set: [UInt64], flags: [String]) -> String {
        let (reduced, support) = onSupport(set, flags: flags.count)
        return cover(reduced, flags: support.map { flags[$0] })
    }

    /// The varying flags and each scenario's minterm, when the scenarios are every combination of
    /// the flags they vary (each once, none unknown there, the rest the same everywhere) and each
    /// is named `a=on,b=off,…` over exactly those flags.
    private static func cube(_ scenarios: [FlagScenario]) -> (flags: [String], minterms: [Int])? {
        guard scenarios.count >= 2, scenarios.count <= 1 << FlagScenario.combinationLimit, scenarios.count & (scenarios.count - 1) == 0,
              let first = scenarios.first else { return nil }
        var keys = Set<String>()
        for s in scenarios { keys.formUnion(s.values.keys) }
        let varying = keys.filter { k in scenarios.contains { $0.values[k] != first.values[k] } }.sorted()
        guard 1 << varying.count == scenarios.count else { return nil }
        var minterms: [Int] = []
        var seen = Set<Int>()
        // Each flag's two name parts, made once (not per scenario).
        let onText = varying.enumerated().map { j, flag in (j > 0 ? "," : "") + flag + "=on" }
        let offText = varying.enumerated().map { j, flag in (j > 0 ? "," : "") + flag + "=off" }
        for s in scenarios {
            guard s.unknown == first.unknown else { return nil }
            var m = 0
            var name = ""
            for (j, flag) in varying.enumerated() {
                guard let on = s.values[flag], !s.unknown.contains(flag) else { return nil }
                if !on { m |= 1 << (varying.count - 1 - j) }
                name += on ? onText[j] : offText[j]
            }
            guard name == s.name, seen.insert(m).inserted else { return nil }
            minterms.append(m)
        }
        return (varying, minterms)
    }

    /// Per subset D of n flags' minterm bits (a cube's free bits), as bitsets over the 2^n
    /// minterms (`words` words each): the minterms with no bit of D set, each cube's lowest corner.
    private struct Corners {
        let n: Int, words: Int
        let corners: [UInt64]

        init(_ n: Int) {
            self.n = n
            words = ((1 << n) + 63) / 64
            var corners = [UInt64](repeating: 0, count: (1 << n) * words)
            for d in 0 ..< 1 << n {
                for m in 0 ..< 1 << n where m & d == 0 { corners[d * words + m >> 6] |= 1 << UInt64(m & 63) }
            }
            self.corners = corners
        }
    }

    private nonisolated(unsafe) static var cornersByWidth: [Int: Corners] = [:]
    private static let cornersLock = NSLock()

    private static func corners(_ n: Int) -> Corners {
        cornersLock.lock()
        defer { cornersLock.unlock() }
        if let c = cornersByWidth[n] { return c }
        let c = Corners(n)
        cornersByWidth[n] = c
        return c
    }

    /// The same set over only the flags it depends on (the others are "either" in every prime
    /// implicant, so the cover over the rest, each term with the others left out, is the cover):
    /// the set as a bitset over those flags' minterms, and those flags' indices in flag order.
    /// O(n · 2^n / 64) words to find them. The cover's 3^n sub-cubes shrink to 3^k for k flags.
    private static func onSupport(_ set: [UInt64], flags n: Int) -> (set: [UInt64], flags: [Int]) {
        func has(_ m: Int) -> Bool { set[m >> 6] & (1 << UInt64(m & 63)) != 0 }
        // Minterm bit b is flag n - 1 - b; the set depends on it where flipping it changes membership.
        var bits: [Int] = []
        for b in 0..<n {
            let step = 1 << b
            var depends = false
            if step >= 64 {
                for i in set.indices where i & (step >> 6) == 0 && set[i] != set[i + (step >> 6)] {
                    depends = true
                    break
                }
            } else {
                // Positions whose bit b is clear, within a word.
                var low: UInt64 = 0
                for p in 0..<64 where p & step == 0 { low |= 1 << UInt64(p) }
                let valid: UInt64 = n >= 6 ? ~0 : (1 << UInt64(1 << n)) - 1
                depends = set.contains { (($0 ^ ($0 >> UInt64(step))) & low & valid) != 0 }
            }
            if depends { bits.append(b) }
        }
        guard bits.count < n else { return (set, Array(0..<n)) }
        let k = bits.count
        var reduced = [UInt64](repeating: 0, count: ((1 << k) + 63) / 64)
        // Reduced minterm r is the full minterm with r's bits spread over the support's bits: the
        // r-th subset of `support` in increasing order, which `(m - support) & support` steps to.
        let support = bits.reduce(0) { $0 | 1 << $1 }
        var m = 0
        for r in 0..<(1 << k) {
            if has(m) { reduced[r >> 6] |= 1 << UInt64(r & 63) }
            m = (m - support) & support
        }
        // Reduced bit i is bits[i], flag n - 1 - bits[i]: flags in order are the bits descending.
        return (reduced, bits.reversed().map { n - 1 - $0 })
    }

    /// The prime implicants of `set` over n flags' minterms (free bits and corner), by their
    /// base-3 codes (digit b: 0 or 1 fixed, 2 free).
    ///
    /// A cube is its free bits D and a corner m (no bit of D set); `inside[D]` holds the minterms m
    /// whose cube with free bits D lies in the set, for every D at once as bitsets: `inside[D]` is
    /// `inside[D - b]` and itself with bit b flipped, both set (b the lowest bit of D). A cube is a
    /// prime where no bit outside D can be freed too. Cost: O(2^n · n · 2^n / 64) words, a few
    /// thousand for ten flags, where testing each of the 3^n cubes took 59,049 steps of n digits;
    /// a D whose smaller cube holds nothing is skipped with all it contains.
    private static func primes(of set: [UInt64], flags n: Int) -> [(code: Int, free: Int, corner: Int)] {
        let size = 1 << n
        let c = corners(n), words = c.words
        var inside = [UInt64](repeating: 0, count: size * words)
        var holds = [Bool](repeating: false, count: size)
        for i in 0..<words { inside[i] = set[i] }
        holds[0] = set.contains { $0 != 0 }
        // Per bit b < 6: the positions in a word whose bit b is clear.
        let low: [UInt64] = (0..<6).map { b in (0..<64).reduce(0) { $1 & (1 << b) == 0 ? $0 | 1 << UInt64($1) : $0 } }
        for d in 1 ..< size {
            let b = d.trailingZeroBitCount, from = d & (d - 1)
            guard holds[from] else { continue }
            var any: UInt64 = 0
            if b < 6 {
                let step = UInt64(1 << b)
                for i in 0..<words {
                    let x = inside[from * words + i]
                    let both = x & (x >> step) & low[b]
                    inside[d * words + i] = both | (both << step)
                    any |= both
                }
            } else {
                let q = 1 << (b - 6)
                for i in 0..<words where i & q == 0 {
                    let both = inside[from * words + i] & inside[from * words + i + q]
                    inside[d * words + i] = both
                    inside[d * words + i + q] = both
                    any |= both
                }
            }
            holds[d] = any != 0
        }
        // Primes, by their codes.
        var weights = [1]
        for _ in 0..<n { weights.append(weights.last! * 3) }
        var primes: [(code: Int, free: Int, corner: Int)] = []
        for d in 0 ..< size where holds[d] {
            for i in 0..<words {
                var word = inside[d * words + i] & c.corners[d * words + i]
                guard word != 0 else { continue }
                for b in 0..<n where d & (1 << b) == 0 && holds[d | 1 << b] { word &= ~inside[(d | 1 << b) * words + i] }
                while word != 0 {
                    let m = i * 64 + word.trailingZeroBitCount
                    word &= word - 1
                    var code = 0
                    for b in 0..<n { code += (d & (1 << b) != 0 ? 2 : (m >> b) & 1) * weights[b] }
                    primes.append((code, d, m))
                }
            }
        }
        return primes.sorted { $0.code < $1.code }
    }

    /// The condition for the minterms in `set` (a bitset) over `flags`: the greedy cover over the
    /// primes (`primes(of:flags:)`) in the order of their codes, each prime's minterms a bitset.
    private static func cover(_ set: [UInt64], flags: [String]) -> String {
        let n = flags.count, size = 1 << n
        let words = corners(n).words
        let primes = primes(of: set, flags: n)
        // Each prime's minterms (its corner with every subset of its free bits) as a bitset.
        func minterms(_ p: Int) -> [Int] {
            let (_, d, m) = primes[p]
            var out: [Int] = []
            var sub = d
            while true {
                out.append(m | sub)
                if sub == 0 { break }
                sub = (sub - 1) & d
            }
            return out
        }
        var covers = [UInt64](repeating: 0, count: primes.count * words)
        for p in primes.indices { for m in minterms(p) { covers[p * words + m >> 6] |= 1 << UInt64(m & 63) } }
        func gain(_ p: Int, _ of: [UInt64]) -> Int {
            var g = 0
            for i in 0..<words { g += (covers[p * words + i] & of[i]).nonzeroBitCount }
            return g
        }
        // Minterms covered by one prime, and by more than one.
        var once = [UInt64](repeating: 0, count: words), more = once
        for p in primes.indices {
            for i in 0..<words {
                let b = covers[p * words + i]
                more[i] |= once[i] & b
                once[i] |= b
            }
        }
        var left = Array(set.prefix(words))
        func take(_ p: Int) { for i in 0..<words { left[i] &= ~covers[p * words + i] } }
        var chosen: [Int] = []  // indices into primes
        // Essential primes: the only cover of some minterm.
        for p in primes.indices where (0..<words).contains(where: { covers[p * words + $0] & once[$0] & ~more[$0] != 0 }) {
            chosen.append(p)
            take(p)
        }
        // Then the one covering most of what is left; ties to the bigger cube, then the first.
        while left.contains(where: { $0 != 0 }) {
            var best = -1, bestGain = 0
            for p in primes.indices {
                let g = gain(p, left)
                if g > bestGain || (g == bestGain && g > 0 && primes[p].free.nonzeroBitCount > primes[best].free.nonzeroBitCount) {
                    best = p
                    bestGain = g
                }
            }
            chosen.append(best)
            take(best)
        }
        // Drop a term the others cover (the latest chosen first).
        var counts = [Int](repeating: 0, count: size)
        let mintermsOf = chosen.map(minterms)
        for ms in mintermsOf { for m in ms { counts[m] += 1 } }
        var kept: [Int] = []
        for (j, p) in chosen.enumerated().reversed() {
            if mintermsOf[j].allSatisfy({ counts[$0] > 1 }) {
                for m in mintermsOf[j] { counts[m] -= 1 }
            } else {
                kept.append(p)
            }
        }
        // Terms in flag order, "on" before "off" before "either"; each names its fixed flags.
        // Flag j is minterm bit n - 1 - j, and a set bit means off.
        let terms = kept.map { p in
            (0..<n).map { j in
                let b = n - 1 - j
                return primes[p].free & (1 << b) != 0 ? 2 : (primes[p].corner >> b) & 1
            }
        }.sorted { $0.lexicographicallyPrecedes($1) }
        return terms.map { digits in
            digits.enumerated().compactMap { j, d in d == 2 ? nil : "\(flags[j])=\(d == 0 ? "on" : "off")" }
                .joined(separator: ",")
        }.joined(separator: " | ")
    }
}
