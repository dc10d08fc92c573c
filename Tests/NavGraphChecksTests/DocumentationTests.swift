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

final class DocumentationTests: XCTestCase {
    /// docs/checks.md is made from the rules' descriptions; regenerate it with
    /// `navgraph rules --markdown > docs/checks.md` when a rule changes.
    func testChecksPageMatchesTheRules() throws {
        let page = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/checks.md"), encoding: .utf8)
        XCTAssertEqual(page, RuleDocumentation.markdown(CheckRunner.allDescriptions), "docs/checks.md is stale: run `navgraph rules --markdown > docs/checks.md`")
    }
}
