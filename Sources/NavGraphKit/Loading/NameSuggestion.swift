/// "Did you mean …?" for names that match nothing.
public enum NameSuggestion {
    /// The closest candidate within a distance that still looks like a typo, if any.
    public static func closest(to name: String, in candidates: some Sequence<String>) -> String? {
        let lower = Array(name.lowercased().unicodeScalars)
        var best: (distance: Int, name: String)?
        for c in candidates where c != name {
            let limit = max(2, min(lower.count, c.count) / 3)
            // Only a distance within the limit and no worse than the best so far can matter:
            // the distance stops as soon as it must exceed that (same result, far fewer steps).
            let cutoff = min(limit, best?.distance ?? limit)
            let d = distance(lower, Array(c.lowercased().unicodeScalars), cutoff: cutoff)
            guard d <= limit else { continue }
            if best == nil || d < best!.distance || (d == best!.distance && c < best!.name) { best = (d, c) }
        }
        if let best { return best.name }
        // A short name that starts a longer one ("Hom" for "HomeFeature").
        guard lower.count >= 3 else { return nil }
        let prefix = name.lowercased()
        return candidates.filter { $0 != name && $0.lowercased().hasPrefix(prefix) }.min { ($0.count, $0) < ($1.count, $1) }
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
}
