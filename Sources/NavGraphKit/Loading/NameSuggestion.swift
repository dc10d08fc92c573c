/// "Did you mean …?" for names that match nothing.
public enum NameSuggestion {
    /// The closest candidate within a distance that still looks like a typo, if any.
    public static func closest(to name: String, in candidates: some Sequence<String>) -> String? {
        Index(candidates).closest(to: name)
    }

    /// " (did you mean 'x'?)" or "".
    public static func hint(for name: String, in candidates: some Sequence<String>) -> String {
        closest(to: name, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// The largest distance a candidate may have from a name of `a` and one of `b` characters and
    /// still look like a typo.
    static func limit(_ a: Int, _ b: Int) -> Int { max(2, min(a, b) / 3) }

    /// Levenshtein distance, two rows.
    /// With `cutoff`, any result above it may be returned as some value above it.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], cutoff: Int = .max) -> Int {
        var prev: [Int] = [], cur: [Int] = []
        return distance(a, b, cutoff: cutoff, rows: &prev, &cur)
    }

    /// `distance(a, b, cutoff:)` in caller-owned rows (reused across candidates), computing only the
    /// band |i - j| <= cutoff: a cell outside it is more than `cutoff` from the start, and a cell
    /// whose distance is within the cutoff is reached by a path that never leaves the band, so band
    /// cells come out exact when within the cutoff and above it otherwise. A row's minimum never
    /// decreases, so once it passes the cutoff the final distance will too.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], cutoff: Int, rows prev: inout [Int], _ cur: inout [Int]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        // Every edit changes the length by at most one.
        if abs(a.count - b.count) > cutoff { return abs(a.count - b.count) }
        let n = a.count, m = b.count
        let k = min(cutoff, max(n, m)), outside = k + 1
        if prev.count < m + 2 { prev = Array(repeating: 0, count: m + 2) }
        if cur.count < m + 2 { cur = Array(repeating: 0, count: m + 2) }
        for j in 0...m { prev[j] = j <= k ? j : outside }
        prev[m + 1] = outside
        for i in 1...n {
            let lo = max(1, i - k), hi = min(m, i + k)
            cur[lo - 1] = lo == 1 && i <= k ? i : outside
            var rowMin = cur[lo - 1]
            for j in lo...hi {
                let value = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                cur[j] = value
                rowMin = min(rowMin, value)
            }
            cur[hi + 1] = outside
            if rowMin > k { return rowMin }
            swap(&prev, &cur)
        }
        return prev[m]
    }

    /// The match masks of a query of 1...64 characters for `bitDistance`: bit j of a character's mask
    /// is set when the query's character j is that character.
    struct QueryMasks {
        let count: Int
        private var ascii = [UInt64](repeating: 0, count: 128)
        private var other: [UInt32: UInt64] = [:]

        init?(_ query: [Unicode.Scalar]) {
            guard (1...64).contains(query.count) else { return nil }
            count = query.count
            for (j, s) in query.enumerated() {
                if s.value < 128 { ascii[Int(s.value)] |= 1 << UInt64(j) } else { other[s.value, default: 0] |= 1 << UInt64(j) }
            }
        }

        func mask(_ s: Unicode.Scalar) -> UInt64 { s.value < 128 ? ascii[Int(s.value)] : other[s.value] ?? 0 }
    }

    /// The Levenshtein distance from the query of `q` to `text`, exactly `distance`'s value: Myers'
    /// bit-parallel algorithm in Hyyrö's form for the whole strings (one column of the table per word,
    /// a few operations per character of `text` instead of a row of cells: the did-you-mean of
    /// missing-dependency compared 198 names with 3,008 candidates each at 100k features).
    static func bitDistance(_ q: QueryMasks, _ text: [Unicode.Scalar]) -> Int {
        let m = q.count
        var pv: UInt64 = m == 64 ? ~0 : (1 << UInt64(m)) - 1
        var mv: UInt64 = 0
        var score = m
        let high: UInt64 = 1 << UInt64(m - 1)
        for c in text {
            let eq = q.mask(c)
            let xv = eq | mv
            let xh = (((eq & pv) &+ pv) ^ pv) | eq
            var ph = mv | ~(xh | pv)
            let mh = pv & xh
            if ph & high != 0 {
                score += 1
            } else if mh & high != 0 {
                score -= 1
            }
            // The top row is 0, 1, 2, …: a +1 comes in at the bottom of each column.
            ph = ph << 1 | 1
            pv = (mh << 1) | ~(xv | ph)
            mv = ph & xv
        }
        return score
    }

    /// Characters fall into this many classes for the counting bound (letters and digits each
    /// have their own class; everything else shares the rest).
    static let classCount = 64

    static func characterClass(_ s: Unicode.Scalar) -> Int {
        let v = Int(s.value)
        switch v {
        case 97...122: return v - 97  // a-z (names are compared lowercased)
        case 48...57: return 26 + v - 48  // 0-9
        default: return 36 + v % 28
        }
    }

    /// A lower bound of the edit distance from counting characters (by class): an insertion,
    /// deletion or substitution lowers by at most one both what `a` has too many of and what it
    /// has too few of, and both are 0 when the strings are equal. `short` = how many of each
    /// class `a` has more than `b` (summed over `a`'s classes only), `b.count - a.count` gives
    /// the other side: `too many - too few = a.count - b.count`.
    static func countingBound(query: [UInt8], queryClasses: [Int], queryCount: Int, _ counts: ArraySlice<UInt8>, count: Int) -> Int {
        var surplus = 0
        let base = counts.startIndex
        for k in queryClasses {
            let have = Int(counts[base + k]), want = Int(query[k])
            if want > have { surplus += want - have }
        }
        // surplus = what the query has too many of; the candidate's surplus is surplus + (count - queryCount).
        return max(surplus, surplus + count - queryCount)
    }

    /// Candidates prepared once (lowercased scalars, character counts, grouped by length), for
    /// asking about many names. `closest(to:)` gives what comparing the name with every candidate
    /// by the plain distance would give (the property test holds it to that), but looks only at
    /// candidates whose length can be within the limit and computes the distance only where the
    /// counting bound does not already exceed the best so far.
    public struct Index: Sendable {
        private let names: [String]
        private let lower: [[Unicode.Scalar]]
        private let lowerText: [String]
        /// Lowercased UTF-8 of ASCII candidates (nil otherwise): the prefix test compares bytes.
        private let asciiBytes: [[UInt8]?]
        /// `classCount` counts per candidate, flat; saturated counts (a class seen 255+ times)
        /// switch the bound off for that candidate.
        private let counts: [UInt8]
        private let countsExact: [Bool]
        /// Candidate indices ordered by length, and where each length starts in that order.
        private let byLength: [Int32]
        private let lengthStart: [Int: (start: Int, end: Int)]

        public init(_ candidates: some Sequence<String>) {
            var names: [String] = [], lower: [[Unicode.Scalar]] = [], lowerText: [String] = []
            var ascii: [[UInt8]?] = [], counts: [UInt8] = [], exact: [Bool] = []
            for c in candidates {
                let l = c.lowercased()
                let scalars = Array(l.unicodeScalars)
                names.append(c)
                lower.append(scalars)
                lowerText.append(l)
                ascii.append(l.utf8.allSatisfy { $0 < 0x80 } ? Array(l.utf8) : nil)
                // Counted in place in the flat table; a class that reaches 255 marks the row inexact.
                let start = counts.count
                counts.append(contentsOf: repeatElement(0, count: NameSuggestion.classCount))
                var isExact = true
                for s in scalars {
                    let k = start + NameSuggestion.characterClass(s)
                    if counts[k] == 254 { isExact = false }
                    if counts[k] < 255 { counts[k] += 1 }
                }
                exact.append(isExact)
            }
            let order = names.indices.sorted { (lower[$0].count, $0) < (lower[$1].count, $1) }
            var starts: [Int: (start: Int, end: Int)] = [:]
            for (position, i) in order.enumerated() {
                let n = lower[i].count
                if let s = starts[n] { starts[n] = (s.start, position + 1) } else { starts[n] = (position, position + 1) }
            }
            self.names = names
            self.lower = lower
            self.lowerText = lowerText
            self.asciiBytes = ascii
            self.counts = counts
            self.countsExact = exact
            self.byLength = order.map { Int32($0) }
            self.lengthStart = starts
        }

        /// The closest candidate within a distance that still looks like a typo, if any;
        /// else the shortest candidate that a name of 3+ characters starts ("Hom" for "HomeFeature").
        public func closest(to name: String) -> String? {
            let queryText = name.lowercased()
            let queryASCII = name.utf8.allSatisfy { $0 < 0x80 }
            let query = Array(queryText.unicodeScalars)
            let n = query.count
            var row = [Int](repeating: 0, count: NameSuggestion.classCount)
            var queryClasses: [Int] = []
            for s in query {
                let k = NameSuggestion.characterClass(s)
                if row[k] == 0 { queryClasses.append(k) }
                row[k] += 1
            }
            let queryExact = row.allSatisfy { $0 < 255 }
            let queryCounts = row.map { UInt8(min($0, 255)) }
            var best: (distance: Int, name: String)?
            // A candidate of length m is within the limit only if |n - m| <= max(2, min(n, m) / 3)
            // <= max(2, n / 3): look at those lengths, nearest first so the best tightens early.
            let reach = NameSuggestion.limit(n, n)
            var prev: [Int] = [], cur: [Int] = []
            let masks = NameSuggestion.QueryMasks(query)
            for offset in 0...reach {
                for m in offset == 0 ? [n] : [n - offset, n + offset] where m >= 0 {
                    guard let range = lengthStart[m] else { continue }
                    let limit = NameSuggestion.limit(n, m)
                    for position in range.start..<range.end {
                        let i = Int(byLength[position])
                        // Only a distance within the limit and no worse than the best so far can
                        // matter (a tie is kept: the smaller name wins it).
                        let cutoff = min(limit, best?.distance ?? limit)
                        if offset > cutoff { continue }
                        if queryExact && countsExact[i] {
                            let start = i * NameSuggestion.classCount
                            let bound = NameSuggestion.countingBound(
                                query: queryCounts, queryClasses: queryClasses, queryCount: n,
                                counts[start..<start + NameSuggestion.classCount], count: m)
                            if bound > cutoff { continue }
                        }
                        let d = masks.map { NameSuggestion.bitDistance($0, lower[i]) }
                            ?? NameSuggestion.distance(query, lower[i], cutoff: cutoff, rows: &prev, &cur)
                        guard d <= limit else { continue }
                        // The name itself is no suggestion. Between ASCII strings only one at
                        // distance 0 can be it, so only there are they compared (they were compared
                        // for every candidate: a fifth of missing-dependency at 100k features);
                        // other text can equal the name with other scalars ("é" and "e\u{301}").
                        if d == 0 || !queryASCII || asciiBytes[i] == nil, names[i] == name { continue }
                        if best == nil || d < best!.distance || (d == best!.distance && names[i] < best!.name) { best = (d, names[i]) }
                    }
                }
            }
            if let best { return best.name }
            guard n >= 3 else { return nil }
            let queryBytes = queryText.utf8.allSatisfy { $0 < 0x80 } ? Array(queryText.utf8) : nil
            var shortest: Int?
            for i in names.indices {
                // ASCII on both sides: a prefix of bytes is a prefix of characters; else ask String.
                let starts: Bool
                if let q = queryBytes, let c = asciiBytes[i] {
                    starts = c.count >= q.count && c.starts(with: q)
                } else {
                    starts = lowerText[i].hasPrefix(queryText)
                }
                guard starts, names[i] != name else { continue }
                if let s = shortest, (lower[s].count, names[s]) <= (lower[i].count, names[i]) { continue }
                shortest = i
            }
            return shortest.map { names[$0] }
        }

        /// "; did you mean 'x'?" or "".
        public func hint(for name: String) -> String {
            closest(to: name).map { "; did you mean '\($0)'?" } ?? ""
        }
    }
}
