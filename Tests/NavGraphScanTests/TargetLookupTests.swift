import XCTest
@testable import NavGraphScan
import NavGraphSynthetic

/// `ProjectModel.target(of:)` by tables (`TargetLookup`) picks what trying every target picked.
final class TargetLookupTests: XCTestCase {
    /// The rule by brute force, as it was written before the tables: listed files first, then the
    /// longest folder prefix; among equals, apps and libraries before tests, then the first.
    func bruteForce(_ targets: [ProjectTarget], _ path: String) -> Int? {
        var best: (rank: Int, length: Int, index: Int)?
        for (i, t) in targets.enumerated() {
            var length = -1
            if t.files.contains(path) {
                length = Int.max
            } else {
                for p in t.prefixes where path == p || path.hasPrefix(p + "/") { length = max(length, p.count) }
            }
            guard length >= 0 else { continue }
            let rank = t.kind == .test ? 0 : 1
            if best == nil || (length, rank) > (best!.length, best!.rank) { best = (rank, length, i) }
        }
        return best?.index
    }

    func testTablesPickWhatTryingEveryTargetPicks() {
        var rng = SyntheticRegistry.RNG(state: 0x5EED)
        func next(_ n: Int) -> Int { rng.int(n) }
        let names = ["App", "Core", "Feature", "Tests", "Sources", "a", "b"]
        func folder(_ depth: Int) -> String { "/r" + (0..<depth).map { _ in "/" + names[next(names.count)] }.joined() }
        for round in 0..<200 {
            var targets: [ProjectTarget] = []
            for i in 0..<(1 + next(12)) {
                var t = ProjectTarget(name: "T\(i)", kind: [.app, .library, .test, .other][next(4)], manifest: "m")
                for _ in 0..<next(3) { t.prefixes.append(folder(next(4))) }
                for _ in 0..<next(3) { t.files.insert(folder(1 + next(4)) + "/F\(next(3)).swift") }
                targets.append(t)
            }
            let lookup = TargetLookup(targets)
            for _ in 0..<40 {
                let path = next(5) == 0 ? (targets[next(targets.count)].files.first ?? folder(2)) : folder(next(5)) + (next(2) == 0 ? "/F\(next(3)).swift" : "")
                XCTAssertEqual(lookup.target(of: path), bruteForce(targets, path), "round \(round): \(path)")
            }
        }
    }
}
