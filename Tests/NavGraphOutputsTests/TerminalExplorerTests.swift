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

/// The explorer without a terminal: keys in, states and screens out.
final class TerminalExplorerTests: XCTestCase {
    func explorer(_ name: String = "ShopApp") throws -> Explorer {
        let e = try TerminalFixtures.example(name)
        return Explorer(graph: e.graph, scenario: e.scenario, findings: e.findings)
    }

    func run(_ x: Explorer, _ keys: [ExplorerKey], from start: ExplorerState? = nil) -> ExplorerState {
        keys.reduce(start ?? x.start()) { x.handle($1, $0) }
    }

    func name(_ x: Explorer, _ s: ExplorerState) -> String? { s.current.map(x.graph.name) }

    func testKeyParsing() {
        XCTAssertEqual(ExplorerKey.parse(Array("\u{1B}[A\u{1B}[B\u{1B}OC\u{1B}[D".utf8)), [.up, .down, .right, .left])
        XCTAssertEqual(ExplorerKey.parse([0x0D, 0x7F, 0x08, 0x03, 0x1B]), [.enter, .backspace, .backspace, .ctrlC, .escape])
        XCTAssertEqual(ExplorerKey.parse(Array("/pro".utf8)), [.char("/"), .char("p"), .char("r"), .char("o")])
        XCTAssertEqual(ExplorerKey.parse(Array("\u{1B}[1;5A".utf8)), [.up])
        XCTAssertEqual(ExplorerKey.parse(Array("é".utf8)), [.char("é")])
    }

    func testStartsAtTheEntryAndFollowsRoutes() throws {
        let x = try explorer()
        var s = x.start()
        XCTAssertEqual(name(x, s), "MainTabFeature")
        s = run(x, [.down, .enter], from: s)
        XCTAssertEqual(name(x, s), "WishlistFeature")
        XCTAssertEqual(s.history.map(x.graph.name), ["MainTabFeature"])
        s = run(x, [.enter], from: s)
        XCTAssertEqual(name(x, s), "ProductFeature")
        s = run(x, [.left], from: s)
        XCTAssertEqual(name(x, s), "WishlistFeature")
        s = run(x, [.backspace, .backspace], from: s)
        XCTAssertEqual(name(x, s), "MainTabFeature")
        XCTAssertEqual(s.selection, 1, "back on the line that was followed")
        XCTAssertEqual(s.message, "Already at the start.")
        XCTAssertTrue(run(x, [.char("q")], from: s).quit)
        XCTAssertTrue(run(x, [.ctrlC], from: s).quit)
    }

    func testJumpWithFuzzyMatch() throws {
        let x = try explorer()
        XCTAssertEqual(x.matches("pwreset").map(x.graph.name), ["PasswordResetPopupFeature"])
        XCTAssertEqual(x.matches("wish").map(x.graph.name), ["WishlistFeature", "WishlistPopupFeature"])
        var s = run(x, [.char("/"), .char("s"), .char("i"), .char("r"), .char("i"), .char("u")])
        XCTAssertEqual(s.mode, .search("siriu"))
        s = run(x, [.enter], from: s)
        XCTAssertEqual(name(x, s), "SiriUnavailableFeature")
        XCTAssertEqual(s.mode, .browse)
        s = run(x, [.char("/"), .char("z"), .char("z"), .enter], from: s)
        XCTAssertEqual(s.message, "No screen matches 'zz'.")
        s = run(x, [.escape], from: s)
        XCTAssertEqual(s.mode, .browse)
        XCTAssertEqual(name(x, run(x, [.left], from: s)), "MainTabFeature")
    }

    func testUnfollowableRoutesExplainThemselves() throws {
        let x = try explorer("Broken")
        var s = x.start()
        XCTAssertEqual(name(x, s), "HomeFeature")
        let moves = x.moves(s)
        let help = moves.firstIndex { x.graph.name($0.route) == "help" }!
        s.selection = help
        s = x.handle(.enter, s)
        XCTAssertEqual(name(x, s), "HomeFeature")
        XCTAssertEqual(s.message, "No handler takes 'help': RouterService's failure handler crashes.")
        s.selection = moves.firstIndex { x.graph.name($0.route) == "checkout" }!
        s = x.handle(.enter, s)
        XCTAssertEqual(s.message, "CheckoutFeature is disabled (flag new_checkout off) and has no fallback: RouterService crashes.")
    }

    func testScreenGolden() throws {
        let x = try explorer()
        let style = TerminalStyle.plain(width: 80)
        var text = ""
        let steps: [(String, [ExplorerKey])] = [
            ("start", []), ("Down", [.down]), ("Enter", [.enter]), ("/log", [.char("/"), .char("l"), .char("o"), .char("g")]),
            ("Enter", [.enter]),
        ]
        var s = x.start()
        for (label, keys) in steps {
            s = run(x, keys, from: s)
            text += "=== after \(label) ===\n" + x.render(s, height: 24, style: style).joined(separator: "\n") + "\n"
        }
        TerminalFixtures.assertGolden(text, "explore-ShopApp.txt")
        let broken = try explorer("Broken")
        TerminalFixtures.assertGolden(broken.render(broken.start(), height: 30, style: style).joined(separator: "\n") + "\n", "explore-Broken.txt")
    }

    func testScreenAlwaysFits() throws {
        let x = try explorer("Broken")
        let s = x.start()
        for (w, h) in [(40, 8), (80, 24), (120, 10)] {
            for style in [TerminalStyle.plain(width: w), .rich(width: w)] {
                let lines = x.render(s, height: h, style: style)
                XCTAssertEqual(lines.count, h)
                XCTAssertTrue(lines.allSatisfy { TerminalStyle.visibleWidth($0) <= w }, "\(w)x\(h)")
                XCTAssertTrue(lines.last!.contains("q quit"), "\(w)x\(h): the keys line stays")
            }
        }
    }
}
