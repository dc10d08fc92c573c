/// Some of a run's flag scenarios as bits: scenario `i` is bit `i % 64` of word `i / 64`. What a
/// flag-dependent rule's finding occurs in across an all-combinations run (up to 1,023 of 1,024
/// scenarios for each of thousands of findings): 16 words each, where a list of indices was up to
/// 8 KB, made and read a word at a time.
public struct ScenarioBits: Hashable, Sendable {
    /// The scenarios of the run (bits at `count` and above are never set).
    public let count: Int
    public private(set) var words: [UInt64]

    /// No scenario of a run of `count`.
    public init(count: Int) {
        self.count = max(0, count)
        words = [UInt64](repeating: 0, count: (self.count + 63) / 64)
    }

    /// The scenarios at `indices` of a run of `count` (an index outside `0..<count` is left out).
    public init<S: Sequence>(count: Int, indices: S) where S.Element == Int {
        self.init(count: count)
        for i in indices { insert(i) }
    }

    /// The bits of `words` (as many as `count` needs, missing ones clear; bits past `count` are cleared).
    public init(count: Int, words: some Collection<UInt64>) {
        self.count = max(0, count)
        let n = (self.count + 63) / 64
        var w = Array(words.prefix(n))
        if w.count < n { w += [UInt64](repeating: 0, count: n - w.count) }
        if let last = w.indices.last, self.count % 64 != 0 { w[last] &= (UInt64(1) << UInt64(self.count % 64)) - 1 }
        self.words = w
    }

    /// Adds scenario `i` (nothing when it is outside `0..<count`).
    public mutating func insert(_ i: Int) {
        guard i >= 0 && i < count else { return }
        words[i >> 6] |= 1 << UInt64(i & 63)
    }

    public func contains(_ i: Int) -> Bool { i >= 0 && i < count && words[i >> 6] & (1 << UInt64(i & 63)) != 0 }

    public var isEmpty: Bool { words.allSatisfy { $0 == 0 } }

    /// How many scenarios are in.
    public var population: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }

    /// Whether every scenario of the run is in.
    public var isFull: Bool { population == count }

    /// The lowest scenario in (nil when empty).
    public var first: Int? {
        for (w, word) in words.enumerated() where word != 0 { return w * 64 + word.trailingZeroBitCount }
        return nil
    }

    /// The highest scenario in (nil when empty).
    public var last: Int? {
        for w in words.indices.reversed() where words[w] != 0 { return w * 64 + 63 - words[w].leadingZeroBitCount }
        return nil
    }

    /// The scenarios in, ascending.
    public var indices: [Int] {
        var out: [Int] = []
        out.reserveCapacity(population)
        forEach { out.append($0) }
        return out
    }

    /// Each scenario in, ascending.
    public func forEach(_ body: (Int) -> Void) {
        for (w, word) in words.enumerated() {
            var word = word
            while word != 0 {
                body(w * 64 + word.trailingZeroBitCount)
                word &= word - 1
            }
        }
    }

    /// Each run of consecutive scenarios in, ascending (`lo ..< hi`): a condition on one flag is
    /// a few runs of hundreds. O(words + runs).
    public func forEachRun(_ body: (Range<Int>) -> Void) {
        var start = -1
        for (w, word) in words.enumerated() {
            var i = 0
            while i < 64 {
                let rest = word >> UInt64(i)
                if start < 0 {
                    if rest == 0 { break }
                    i += rest.trailingZeroBitCount
                    start = w * 64 + i
                } else {
                    let ones = (~rest).trailingZeroBitCount
                    i += ones
                    if i < 64 {
                        body(start ..< w * 64 + i)
                        start = -1
                    }
                }
            }
        }
        if start >= 0 { body(start ..< words.count * 64) }
    }
}
