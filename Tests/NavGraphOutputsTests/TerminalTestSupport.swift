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

/// Loads the example registries and compares terminal output with golden files.
/// `NAVGRAPH_UPDATE_GOLDENS=1 swift test --filter Terminal` rewrites the goldens in the source tree.
enum TerminalFixtures {
    static let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    struct Example {
        var graph: NavGraph
        var findings: [Finding]
        var scenario: FlagScenario
    }

    /// An example registry, loaded under a repo-relative name so locations are stable anywhere.
    static func example(_ name: String) throws -> Example {
        let relative = "Examples/\(name).yml"
        let text = try String(contentsOf: repoRoot.appendingPathComponent(relative), encoding: .utf8)
        return try build(RegistryLoader().load(text: text, file: relative))
    }

    static func yaml(_ text: String) throws -> Example {
        try build(RegistryLoader().load(text: "navgraph: 1\n" + text, file: "test.yml"))
    }

    static func build(_ registry: Registry) -> Example {
        let graph = NavGraph(registry: registry)
        let scenario = FlagScenario.defaults(of: registry)
        return Example(graph: graph, findings: CheckRunner(options: .init(scenarios: [scenario])).run(graph), scenario: scenario)
    }

    static func assertGolden(_ actual: String, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        if ProcessInfo.processInfo.environment["NAVGRAPH_UPDATE_GOLDENS"] == "1" {
            let url = repoRoot.appendingPathComponent("Tests/NavGraphOutputsTests/Fixtures/golden/terminal/\(name)")
            XCTAssertNoThrow(try Data(actual.utf8).write(to: url), file: file, line: line)
            return
        }
        guard let dir = Bundle.module.url(forResource: "Fixtures", withExtension: nil),
            let expected = try? String(contentsOf: dir.appendingPathComponent("golden/terminal/\(name)"), encoding: .utf8)
        else {
            XCTFail("missing golden \(name): run with NAVGRAPH_UPDATE_GOLDENS=1", file: file, line: line)
            return
        }
        if expected != actual {
            let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
            let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let i = (0..<min(a.count, e.count)).first { a[$0] != e[$0] } ?? min(a.count, e.count)
            XCTFail(
                "\(name) differs at line \(i + 1):\n  expected: \(i < e.count ? String(e[i]).debugDescription : "<end>")\n  actual:   \(i < a.count ? String(a[i]).debugDescription : "<end>")\n(NAVGRAPH_UPDATE_GOLDENS=1 regenerates)",
                file: file, line: line)
        }
    }
}
