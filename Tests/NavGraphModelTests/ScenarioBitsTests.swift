import Testing
@testable import NavGraphModel

/// `ScenarioBits` against a plain set of indices: random sets of random runs (dense, sparse, runs
/// across word boundaries, counts that do and do not fill their last word).
struct ScenarioBitsTests {
    /// SplitMix64: the same sets on every run.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    }

    @Test func agreesWithASetOfIndices() {
        var random = Random(state: 29)
        for round in 0..<2_000 {
            let count = [1, 63, 64, 65, 128, 130, 1024][round % 7] + (round % 3 == 0 ? 0 : random.below(200))
            let density = random.below(4)
            var model = Set<Int>()
            var i = 0
            while i < count {
                // A run of in or out scenarios, long or short.
                let length = 1 + (density == 0 ? random.below(3) : random.below(150))
                if random.below(2) == 0 { for j in i ..< min(count, i + length) { model.insert(j) } }
                i += length
            }
            let bits = ScenarioBits(count: count, indices: model.shuffled())
            let sorted = model.sorted()
            #expect(bits.indices == sorted)
            #expect(bits.population == model.count)
            #expect(bits.isEmpty == model.isEmpty)
            #expect(bits.isFull == (model.count == count))
            #expect(bits.first == sorted.first && bits.last == sorted.last)
            for probe in [-1, 0, count / 2, count - 1, count, count + 64] {
                #expect(bits.contains(probe) == model.contains(probe))
            }
            var runs: [Range<Int>] = []
            bits.forEachRun { runs.append($0) }
            #expect(runs.flatMap { Array($0) } == sorted, "runs cover exactly the set")
            #expect(zip(runs, runs.dropFirst()).allSatisfy { $0.upperBound < $1.lowerBound }, "runs are maximal and ascending")
            // Words with bits past `count` set: they are cleared.
            let noisy = bits.words.map { $0 | (count % 64 == 0 ? 0 : ~((UInt64(1) << UInt64(count % 64)) - 1)) }
            #expect(ScenarioBits(count: count, words: noisy.indices.map { $0 == noisy.count - 1 ? noisy[$0] : bits.words[$0] }) == bits)
        }
    }

    /// Indices outside the run and short or long word lists do not trap: they are left out.
    @Test func outOfRangeIsLeftOut() {
        #expect(ScenarioBits(count: 3, indices: [-1, 1, 3, 99]).indices == [1])
        #expect(ScenarioBits(count: 130, words: [UInt64.max]).indices == Array(0..<64))
        #expect(ScenarioBits(count: 2, words: [UInt64.max, 1]).indices == [0, 1])
        #expect(ScenarioBits(count: -5).isEmpty && ScenarioBits(count: 0).isFull)
    }

    @Test func subsetsOfOneTableCompareByTheirScenarios() {
        let names = ScenarioNames((0..<130).map { "s\($0)" })
        let a = ScenarioSubset(names, indices: [3, 64, 129])
        #expect(a.names == ["s3", "s64", "s129"])
        #expect(a.indices == [3, 64, 129] && a.bits.population == 3)
        #expect(a == ScenarioSubset(names: ["s3", "s64", "s129"]))
        #expect(a != ScenarioSubset(names, indices: [3, 64]))
    }
}
