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

    /// Appends `name.lowercased()`'s scalars to `text` (ASCII byte by byte, without a `String` per
    /// name) and returns whether they are ASCII.
    @discardableResult
    package static func appendLowercased(_ name: String, to text: inout [Unicode.Scalar]) -> Bool {
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            for b in name.utf8 { text.append(Unicode.Scalar(b >= 0x41 && b <= 0x5A ? b + 0x20 : b)) }
            return true
        }
        let l = name.lowercased()
        text.append(contentsOf: l.unicodeScalars)
        return l.utf8.allSatisfy { $0 < 0x80 }
    }

    /// The largest distance a candidate may have from a name of `a` and one of `b` characters and
    /// still look like a typo.
    package static func limit(_ a: Int, _ b: Int) -> Int { max(2, min(a, b) / 3) }

    /// Levenshtein distance, two rows.
    /// With `cutoff`, any result above it may be returned as some value above it.
    package static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], cutoff: Int = .max) -> Int {
        var prev: [Int] = [], cur: [Int] = []
        return distance(a, b, cutoff: cutoff, rows: &prev, &cur)
    }

    /// `distance(a, b, cutoff:)` in caller-owned rows (reused across candidates), computing only the
    /// band |i - j| <= cutoff: a cell outside it is more than `cutoff` from the start, and a cell
    /// whose distance is within the cutoff is reached by a path that never leaves the band, so band
    /// cells come out exact when within the cutoff and above it otherwise. A row's minimum never
    /// decreases, so once it passes the cutoff the final distance will too.
    package static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], cutoff: Int, rows prev: inout [Int], _ cur: inout [Int]) -> Int {
        a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in distance(a, b, cutoff: cutoff, rows: &prev, &cur) } }
    }

    package static func distance(
        _ a: UnsafeBufferPointer<Unicode.Scalar>, _ b: UnsafeBufferPointer<Unicode.Scalar>, cutoff: Int,
        rows prev: inout [Int], _ cur: inout [Int]
    ) -> Int {
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
    package struct QueryMasks {
        package let count: Int
        private var ascii = [UInt64](repeating: 0, count: 128)
        private var other: [UInt32: UInt64] = [:]

        package init?<Query: Collection<Unicode.Scalar>>(_ query: Query) {
            guard (1...64).contains(query.count) else { return nil }
            count = query.count
            for (j, s) in query.enumerated() {
                if s.value < 128 { ascii[Int(s.value)] |= 1 << UInt64(j) } else { other[s.value, default: 0] |= 1 << UInt64(j) }
            }
        }

        package func mask(_ s: Unicode.Scalar) -> UInt64 { s.value < 128 ? ascii[Int(s.value)] : other[s.value] ?? 0 }
    }

    /// The Levenshtein distance from the query of `q` to `text`, exactly `distance`'s value: Myers'
    /// bit-parallel algorithm in Hyyrö's form for the whole strings (one column of the table per word,
    /// a few operations per character of `text` instead of a row of cells: the did-you-mean of
    /// missing-dependency compared 198 names with 3,008 candidates each at 100k features).
    package static func bitDistance(_ q: QueryMasks, _ text: [Unicode.Scalar]) -> Int {
        text.withUnsafeBufferPointer { bitDistance(q, $0) }
    }

    package static func bitDistance(_ q: QueryMasks, _ text: UnsafeBufferPointer<Unicode.Scalar>) -> Int {
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
    package static let classCount = 64

    package static func characterClass(_ s: Unicode.Scalar) -> Int {
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
    package static func countingBound(query: [UInt8], queryClasses: [Int], queryCount: Int, _ counts: ArraySlice<UInt8>, count: Int) -> Int {
        var surplus = 0
        let base = counts.startIndex
        for k in queryClasses {
            let have = Int(counts[base + k]), want = Int(query[k])
            if want > have { surplus += want - have }
        }
        // surplus = what the query has too many of; the candidate's surplus is surplus + (count - queryCount).
        return max(surplus, surplus + count - queryCount)
    }

    /// The set of character classes of a name, as bits: a lower bound of the edit distance between
    /// two names is the larger of the classes only one of them has (`classSetBound`).
    package static func classSet(_ scalars: [Unicode.Scalar]) -> UInt64 {
        var m: UInt64 = 0
        for s in scalars { m |= 1 << UInt64(characterClass(s)) }
        return m
    }

    /// Every class that only `a` has needs an edit of one of `a`'s characters, and every class only
    /// `b` has one of `b`'s; an edit changes at most one character on each side.
    package static func classSetBound(_ a: UInt64, _ b: UInt64) -> Int {
        max((a & ~b).nonzeroBitCount, (b & ~a).nonzeroBitCount)
    }

    /// Candidates prepared once, for asking about many names. `closest(to:)` gives what comparing
    /// the name with every candidate by the plain distance would give (the property test holds it
    /// to that).
    ///
    /// Cost. Building: O(c·L + c log c) for c candidates of at most L characters. One query of n
    /// characters: the candidates are grouped by (length, set of character classes); the groups of
    /// the lengths within reach (|n − m| ≤ max(2, n/3)) are ordered by their class-set bound, O(W
    /// log W) for W such groups (W ≤ c, and at most a few thousand for names made of the same
    /// words); a group is opened only while its bound is within the best distance so far, and in it
    /// a candidate costs the counting bound (O(n)) and, where that is within the best, the
    /// bit-parallel distance (O(L) for n ≤ 64, O(n·k) for longer names, k the cutoff). When nothing
    /// is within reach, the prefix answer is a binary search in the candidates sorted by their
    /// lowercased bytes and a range minimum over a segment tree, O(log c) (non-ASCII candidates,
    /// usually none, are compared one by one). So the cost of a query no longer includes a pass
    /// over every candidate whatever the name: a name unlike every candidate stops at the group
    /// bounds, a near miss tightens the cutoff within its own groups first. The worst case, a name
    /// within the bound of every group (a registry whose names all share their characters), is
    /// O(c·L) per distinct name, as comparing with every candidate is; `unknown-reference` asks
    /// once per distinct name.
    public struct Index: Sendable {
        private let names: [String]
        /// Every candidate's lowercased scalars, one after another in one buffer (not an array per
        /// name: building four heap objects per name was most of the index's cost at 100k names):
        /// candidate i's are `text[starts[i]..<starts[i + 1]]`.
        private let text: [Unicode.Scalar]
        private let starts: [Int]
        /// Whether candidate i's lowercased text is ASCII: its prefix test then compares scalars.
        private let ascii: [Bool]
        /// `classCount` counts per candidate, flat; saturated counts (a class seen 255+ times)
        /// switch the bound off for that candidate.
        private let counts: [UInt8]
        private let countsExact: [Bool]
        /// Candidate indices ordered by (length, class set, index), and the groups of equal
        /// (length, class set) in that order: per length, its groups' range in `groups`.
        private let byGroup: [Int32]
        private let groups: [(classes: UInt64, start: Int32, end: Int32)]
        private let lengthGroups: [Int: Range<Int>]
        /// ASCII candidates ordered by lowercased text, and a segment tree over that order of the
        /// candidate that is the shortest (then smallest name) in each range.
        private let prefixOrder: [Int32]
        private let prefixTree: [Int32]
        /// Candidates that are not ASCII: their prefix test is `String.hasPrefix`, one by one.
        private let nonASCII: [Int32]
        /// Every candidate under itself and each of its one-scalar deletions (`OneDeletion`); nil
        /// when built for names known to have no candidate within one edit (`Answers`).
        private let deletions: OneDeletion?

        /// `nearMisses: false` leaves out the one-deletion table: a name with a candidate within one
        /// edit is then found by the groups below (the same answer, without the shortcut).
        public init(_ candidates: some Sequence<String>, nearMisses: Bool = true) {
            let names = Array(candidates)
            var text: [Unicode.Scalar] = [], starts = [0], ascii: [Bool] = []
            var exact: [Bool] = [], classes: [UInt64] = []
            starts.reserveCapacity(names.count + 1)
            ascii.reserveCapacity(names.count)
            exact.reserveCapacity(names.count)
            classes.reserveCapacity(names.count)
            var counts = [UInt8](repeating: 0, count: names.count * NameSuggestion.classCount)
            text.reserveCapacity(names.reduce(0) { $0 + $1.utf8.count })
            for c in names {
                let isASCII = NameSuggestion.appendLowercased(c, to: &text)
                starts.append(text.count)
                ascii.append(isASCII)
            }
            // Class counts in place in the flat table; a class that reaches 255 marks the row inexact.
            text.withUnsafeBufferPointer { text in
                counts.withUnsafeMutableBufferPointer { counts in
                    for i in names.indices {
                        var set: UInt64 = 0, isExact = true
                        let row = i * NameSuggestion.classCount
                        for s in text[starts[i]..<starts[i + 1]] {
                            let k = NameSuggestion.characterClass(s)
                            set |= 1 << UInt64(k)
                            if counts[row + k] == 254 { isExact = false }
                            if counts[row + k] < 255 { counts[row + k] += 1 }
                        }
                        classes.append(set)
                        exact.append(isExact)
                    }
                }
            }
            let lengths = names.indices.map { starts[$0 + 1] - starts[$0] }
            let order = names.indices.sorted { (lengths[$0], classes[$0], $0) < (lengths[$1], classes[$1], $1) }
            var groups: [(classes: UInt64, start: Int32, end: Int32)] = []
            var lengthGroups: [Int: Range<Int>] = [:]
            for (position, i) in order.enumerated() {
                let n = lengths[i]
                if let last = groups.last, position > 0, lengths[order[position - 1]] == n, last.classes == classes[i] {
                    groups[groups.count - 1].end = Int32(position + 1)
                } else {
                    groups.append((classes[i], Int32(position), Int32(position + 1)))
                    let g = groups.count - 1
                    lengthGroups[n] = (lengthGroups[n]?.lowerBound ?? g) ..< g + 1
                }
            }
            let prefixOrder: [Int32] = text.withUnsafeBufferPointer { t in
                names.indices.filter { ascii[$0] }.sorted { a, b in
                    let x = t[starts[a]..<starts[a + 1]], y = t[starts[b]..<starts[b + 1]]
                    return x.lexicographicallyPrecedes(y) || (x.elementsEqual(y) && a < b)
                }.map { Int32($0) }
            }
            // A segment tree (leaves at size…2·size) of the best candidate of each range.
            var size = 1
            while size < prefixOrder.count { size *= 2 }
            var tree = [Int32](repeating: -1, count: 2 * size)
            for (k, i) in prefixOrder.enumerated() { tree[size + k] = i }
            func better(_ a: Int32, _ b: Int32) -> Int32 {
                if a < 0 { return b }
                if b < 0 { return a }
                return (lengths[Int(a)], names[Int(a)]) <= (lengths[Int(b)], names[Int(b)]) ? a : b
            }
            if size > 1 { for k in stride(from: size - 1, through: 1, by: -1) { tree[k] = better(tree[2 * k], tree[2 * k + 1]) } }
            self.names = names
            self.text = text
            self.starts = starts
            self.ascii = ascii
            self.counts = counts
            self.countsExact = exact
            self.byGroup = order.map { Int32($0) }
            self.groups = groups
            self.lengthGroups = lengthGroups
            self.prefixOrder = prefixOrder
            self.prefixTree = prefixOrder.isEmpty ? [] : tree
            self.nonASCII = names.indices.filter { !ascii[$0] }.map { Int32($0) }
            self.deletions = nearMisses ? text.withUnsafeBufferPointer { OneDeletion($0, starts: starts) } : nil
        }

        private func length(_ i: Int) -> Int { starts[i + 1] - starts[i] }

        /// The closest candidate within a distance that still looks like a typo, if any;
        /// else the shortest candidate that a name of 3+ characters starts ("Hom" for "HomeFeature").
        public func closest(to name: String) -> String? {
            let queryText = name.lowercased()
            let query = Array(queryText.unicodeScalars)
            return text.withUnsafeBufferPointer { t in
                query.withUnsafeBufferPointer { q in
                    closest(to: name, queryText: queryText, query: q) { UnsafeBufferPointer(rebasing: t[starts[$0]..<starts[$0 + 1]]) }
                }
            }
        }

        private func closest(
            to name: String, queryText: String, query: UnsafeBufferPointer<Unicode.Scalar>,
            candidate: (Int) -> UnsafeBufferPointer<Unicode.Scalar>
        ) -> String? {
            let queryASCII = name.utf8.allSatisfy { $0 < 0x80 }
            let n = query.count
            var row = [Int](repeating: 0, count: NameSuggestion.classCount)
            var queryClasses: [Int] = []
            var querySet: UInt64 = 0
            for s in query {
                let k = NameSuggestion.characterClass(s)
                if row[k] == 0 { queryClasses.append(k) }
                row[k] += 1
                querySet |= 1 << UInt64(k)
            }
            let queryExact = row.allSatisfy { $0 < 255 }
            let queryCounts = row.map { UInt8(min($0, 255)) }
            var best: (distance: Int, name: String, index: Int)?
            var prev: [Int] = [], cur: [Int] = []
            let masks = NameSuggestion.QueryMasks(query)
            func offer(_ i: Int, _ d: Int) {
                // The name itself is no suggestion. Between ASCII strings only one at distance 0
                // can be it, so only there are they compared (they were compared for every
                // candidate: a fifth of missing-dependency at 100k features); other text can
                // equal the name with other scalars ("é" and "e\u{301}").
                if d == 0 || !queryASCII || !ascii[i], names[i] == name { return }
                // Ties: the smaller name; where neither name is smaller (`String` ordering of text
                // that is not in one normal form is not total), the earlier candidate, as one
                // pass over the candidates in order would keep it.
                if let b = best {
                    guard d < b.distance || (d == b.distance && (names[i] < b.name || (!(b.name < names[i]) && i < b.index))) else { return }
                }
                best = (d, names[i], i)
            }
            // Every candidate within one edit shares a key with the name (itself or a deletion):
            // when the closest is that close, those are all the candidates that can tie with it.
            deletions?.forEachMatch(of: query) { i in
                guard abs(length(i) - n) <= 1 else { return }
                let d = masks.map { NameSuggestion.bitDistance($0, candidate(i)) }
                    ?? NameSuggestion.distance(query, candidate(i), cutoff: 2, rows: &prev, &cur)
                if d <= 1 { offer(i, d) }
            }
            if let best, best.distance <= 1 { return best.name }
            // Farther: a candidate of length m is within the limit only if |n - m| <= max(2, min(n,
            // m) / 3) <= max(2, n / 3): the groups of those lengths, by their lower bound (made only
            // here: most missing names are near misses, answered above without them).
            let reach = NameSuggestion.limit(n, n)
            var window: [(bound: Int, group: Int, length: Int)] = []
            for m in max(0, n - reach)...(n + reach) {
                guard let range = lengthGroups[m] else { continue }
                let limit = NameSuggestion.limit(n, m)
                for g in range {
                    let bound = max(abs(n - m), NameSuggestion.classSetBound(querySet, groups[g].classes))
                    if bound <= limit { window.append((bound, g, m)) }
                }
            }
            window.sort { ($0.bound, $0.group) < ($1.bound, $1.group) }
            for (bound, g, m) in window {
                // Only a distance within the limit and no worse than the best so far can matter
                // (a tie is kept: the smaller name wins it).
                if let best, bound > best.distance { break }
                let limit = NameSuggestion.limit(n, m)
                for position in Int(groups[g].start)..<Int(groups[g].end) {
                    let i = Int(byGroup[position])
                    let cutoff = min(limit, best?.distance ?? limit)
                    if bound > cutoff { break }
                    if queryExact && countsExact[i] {
                        let start = i * NameSuggestion.classCount
                        let counting = NameSuggestion.countingBound(
                            query: queryCounts, queryClasses: queryClasses, queryCount: n,
                            counts[start..<start + NameSuggestion.classCount], count: m)
                        if counting > cutoff { continue }
                    }
                    let d = masks.map { NameSuggestion.bitDistance($0, candidate(i)) }
                        ?? NameSuggestion.distance(query, candidate(i), cutoff: cutoff, rows: &prev, &cur)
                    guard d <= limit else { continue }
                    offer(i, d)
                }
            }
            if let best { return best.name }
            guard n >= 3 else { return nil }
            return shortestStarting(with: query, queryText: queryText, name: name, candidate: candidate)
        }

        /// The shortest (then smallest) candidate other than `name` whose lowercased text starts
        /// with the query's.
        private func shortestStarting(
            with query: UnsafeBufferPointer<Unicode.Scalar>, queryText: String, name: String,
            candidate: (Int) -> UnsafeBufferPointer<Unicode.Scalar>
        ) -> String? {
            var shortest: Int?
            func consider(_ i: Int) {
                guard names[i] != name else { return }
                if let s = shortest, (length(s), names[s]) <= (length(i), names[i]) { return }
                shortest = i
            }
            // ASCII on both sides: a prefix of scalars is a prefix of characters; else ask String.
            if queryText.utf8.allSatisfy({ $0 < 0x80 }) {
                // The candidates starting with the query are one range of the text order.
                func firstNotBelow(orPrefixed: Bool) -> Int {
                    var lo = 0, hi = prefixOrder.count
                    while lo < hi {
                        let mid = (lo + hi) / 2
                        let c = candidate(Int(prefixOrder[mid]))
                        let below = orPrefixed ? (c.starts(with: query) || c.lexicographicallyPrecedes(query)) : c.lexicographicallyPrecedes(query)
                        if below { lo = mid + 1 } else { hi = mid }
                    }
                    return lo
                }
                let lo = firstNotBelow(orPrefixed: false), hi = firstNotBelow(orPrefixed: true)
                if lo < hi {
                    let found = rangeBest(lo, hi)
                    if found >= 0, names[Int(found)] != name {
                        shortest = Int(found)
                    } else {
                        // The name itself is among them (rare): look at the range one by one.
                        for k in lo..<hi { consider(Int(prefixOrder[k])) }
                    }
                }
                for i in nonASCII where names[Int(i)].lowercased().hasPrefix(queryText) { consider(Int(i)) }
            } else {
                for i in names.indices where names[i].lowercased().hasPrefix(queryText) { consider(i) }
            }
            return shortest.map { names[$0] }
        }

        /// The best candidate (shortest, then smallest name) of `prefixOrder[lo..<hi]`: O(log c).
        private func rangeBest(_ lo: Int, _ hi: Int) -> Int32 {
            let size = prefixTree.count / 2
            var l = lo + size, r = hi + size
            var found: Int32 = -1
            func take(_ x: Int32) {
                if x < 0 { return }
                if found < 0 || (length(Int(x)), names[Int(x)]) < (length(Int(found)), names[Int(found)]) { found = x }
            }
            while l < r {
                if l & 1 == 1 { take(prefixTree[l]); l += 1 }
                if r & 1 == 1 { r -= 1; take(prefixTree[r]) }
                l /= 2
                r /= 2
            }
            return found
        }

        /// "; did you mean 'x'?" or "".
        public func hint(for name: String) -> String {
            closest(to: name).map { "; did you mean '\($0)'?" } ?? ""
        }
    }

    /// Names under a 64-bit hash of themselves and of each one-scalar deletion (symmetric deletion,
    /// distance 1): two names within one edit share a key (a substitution at i: both without i; an
    /// insertion: one is the other without it). A key's candidates are verified by the distance,
    /// so a hash collision costs a comparison, never an answer.
    ///
    /// Cost: O(c·L) keys for c names of at most L scalars (prefix and suffix hashes make each
    /// deletion's key O(1)). The keys are entries written in order (key, candidate, next entry of
    /// the same chain); a table of chain heads, one `Int32` per entry rounded up to a power of two,
    /// is the only memory written out of order: 4 bytes a key, not a 16-byte open-addressed slot
    /// at half load (8 MB at 10k names, whose random writes were two thirds of the index's build).
    /// A query of n scalars walks n + 1 chains of about one entry each.
    package struct OneDeletion: Sendable {
        private var heads: [Int32] = []
        private var keys: [UInt64] = []
        private var candidate: [Int32] = []
        private var next: [Int32] = []
        private var mask = 0

        /// Candidate i is `text[starts[i]..<starts[i + 1]]`.
        package init(_ text: UnsafeBufferPointer<Unicode.Scalar>, starts: [Int]) {
            let count = starts.count - 1
            let total = text.count + count
            guard count > 0, total > 0 else { return }
            var capacity = 16
            while capacity < total { capacity *= 2 }
            let mask = capacity - 1
            var heads = [Int32](repeating: -1, count: capacity)
            // Entry e (one key of one candidate) is keys[e] and candidate[e], and next[e] the entry
            // before it in the same chain: the number of entries is known in advance, so they are
            // filled in place, in order.
            var entryKeys = [UInt64](repeating: 0, count: total)
            var candidate = [Int32](repeating: 0, count: total), next = [Int32](repeating: -1, count: total)
            var keys: [UInt64] = [], buffers = Buffers()
            var e = 0
            heads.withUnsafeMutableBufferPointer { heads in
                entryKeys.withUnsafeMutableBufferPointer { entryKeys in
                    candidate.withUnsafeMutableBufferPointer { candidate in
                        next.withUnsafeMutableBufferPointer { next in
                            for i in 0..<count {
                                keys.removeAll(keepingCapacity: true)
                                Self.keys(of: UnsafeBufferPointer(rebasing: text[starts[i]..<starts[i + 1]]), into: &keys, &buffers)
                                // (A name with a repeated letter has equal deletions: it is then listed
                                // twice under that key, and compared once more.)
                                for key in keys {
                                    let h = Int(truncatingIfNeeded: key) & mask
                                    entryKeys[e] = key
                                    candidate[e] = Int32(i)
                                    next[e] = heads[h]
                                    heads[h] = Int32(e)
                                    e += 1
                                }
                            }
                        }
                    }
                }
            }
            self.heads = heads
            self.keys = entryKeys
            self.candidate = candidate
            self.next = next
            self.mask = mask
        }

        /// The candidates sharing a key with `query` (a candidate may come more than once).
        package func forEachMatch(of query: UnsafeBufferPointer<Unicode.Scalar>, _ body: (Int) -> Void) {
            var queryKeys: [UInt64] = [], buffers = Buffers()
            forEachMatch(of: query, keys: &queryKeys, &buffers, body)
        }

        /// `forEachMatch(of:_:)` in caller-owned scratch space (reused across many queries).
        package func forEachMatch(
            of query: UnsafeBufferPointer<Unicode.Scalar>, keys queryKeys: inout [UInt64], _ buffers: inout Buffers, _ body: (Int) -> Void
        ) {
            guard !heads.isEmpty else { return }
            queryKeys.removeAll(keepingCapacity: true)
            Self.keys(of: query, into: &queryKeys, &buffers)
            for key in queryKeys {
                var e = heads[Int(truncatingIfNeeded: key) & mask]
                while e >= 0 {
                    if keys[Int(e)] == key { body(Int(candidate[Int(e)])) }
                    e = next[Int(e)]
                }
            }
        }

        /// The key of `s`, then of `s` without each scalar in turn.
        package struct Buffers {
            package var prefix: [UInt64] = [], suffix: [UInt64] = [], power: [UInt64] = []
        }

        package static func keys(of s: UnsafeBufferPointer<Unicode.Scalar>, into keys: inout [UInt64], _ b: inout Buffers) {
            let base: UInt64 = 0x100_0000_01B3
            let n = s.count
            // prefix[j]: hash of s[0..<j]; suffix[j]: hash of s[j...]; power[j] = base^j.
            if b.prefix.count < n + 1 {
                b.prefix = Array(repeating: 0, count: n + 1)
                b.suffix = b.prefix
                b.power = b.prefix
            }
            b.power[0] = 1
            b.suffix[n] = 0
            b.prefix.withUnsafeMutableBufferPointer { prefix in
                b.suffix.withUnsafeMutableBufferPointer { suffix in
                    b.power.withUnsafeMutableBufferPointer { power in
                        prefix[0] = 0
                        for j in 0..<n {
                            prefix[j + 1] = prefix[j] &* base &+ UInt64(s[j].value) &+ 1
                            power[j + 1] = power[j] &* base
                        }
                        for j in stride(from: n - 1, through: 0, by: -1) {
                            suffix[j] = (UInt64(s[j].value) &+ 1) &* power[n - 1 - j] &+ suffix[j + 1]
                        }
                        keys.append(mix(prefix[n], n))
                        for p in 0..<n { keys.append(mix(prefix[p] &* power[n - 1 - p] &+ suffix[p + 1], n - 1)) }
                    }
                }
            }
        }

        private static func mix(_ h: UInt64, _ length: Int) -> UInt64 {
            var z = h ^ (UInt64(length) &* 0x9E37_79B9_7F4A_7C15)
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
