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

    /// Levenshtein distance, two rows.
    /// With `cutoff`, any result above it may be returned as some value above it: a row's minimum
    /// never decreases, so once it passes the cutoff the final distance will too.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], cutoff: Int = .max) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        if abs(a.count - b.count) > 8 { return abs(a.count - b.count) }
        if abs(a.count - b.count) > cutoff { return abs(a.count - b.count) }
        var prev = Array(0...b.count)
        var cur = Array(repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            cur[0] = i
            var rowMin = i
            for j in 1...b.count {
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                rowMin = min(rowMin, cur[j])
            }
            if rowMin > cutoff { return rowMin }
            swap(&prev, &cur)
        }
        return prev[b.count]
    }

    /// Candidates prepared once (lowercased scalars), for asking about many names.
    public struct Index: Sendable {
        private let entries: [(name: String, lower: [Unicode.Scalar], lowerText: String)]

        public init(_ candidates: some Sequence<String>) {
            entries = candidates.map { c in
                let l = c.lowercased()
                return (c, Array(l.unicodeScalars), l)
            }
        }

        /// The closest candidate within a distance that still looks like a typo, if any;
        /// else the shortest candidate that a name of 3+ characters starts ("Hom" for "HomeFeature").
        public func closest(to name: String) -> String? {
            let lowerText = name.lowercased()
            let lower = Array(lowerText.unicodeScalars)
            var best: (distance: Int, name: String)?
            for c in entries where c.name != name {
                let limit = max(2, min(lower.count, c.lower.count) / 3)
                // Only a distance within the limit and no worse than the best so far can matter:
                // the distance stops as soon as it must exceed that (same result, far fewer steps).
                let cutoff = min(limit, best?.distance ?? limit)
                if abs(lower.count - c.lower.count) > cutoff { continue }
                let d = NameSuggestion.distance(lower, c.lower, cutoff: cutoff)
                guard d <= limit else { continue }
                if best == nil || d < best!.distance || (d == best!.distance && c.name < best!.name) { best = (d, c.name) }
            }
            if let best { return best.name }
            guard lower.count >= 3 else { return nil }
            return entries.filter { $0.name != name && $0.lowerText.hasPrefix(lowerText) }
                .min { ($0.lower.count, $0.name) < ($1.lower.count, $1.name) }?.name
        }

        /// "; did you mean 'x'?" or "".
        public func hint(for name: String) -> String {
            closest(to: name).map { "; did you mean '\($0)'?" } ?? ""
        }
    }
}
