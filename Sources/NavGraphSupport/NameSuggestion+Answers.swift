import Foundation

extension NameSuggestion {
    /// "Did you mean" over `candidates` for names mostly known in advance: the names a registry
    /// references but never declares. `closest(to:)` gives exactly what `Index(candidates)` gives
    /// (the property test holds it to that).
    ///
    /// Cost. The expected names' near misses (a candidate within one edit) are found in one pass
    /// over the candidates: the names' one-deletion keys in a table of Q·L entries, and each
    /// candidate's keys looked up in it — O(c·L) hashing and lookups in a small table, against the
    /// full index's O(c·L) random writes into a table of c·L entries (two thirds of its build: ~60
    /// ms of a 100k-name index). An expected name with no candidate within one edit is answered by
    /// an `Index` without that table (`nearMisses: false`: it has none to find), a name not
    /// expected by the full `Index`; each is built on its first question (at most the full index's
    /// cost again, as before, plus that pass).
    public final class Answers: @unchecked Sendable {
        private let candidates: [String]
        /// An expected name → its closest candidate, when one is within one edit; `far`: the
        /// expected names with none. Keyed by the names' bytes: `String` equality is canonical
        /// equivalence ("é" and "e\u{301}" are one key), while the distance is over scalars, so two
        /// such spellings of one name can have different answers.
        private let near: [[UInt8]: String]
        private let far: Set<[UInt8]>
        private let lock = NSLock()
        private var farIndex: Index?
        private var fullIndex: Index?

        public init(_ candidates: [String], expecting names: some Sequence<String>) {
            self.candidates = candidates
            var seen = Set<[UInt8]>()
            let names = names.filter { seen.insert(Array($0.utf8)).inserted }
            let near = Self.nearMisses(of: names, in: candidates)
            self.near = near
            far = Set(names.map { Array($0.utf8) }.filter { near[$0] == nil })
        }

        /// The closest candidate within a distance that still looks like a typo, if any; else the
        /// shortest candidate that a name of 3+ characters starts (`Index.closest(to:)`).
        public func closest(to name: String) -> String? {
            let key = Array(name.utf8)
            if let answer = near[key] { return answer }
            // Built under the lock, asked outside it (an index is an immutable value): two rules
            // asking about far names at once do not wait for each other's questions.
            let isFar = far.contains(key)
            let index: Index = lock.withLock {
                if isFar {
                    if let farIndex { return farIndex }
                    let index = Index(candidates, nearMisses: false)
                    farIndex = index
                    return index
                }
                if let fullIndex { return fullIndex }
                let index = Index(candidates)
                fullIndex = index
                return index
            }
            return index.closest(to: name)
        }

        /// "; did you mean 'x'?" or "".
        public func hint(for name: String) -> String {
            closest(to: name).map { "; did you mean '\($0)'?" } ?? ""
        }

        /// Each name's closest candidate within one edit, chosen as `Index.closest` chooses among
        /// them (the smaller distance, then the smaller name, then the earlier candidate; the name
        /// itself is no suggestion). Names with none are left out.
        static func nearMisses(of names: [String], in candidates: [String]) -> [[UInt8]: String] {
            guard !names.isEmpty, !candidates.isEmpty else { return [:] }
            var text: [Unicode.Scalar] = [], starts = [0]
            for name in names {
                text.append(contentsOf: name.lowercased().unicodeScalars)
                starts.append(text.count)
            }
            var best = [(distance: Int, candidate: Int)?](repeating: nil, count: names.count)
            var candidateText: [Unicode.Scalar] = []
            var prev: [Int] = [], cur: [Int] = []
            var keys: [UInt64] = [], buffers = OneDeletion.Buffers()
            text.withUnsafeBufferPointer { text in
                let table = OneDeletion(text, starts: starts)
                for (i, c) in candidates.enumerated() {
                    candidateText.removeAll(keepingCapacity: true)
                    NameSuggestion.appendLowercased(c, to: &candidateText)
                    candidateText.withUnsafeBufferPointer { c in
                        table.forEachMatch(of: c, keys: &keys, &buffers) { q in
                            let query = UnsafeBufferPointer(rebasing: text[starts[q]..<starts[q + 1]])
                            guard abs(query.count - c.count) <= 1 else { return }
                            let d = NameSuggestion.distance(query, c, cutoff: 1, rows: &prev, &cur)
                            guard d <= 1, candidates[i] != names[q] else { return }
                            if let b = best[q] {
                                let bn = candidates[b.candidate], cn = candidates[i]
                                guard d < b.distance || (d == b.distance && (cn < bn || (!(bn < cn) && i < b.candidate))) else { return }
                            }
                            best[q] = (d, i)
                        }
                    }
                }
            }
            var out: [[UInt8]: String] = [:]
            for (q, b) in best.enumerated() { if let b { out[Array(names[q].utf8)] = candidates[b.candidate] } }
            return out
        }
    }
}
