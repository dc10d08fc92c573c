import Foundation
import XCTest
@testable import NavGraphKit
import NavGraphTestSupport
@testable import NavGraphSupport
@testable import NavGraphModel
@testable import NavGraphSchema
@testable import NavGraphGraph
@testable import NavGraphChecks
@testable import NavGraphOutputs
@testable import NavGraphConfig

final class BaselineTests: XCTestCase {
    static let before = """
        navgraph: 1
        entries: [{feature: Home}]
        routes: [{id: a}, {id: old_unused}]
        handlers: [{name: H, routes: {a: A}}]
        features:
          - {name: Home, navigates: [a]}
          - {name: A}
          - {name: Orphan}
        """
    /// One violation fixed (old_unused removed), one added (new_unused), and everything moved
    /// to other lines: only the new one may be reported.
    static let after = """
        navgraph: 1
        features:
          - {name: Orphan}
          - {name: A}
          - {name: Home, navigates: [a]}
        handlers: [{name: H, routes: {a: A}}]

        routes: [{id: new_unused}, {id: a}]
        entries: [{feature: Home}]
        """

    func testOnlyTheNewFindingIsReportedAndTheFixedOneIsStale() throws {
        let first = runChecks(try loadRegistry(Self.before))
        XCTAssertTrue(first.contains { $0.ruleID == "unused-route" && $0.subject.contains("old_unused") }, "\(first)")
        XCTAssertTrue(first.contains { $0.ruleID == "unreachable-feature" && $0.subject.contains("Orphan") }, "\(first)")

        // Write, then read back through the file format.
        let written = Baseline(findings: first).json
        let baseline = try Baseline.load(text: written, file: "navgraph-baseline.json")
        XCTAssertEqual(baseline.entries.count, Set(first.map { "\($0.ruleID) \($0.subject)" }).count)

        let second = runChecks(try loadRegistry(Self.after))
        let filtered = baseline.filter(second)
        XCTAssertEqual(filtered.findings.map(\.ruleID), ["unused-route"])
        XCTAssertTrue(filtered.findings[0].subject.contains("new_unused"), filtered.findings[0].subject)
        XCTAssertEqual(filtered.stale.map(\.rule), ["unused-route"])
        XCTAssertTrue(filtered.stale[0].subject.contains("old_unused"), filtered.stale[0].subject)
        XCTAssertEqual(filtered.hidden, second.count - 1)
        // The unreachable Orphan moved lines but is still hidden.
        XCTAssertFalse(filtered.findings.contains { $0.subject.contains("Orphan") })
    }

    func testFileIsSortedJSONAndStable() throws {
        let b = Baseline(entries: [.init(rule: "z-rule", subject: "b"), .init(rule: "a-rule", subject: "x"), .init(rule: "z-rule", subject: "a"), .init(rule: "a-rule", subject: "x")])
        XCTAssertEqual(b.json, """
            {
              "findings": [
                {
                  "rule": "a-rule",
                  "subject": "x"
                },
                {
                  "rule": "z-rule",
                  "subject": "a"
                },
                {
                  "rule": "z-rule",
                  "subject": "b"
                }
              ],
              "navgraphBaseline": 1
            }

            """)
        XCTAssertEqual(try Baseline.load(text: b.json, file: "b.json"), b)
    }

    func testBadBaselinesAreInputErrorsWithPositions() {
        func errors(_ text: String) -> [String] {
            do {
                _ = try Baseline.load(text: text, file: "b.json")
                return []
            } catch {
                return error.diagnostics.map(\.description)
            }
        }
        XCTAssertEqual(errors("{\"findings\": []}"), ["b.json:1:1: error: not a navgraph baseline: 'navgraphBaseline: 1' is missing"])
        XCTAssertEqual(errors("{\"navgraphBaseline\": 2, \"findings\": []}"), ["b.json:1:22: error: baseline version 2 is not supported (expected 1)"])
        XCTAssertEqual(errors("{\"navgraphBaseline\": 1, \"findings\": [{\"rule\": \"x\"}]}"), ["b.json:1:38: error: a baseline entry needs 'rule' and 'subject'"])
        XCTAssertEqual(errors("{\"navgraphBaseline\": 1, \"findngs\": []}"),
                       ["b.json:1:25: error: unknown key 'findngs' in the baseline; did you mean 'findings'?"])
        XCTAssertFalse(errors("{").isEmpty)
    }
}
