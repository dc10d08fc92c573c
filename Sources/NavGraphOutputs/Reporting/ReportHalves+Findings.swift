import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph
import NavGraphChecks

extension ReportHalves {
    /// Where the blocks after the first start: about every megabyte of text (a finding's weight is
    /// its message and scenario names, which is most of it); none (one thread) for a report under
    /// a megabyte.
    package static func cut(_ findings: [Finding]) -> [Int] {
        let weights = findings.map { f in
            200 + f.message.utf8.count + (f.scenarioSubset.map { $0.bits.population * ($0.table.meanByteCount + 12) } ?? 0)
        }
        let total = weights.reduce(0, +)
        guard total >= 1 << 20, findings.count >= 2 else { return [] }
        // At least two blocks, each about a megabyte, or half the text when that is less.
        let block = min(1 << 20, total / 2)
        var starts: [Int] = []
        var sum = 0
        for (i, w) in weights.enumerated() {
            if sum >= block {
                starts.append(i)
                sum = 0
            }
            sum += w
        }
        return starts
    }
}
