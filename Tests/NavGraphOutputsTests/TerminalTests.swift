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

/// The terminal report: goldens (plain and colour), finite trees for cyclic flows, width, escaping.
final class TerminalTests: XCTestCase {
    func report(_ e: TerminalFixtures.Example, _ style: TerminalStyle) -> String {
        TerminalReport.render(graph: e.graph, findings: e.findings, scenario: e.scenario, style: style)
    }

    func testReportGoldens() throws {
        for name in ["ShopApp", "Broken"] {
            let e = try TerminalFixtures.example(name)
            TerminalFixtures.assertGolden(report(e, .plain(width: 100)), "report-\(name).txt")
            TerminalFixtures.assertGolden(report(e, .rich(width: 100)), "report-\(name)-color.txt")
        }
    }

    func testPlainReportIsASCIIWithoutEscapes() throws {
        for name in ["ShopApp", "Broken"] {
            let text = report(try TerminalFixtures.example(name), .plain(width: 100))
            XCTAssertFalse(text.contains("\u{1B}"), name)
            XCTAssertTrue(text.unicodeScalars.allSatisfy { $0.isASCII }, name)
        }
        let rich = report(try TerminalFixtures.example("ShopApp"), .rich(width: 100))
        XCTAssertTrue(rich.contains("\u{1B}[1m"))
        XCTAssertTrue(rich.contains("├─ "))
    }

    func testColorModeRules() {
        XCTAssertTrue(TerminalStyle.colorEnabled(mode: .auto, isTerminal: true, noColor: nil))
        XCTAssertTrue(TerminalStyle.colorEnabled(mode: .auto, isTerminal: true, noColor: ""))
        XCTAssertFalse(TerminalStyle.colorEnabled(mode: .auto, isTerminal: true, noColor: "1"))
        XCTAssertFalse(TerminalStyle.colorEnabled(mode: .auto, isTerminal: false, noColor: nil))
        XCTAssertTrue(TerminalStyle.colorEnabled(mode: .always, isTerminal: false, noColor: "1"))
        XCTAssertFalse(TerminalStyle.colorEnabled(mode: .never, isTerminal: true, noColor: nil))
    }

    /// ShopApp's product_detail opens ProductFeature from ProductFeature: the tree marks the loop
    /// and stops there.
    func testCyclicFlowPrintsFiniteTree() throws {
        let text = report(try TerminalFixtures.example("ShopApp"), .plain(width: 120))
        let lines = text.split(separator: "\n")
        XCTAssertTrue(lines.contains { $0.hasSuffix("product_detail (push) -> ProductFeature <- loops back") }, text)
        // ProductFeature is expanded exactly once in the flows.
        let flows = text.components(separatedBy: "\nFlows\n")[1].components(separatedBy: "\nHubs")[0]
        let expanded = flows.split(separator: "\n").filter { $0.hasSuffix("-> ProductFeature") }
        XCTAssertEqual(expanded.count, 1, flows)
    }

    /// A dense cyclic graph: every screen opens every other. The tree stays one line per move of
    /// each screen at most, however many cycles there are.
    func testDenseCyclesStayFinite() throws {
        let n = 12
        var yaml = "entries: [{feature: F0}]\nroutes:\n"
        for i in 0..<n { yaml += "  - {id: r\(i)}\n" }
        yaml += "handlers:\n  - name: H\n    routes: {\((0..<n).map { "r\($0): F\($0)" }.joined(separator: ", "))}\nfeatures:\n"
        for i in 0..<n { yaml += "  - {name: F\(i), navigates: [\((0..<n).map { "r\($0)" }.joined(separator: ", "))]}\n" }
        let e = try TerminalFixtures.yaml(yaml)
        let tree = TerminalReport.flowTree(entry: "F0", isRoute: false, root: e.graph.node(.feature, "F0"), initial: [], e.graph, e.scenario, .plain())
        XCTAssertEqual(tree.count, 1 + n * n)
        // Each screen's move to itself, and each non-entry screen's move back to the entry.
        XCTAssertEqual(tree.filter { $0.hasSuffix("loops back") }.count, 2 * n - 1)
    }

    /// A 20,000-screen chain: the flow walk is linear (on-path is a flag per node, a line's prefix is
    /// built from at most `width` levels), so this takes well under a second in debug; it used to
    /// copy the path and the prefix per level (quadratic: 600M prefix characters here).
    func testDeepChainFlowIsLinear() {
        let n = 20_000
        var features: [Feature] = []
        var mappings: [RouteHandler.Mapping] = []
        for i in 0..<n {
            features.append(Feature(name: "F\(i)", navigates: [Navigation(route: "r\((i + 1) % n)")]))
            mappings.append(.init(route: "r\(i)", feature: "F\(i)"))
        }
        let registry = Registry(
            entries: [Entry(target: .feature("F0"))], routes: (0..<n).map { Route(id: "r\($0)") },
            handlers: [RouteHandler(name: "H", routes: mappings)], features: features)
        let g = NavGraph(registry: registry)
        let style = TerminalStyle.plain(width: 60)
        let lines = TerminalReport.flowTree(entry: "F0", isRoute: false, root: g.node(.feature, "F0"), initial: [], g, .defaults(of: registry), style)
        XCTAssertEqual(lines.count, 1 + n)
        // The last move closes the cycle back to the entry, n levels down.
        XCTAssertTrue(lines.last!.hasSuffix("r0 -> F0 <- loops back"), String(lines.last!.suffix(80)))
        // Level 3 as before; the deepest lines carry a prefix of `width` levels, cut by the report.
        XCTAssertEqual(lines[3], "      `- r3 -> F3")
        XCTAssertLessThanOrEqual(lines.map(\.count).max()!, 3 * 60 + 40)
        XCTAssertEqual(style.truncate(lines[n]).count, 60)
    }

    func testEveryLineFitsTheWidth() throws {
        for name in ["ShopApp", "Broken"] {
            let e = try TerminalFixtures.example(name)
            for width in [40, 60, 100] {
                for style in [TerminalStyle.plain(width: width), .rich(width: width)] {
                    for line in report(e, style).split(separator: "\n") {
                        XCTAssertLessThanOrEqual(TerminalStyle.visibleWidth(String(line)), width, "\(name) @\(width): \(line)")
                    }
                }
            }
        }
    }

    func testHostileNamesAreEscaped() throws {
        let e = try TerminalFixtures.yaml("""
            entries: [{feature: "Home\\e[2J"}]
            routes: [{id: "go\\nFAKE"}]
            handlers: [{name: H, routes: {"go\\nFAKE": "Evil\\e]0;title\\a"}}]
            features:
              - {name: "Home\\e[2J", navigates: ["go\\nFAKE"]}
              - {name: "Evil\\e]0;title\\a"}
            """)
        for style in [TerminalStyle.plain(), .rich()] {
            let text = report(e, style)
            XCTAssertFalse(text.contains("\u{1B}[2J"))
            XCTAssertFalse(text.contains("\u{1B}]0"))
            XCTAssertFalse(text.split(separator: "\n").contains { $0.hasPrefix("FAKE") })
            XCTAssertTrue(text.contains("Home\\u{1b}[2J"), text)
        }
    }

    func testReportIsDeterministicUnderShuffledInput() throws {
        let e = try TerminalFixtures.example("Broken")
        var shuffled = e.graph.registry
        var rng = SystemRandomNumberGenerator()
        shuffled.features.shuffle(using: &rng)
        shuffled.routes.shuffle(using: &rng)
        shuffled.handlers.shuffle(using: &rng)
        shuffled.dependencies.shuffle(using: &rng)
        shuffled.entries.shuffle(using: &rng)
        let s = TerminalFixtures.build(shuffled)
        XCTAssertEqual(report(s, .plain()), report(e, .plain()))
    }

    func testWrapAndTruncate() {
        let s = TerminalStyle.plain(width: 40)
        let lines = s.wrap(String(repeating: "word ", count: 30), firstIndent: "  ", indent: "    ")
        XCTAssertTrue(lines.allSatisfy { $0.count <= 40 })
        XCTAssertTrue(lines.dropFirst().allSatisfy { $0.hasPrefix("    w") })
        XCTAssertEqual(s.wrap(String(repeating: "x", count: 100)).map(\.count), [40, 40, 20])
        XCTAssertEqual(s.truncate(String(repeating: "y", count: 50)), String(repeating: "y", count: 37) + "...")
        let rich = TerminalStyle.rich(width: 40)
        let cut = rich.truncate(rich.paint(String(repeating: "z", count: 60), .red))
        XCTAssertEqual(TerminalStyle.visibleWidth(cut), 40)
        XCTAssertTrue(cut.hasSuffix("\u{1B}[0m…"))
    }
}
