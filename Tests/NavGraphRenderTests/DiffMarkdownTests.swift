import NavGraphKit
@testable import NavGraphRender
import XCTest

/// The pull-request comment has to fit GitHub's 65,536 characters.
final class DiffMarkdownTests: XCTestCase {
    func testALongCommentIsCutOnALineWithItsCodeBlockClosed() {
        var text = "### navgraph diff\n\n"
        for i in 0..<5000 { text += i == 10 ? "```\n" : "| row \(i) | something long enough to add up |\n" }
        XCTAssertGreaterThan(text.count, DiffMarkdownFormatter.maxCharacters)
        let cut = DiffMarkdownFormatter.fit(text)
        XCTAssertLessThanOrEqual(cut.count, DiffMarkdownFormatter.maxCharacters)
        XCTAssertEqual(cut.components(separatedBy: "```").count % 2, 1, "every code block closed")
        XCTAssertTrue(cut.hasSuffix("has the whole diff.*\n"))
        XCTAssertTrue(cut.contains("| row 11 | something long enough to add up |\n"))
        XCTAssertEqual(DiffMarkdownFormatter.fit("short\n"), "short\n")
    }

    /// A big change: no Mermaid picture past the node limit, paths only for the first screens.
    func testABigDiffLeavesThePictureAndMostPathsOut() {
        func registry(_ flag: Bool) -> Registry {
            var r = Registry(entries: [Entry(target: .feature("Home"))], flags: [FeatureFlag(name: "f", defaultValue: flag)])
            r.features.append(Feature(name: "Home", navigates: (0..<150).map { Navigation(route: "r\($0)") }))
            for i in 0..<150 {
                r.routes.append(Route(id: "r\(i)"))
                r.handlers.append(RouteHandler(name: "H\(i)", routes: [.init(route: "r\(i)", feature: "S\(i)")]))
                r.features.append(Feature(name: "S\(i)", enabled: .flag("f")))
            }
            return r
        }
        func side(_ r: Registry) -> NavigationDiff.Side {
            .init(label: "x", graph: NavGraph(registry: r), scenarios: [FlagScenario.defaults(of: r)], findings: [])
        }
        let diff = NavigationDiff(base: side(registry(true)), head: side(registry(false)))
        XCTAssertEqual(diff.newlyUnreachable.count, 150)
        let md = DiffMarkdownFormatter.format(diff, neighbourhood: DiffNeighbourhood(diff: diff, base: side(registry(true)).graph, head: side(registry(false)).graph))
        XCTAssertFalse(md.contains("```mermaid"))
        XCTAssertTrue(md.contains("too many to draw here"))
        XCTAssertEqual(md.components(separatedBy: "the base reached it:").count - 1, DiffMarkdownFormatter.maxPathsPerScenario)
        XCTAssertLessThanOrEqual(md.count, DiffMarkdownFormatter.maxCharacters)
    }
}
