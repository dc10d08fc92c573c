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
/// flags: every sub-cube of the flags the set depends on is tested once): the essential ones, then the one covering
/// most of what is left (ties: fewer flags, then the first in flag order), then any term the others
/// cover is dropped. Not always the shortest possible cover, always exact. Conditions are cached by
/// scenario set: a run's partial findings share few sets.
public final class ScenarioCondition: @unchecked Sendable {
    /// The flags the scenarios vary, in name order, when they are a full cube of them; else nil.
    public let flags: [String]?
    private let names: [String]
    /// Scenario index → its flags as a minterm: bit `n - 1 - j` set when flag `j` is off.
    private let minterms: [Int]
    private var cache: [[UInt64]: String] = [:]
    private let lock = NSLock()

    public init(_ scenarios: [FlagScenario]) {
        names = scenarios.map(\.name)
        let cube = Self.cube(scenarios)
        flags = cube?.flags
        minterms = cube?.minterms ?? []
    }

    /// The text after "only when" for the scenarios at `indices` (ascending, a strict subset).
    public func text(for indices: [Int]) -> String {
        guard let flags else { return indices.map { names[$0] }.joined(separator: " | ") }
        var set = [UInt64](repeating: 0, count: ((1 << flags.count) + 63) / 64)
        for i in indices {
            let m = minterms[i]
            set[m >> 6] |= 1 << UInt64(m & 63)
        }
        lock.lock()
        defer { lock.unlock() }
        if let known = cache[set] { return known }
        let (reduced, support) = Self.onSupport(set, flags: flags.count)
        let text = Self.cover(reduced, flags: support.map { flags[$0] })
        cache[set] = text
        return text
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

    /// Sub-cubes of n flags in base 3: digit `b` (weight 3^b) is minterm bit `b`'s value, or 2 for
    /// "either". For a cube with a 2, `split` is the weight of its lowest 2 (the cube is the union
    /// of the two with that digit 0 and 1, both smaller codes); for one without, `minterm` is it.
    private struct Cubes {
        let n: Int
        let weights: [Int]
        let split: [Int32]
        let minterm: [Int32]

        init(_ n: Int) {
            self.n = n
            weights = (0...n).reduce(into: [1]) { w, _ in w.append(w.last! * 3) }.dropLast().map { $0 }
            let count = weights[n]
            // Cube c is cube c / 3 with digit c % 3 in front (at bit 0): both tables follow from
            // the smaller cube's.
            var split = [Int32](repeating: 0, count: count)
            var minterm = [Int32](repeating: 0, count: count)
            for c in 1..<max(count, 1) {
                let rest = c / 3, digit = c % 3
                if digit == 2 {
                    split[c] = 1
                } else if split[rest] != 0 {
                    split[c] = split[rest] * 3
                } else {
                    minterm[c] = minterm[rest] * 2 + Int32(digit)
                }
            }
            self.split = split
            self.minterm = minterm
        }

        /// The digits of cube `c`, bit 0 first.
        func digits(_ c: Int) -> [Int] {
            var rest = c
            return (0..<n).map { _ in
                defer { rest /= 3 }
                return rest % 3
            }
        }

        /// The minterms of cube `c`.
        func minterms(_ c: Int) -> [Int] {
            var out = [0]
            for (b, d) in digits(c).enumerated() {
                switch d {
                case 1: out = out.map { $0 | 1 << b }
                case 2: out += out.map { $0 | 1 << b }
                default: break
                }
            }
            return out
        }
    }

    private nonisolated(unsafe) static var cubesByWidth: [Int: Cubes] = [:]
    private static let cubesLock = NSLock()

    private static func cubes(_ n: Int) -> Cubes {
        cubesLock.lock()
        defer { cubesLock.unlock() }
        if let c = cubesByWidth[n] { return c }
        let c = Cubes(n)
        cubesByWidth[n] = c
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
        for r in 0..<(1 << k) {
            var m = 0
            for (i, b) in bits.enumerated() where r & (1 << i) != 0 { m |= 1 << b }
            if has(m) { reduced[r >> 6] |= 1 << UInt64(r & 63) }
        }
        // Reduced bit i is bits[i], flag n - 1 - bits[i]: flags in order are the bits descending.
        return (reduced, bits.reversed().map { n - 1 - $0 })
    }

    /// The condition for the minterms in `set` (a bitset) over `flags`.
    private static func cover(_ set: [UInt64], flags: [String]) -> String {
        let n = flags.count
        let cubes = cubes(n)
        let count = cubes.weights[n]
        func has(_ m: Int) -> Bool { set[m >> 6] & (1 << UInt64(m & 63)) != 0 }
        // Which cubes lie inside the set.
        var inside = [Bool](repeating: false, count: count)
        for c in 0..<count {
            let s = Int(cubes.split[c])
            inside[c] = s == 0 ? has(Int(cubes.minterm[c])) : inside[c - 2 * s] && inside[c - s]
        }
        // Primes: inside, and no fixed digit can become "either".
        var primes: [Int] = []
        for c in 0..<count where inside[c] {
            var prime = true
            var rest = c
            for b in 0..<n {
                let d = rest % 3
                rest /= 3
                if d != 2, inside[c + (2 - d) * cubes.weights[b]] { prime = false; break }
            }
            if prime { primes.append(c) }
        }
        let covers = primes.map { cubes.minterms($0) }
        var coveredBy = [Int](repeating: 0, count: 1 << n)
        for ms in covers { for m in ms { coveredBy[m] += 1 } }
        var left = (0..<(1 << n)).map(has)
        var leftCount = left.reduce(0) { $0 + ($1 ? 1 : 0) }
        func take(_ ms: [Int]) {
            for m in ms where left[m] {
                left[m] = false
                leftCount -= 1
            }
        }
        var chosen: [Int] = []  // indices into primes
        // Essential primes: the only cover of some minterm.
        for (p, ms) in covers.enumerated() where ms.contains(where: { coveredBy[$0] == 1 }) {
            chosen.append(p)
            take(ms)
        }
        // Then the one covering most of what is left; ties to the bigger cube, then the first.
        while leftCount > 0 {
            var best = -1, bestGain = 0
            for (p, ms) in covers.enumerated() {
                let gain = ms.reduce(0) { $0 + (left[$1] ? 1 : 0) }
                if gain > bestGain || (gain == bestGain && gain > 0 && ms.count > covers[best].count) {
                    best = p
                    bestGain = gain
                }
            }
            chosen.append(best)
            take(covers[best])
        }
        // Drop a term the others cover (the latest chosen first).
        var counts = [Int](repeating: 0, count: 1 << n)
        for p in chosen { for m in covers[p] { counts[m] += 1 } }
        var kept: [Int] = []
        for p in chosen.reversed() {
            if covers[p].allSatisfy({ counts[$0] > 1 }) {
                for m in covers[p] { counts[m] -= 1 }
            } else {
                kept.append(p)
            }
        }
        // Terms in flag order, "on" before "off" before "either"; each names its fixed flags.
        // Flag j is minterm bit n - 1 - j, and a set bit means off.
        let terms = kept.map { p in Array(cubes.digits(primes[p]).reversed()) }.sorted { $0.lexicographicallyPrecedes($1) }
        return terms.map { digits in
            digits.enumerated().compactMap { j, d in d == 2 ? nil : "\(flags[j])=\(d == 0 ? "on" : "off")" }
                .joined(separator: ",")
        }.joined(separator: " | ")
    }
}
