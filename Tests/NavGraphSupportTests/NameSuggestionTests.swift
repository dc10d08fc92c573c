import PropertyBased
import Testing
@testable import NavGraphKit
import NavGraphTestSupport
@testable import NavGraphSupport
@testable import NavGraphModel
@testable import NavGraphSchema
@testable import NavGraphGraph
@testable import NavGraphChecks
@testable import NavGraphOutputs
@testable import NavGraphConfig

/// `NameSuggestion.Index` skips candidates by length and by a character-counting bound before it
/// computes a distance: it must answer exactly what comparing the name with every candidate by the
/// plain Levenshtein distance answers.
@Suite struct NameSuggestionTests {
    /// The specification: full distance to every candidate, the smallest within the limit (ties: the
    /// smaller name), else the shortest candidate the name (3+ characters) starts.
    static func plainClosest(to name: String, in candidates: [String]) -> String? {
        let q = Array(name.lowercased().unicodeScalars)
        var best: (distance: Int, name: String)?
        for c in candidates where c != name {
            let l = Array(c.lowercased().unicodeScalars)
            let d = plainDistance(q, l)
            guard d <= max(2, min(q.count, l.count) / 3) else { continue }
            if best == nil || (d, c) < (best!.distance, best!.name) { best = (d, c) }
        }
        if let best { return best.name }
        guard q.count >= 3 else { return nil }
        return candidates.filter { $0 != name && $0.lowercased().hasPrefix(name.lowercased()) }
            .min { ($0.lowercased().unicodeScalars.count, $0) < ($1.lowercased().unicodeScalars.count, $1) }
    }

    /// The textbook dynamic programme, the whole table.
    static func plainDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
        }
        return table[a.count][b.count]
    }

    /// Strings from a tape: a small alphabet (so near misses are common) with upper case, digits,
    /// punctuation and non-ASCII letters; lengths up to 45 so long names (limit above 8) occur.
    struct Words {
        var tape: [Int]
        var position = 0
        static let alphabet: [String] = ["a", "b", "c", "A", "B", "1", "2", ".", "_", "é", "e\u{301}", "ß", "Ω", "p", "q"]
        mutating func next(_ n: Int) -> Int {
            guard position < tape.count, n > 0 else { return 0 }
            defer { position += 1 }
            return tape[position] % n
        }
        mutating func word(base: String?) -> String {
            // Half the time a mutation of an earlier word (a typo), else a fresh word.
            if let base, next(2) == 0 {
                var chars = Array(base)
                for _ in 0..<next(4) {
                    switch next(3) {
                    case 0 where !chars.isEmpty: chars.remove(at: next(chars.count))
                    case 1: chars.insert(Character(Self.alphabet[next(Self.alphabet.count)]), at: next(chars.count + 1))
                    default: if !chars.isEmpty { chars[next(chars.count)] = Character(Self.alphabet[next(Self.alphabet.count)]) }
                    }
                }
                if next(4) == 0 { chars += Array(Self.alphabet.prefix(next(8) + 3).joined()) }
                return String(chars)
            }
            let length = next(4) == 0 ? next(46) : next(14)
            return (0..<length).map { _ in Self.alphabet[next(Self.alphabet.count)] }.joined()
        }
    }

    @Test func sameAnswersAsThePlainDistance() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...9999).array(of: 40...400)) { tape in
            var words = Words(tape: tape)
            var candidates: [String] = []
            for _ in 0..<(words.next(40) + 1) { candidates.append(words.word(base: candidates.last)) }
            let index = NameSuggestion.Index(candidates)
            // Without the one-deletion table, the groups find the same candidates.
            let groupsOnly = NameSuggestion.Index(candidates, nearMisses: false)
            for _ in 0..<10 {
                let name = words.word(base: candidates.isEmpty ? nil : candidates[words.next(candidates.count)])
                let expected = Self.plainClosest(to: name, in: candidates)
                let got = index.closest(to: name)
                #expect(got == expected, "name \(name.debugDescription) candidates \(candidates.debugDescription)")
                #expect(groupsOnly.closest(to: name) == expected, "name \(name.debugDescription) candidates \(candidates.debugDescription)")
            }
        }
    }

    /// The answers for names known in advance are the index's, for those names (found in one pass
    /// when a candidate is within one edit, else by the index) and for names not announced.
    @Test func answersForExpectedNamesAreTheIndexs() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...9999).array(of: 40...400)) { tape in
            var words = Words(tape: tape)
            var candidates: [String] = []
            for _ in 0..<(words.next(40) + 1) { candidates.append(words.word(base: candidates.last)) }
            var names: [String] = []
            for _ in 0..<12 { names.append(words.word(base: candidates.isEmpty ? nil : candidates[words.next(candidates.count)])) }
            // Some announced names are candidates themselves (the name is no suggestion for itself),
            // and some are spelt twice, in both forms of "é" (equal as Strings, not as scalars).
            if let c = candidates.first { names.append(c) }
            names += ["é", "e\u{301}", "éa", "e\u{301}a"]
            let index = NameSuggestion.Index(candidates)
            let answers = NameSuggestion.Answers(candidates, expecting: names.prefix(8) + names.suffix(1))
            for name in names {
                #expect(answers.closest(to: name) == index.closest(to: name), "name \(name.debugDescription) candidates \(candidates.debugDescription)")
            }
        }
    }

    /// The counting bound never exceeds the distance (it is what makes skipping safe).
    @Test func countingBoundIsALowerBound() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...9999).array(of: 20...200)) { tape in
            var words = Words(tape: tape)
            let a = words.word(base: nil), b = words.word(base: a)
            let qa = Array(a.lowercased().unicodeScalars), qb = Array(b.lowercased().unicodeScalars)
            func counts(_ s: [Unicode.Scalar]) -> [Int] {
                var row = [Int](repeating: 0, count: NameSuggestion.classCount)
                for c in s { row[NameSuggestion.characterClass(c)] += 1 }
                return row
            }
            let ca = counts(qa), cb = counts(qb)
            let classes = ca.indices.filter { ca[$0] > 0 }
            let bound = NameSuggestion.countingBound(
                query: ca.map { UInt8($0) }, queryClasses: classes, queryCount: qa.count, cb.map { UInt8($0) }[...], count: qb.count)
            #expect(bound <= Self.plainDistance(qa, qb), "\(a.debugDescription) \(b.debugDescription)")
        }
    }

    /// The banded distance with a cutoff is exact within the cutoff and above it otherwise.
    @Test func bandedDistanceMatchesThePlainOne() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...9999).array(of: 20...200)) { tape in
            var words = Words(tape: tape)
            let a = Array(words.word(base: nil).unicodeScalars)
            let b = Array(words.word(base: String(String.UnicodeScalarView(a))).unicodeScalars)
            let plain = Self.plainDistance(a, b)
            for cutoff in [0, 1, 2, 3, 5, 8, 13, 50, Int.max] {
                let d = NameSuggestion.distance(a, b, cutoff: cutoff)
                if plain <= cutoff { #expect(d == plain, "\(a) \(b) cutoff \(cutoff)") } else { #expect(d > cutoff, "\(a) \(b) cutoff \(cutoff)") }
            }
            // The bit-parallel distance (queries of 1...64 characters) is exact, both ways round.
            if let q = NameSuggestion.QueryMasks(a) { #expect(NameSuggestion.bitDistance(q, b) == plain, "\(a) \(b)") }
            if let q = NameSuggestion.QueryMasks(b) { #expect(NameSuggestion.bitDistance(q, a) == plain, "\(b) \(a)") }
        }
    }

    /// The bit-parallel distance at the word's edges: 64 characters (every bit of the word), one,
    /// an empty text, non-ASCII characters.
    @Test func bitDistanceAtTheEdges() {
        let long = Array(String(repeating: "ab", count: 32).unicodeScalars)
        let cases: [([Unicode.Scalar], [Unicode.Scalar])] = [
            (long, long), (long, Array(long.dropLast())), (long, Array(long.reversed())), (long, []),
            (Array("a".unicodeScalars), []), (Array("a".unicodeScalars), Array("b".unicodeScalars)),
            (Array("é😀x".unicodeScalars), Array("e😀xé".unicodeScalars)), (Array("kitten".unicodeScalars), Array("sitting".unicodeScalars)),
        ]
        for (a, b) in cases {
            #expect(NameSuggestion.bitDistance(NameSuggestion.QueryMasks(a)!, b) == Self.plainDistance(a, b), "\(a) \(b)")
        }
        #expect(NameSuggestion.QueryMasks([]) == nil)
        #expect(NameSuggestion.QueryMasks(long + long.prefix(1)) == nil)
    }

    /// Known answers, including the prefix fallback and a long unrelated name, which the old
    /// length shortcut (a length difference above 8 taken as the distance) wrongly suggested.
    @Test func knownAnswers() {
        let index = NameSuggestion.Index(["HTTPClientProtocol", "LoggerProtocol", "HomeFeature", "Hom"])
        #expect(index.closest(to: "HTTPClientProtocl") == "HTTPClientProtocol")
        #expect(index.closest(to: "loggerprotocol") == "LoggerProtocol")
        #expect(index.closest(to: "HomeFeat") == "HomeFeature")
        #expect(index.closest(to: "Zzz") == nil)
        let long = "abcdefghijklmnopqrstuvwxyzabcd"  // 30 characters
        let unrelated = String(repeating: "q", count: 39)
        #expect(NameSuggestion.closest(to: long, in: [unrelated]) == nil)
        #expect(Self.plainClosest(to: long, in: [unrelated]) == nil)
        // The name itself is never suggested, also when it is spelt with other scalars: "é" as one
        // scalar and as "e" with a combining accent are the same String.
        #expect(NameSuggestion.closest(to: "Caf\u{E9}Feature", in: ["Cafe\u{301}Feature"]) == nil)
        #expect(NameSuggestion.closest(to: "HomeFeature", in: ["HomeFeature"]) == nil)
        #expect(NameSuggestion.closest(to: "HomeFeature", in: ["HomeFeature", "homeFeature"]) == "homeFeature")
    }
}
