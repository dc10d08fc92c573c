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

/// `presents:` (edges of style `direct`): read and written in YAML and JSON, walked without
/// `isEnabled()` by every reachability, explained, and checked for unknown names.
final class DirectEdgeTests: XCTestCase {
    static let app = """
        navgraph: 1
        flags: {beta: false}
        entries: [{feature: Home}]
        routes: [{id: profile}]
        handlers: [{name: H, routes: {profile: Profile}}]
        features:
          - name: Home
            navigates: [profile]
            presents:
              - {feature: About, style: push, source: "Home.swift:3:9"}
              - Beta
          - {name: About}
          - {name: Beta, enabled: "flag:beta"}
          - {name: Profile, presents: [{feature: Deep, style: sheet}]}
          - {name: Deep}
          - {name: Dead, presents: [Lost]}
          - {name: Lost}
        """

    func testPresentsRoundTripThroughYAMLAndJSON() throws {
        let r = try loadRegistry(Self.app)
        let home = try XCTUnwrap(r.features.first { $0.name == "Home" })
        XCTAssertEqual(home.presents.map(\.feature), ["About", "Beta"])
        XCTAssertEqual(home.presents.first?.style, "push")
        XCTAssertEqual(home.presents.first?.origin.source?.description, "Home.swift:3:9")
        let yaml = try loadRegistry(RegistryWriter.yaml(r))
        func text(_ fs: [Feature]) -> [[String]] {
            fs.map { $0.presents.map { "\($0.feature)|\($0.style ?? "-")|\($0.origin.source?.description ?? "-")" } }
        }
        XCTAssertEqual(text(yaml.features), text(Feature.canonicallySorted(r.features)))
        XCTAssertEqual(Array(text(yaml.features).joined()), ["Lost|-|-", "About|push|Home.swift:3:9", "Beta|-|-", "Deep|sheet|-"])
        let json = try RegistryLoader().load(text: RegistryJSONWriter.json(r), file: "r.json")
        XCTAssertEqual(json.features.map { $0.presents.map(\.feature) }, r.features.map { $0.presents.map(\.feature) })
        XCTAssertEqual(json.features.map { $0.presents.map(\.style) }, r.features.map { $0.presents.map(\.style) })
        XCTAssertEqual(loadErrors("navgraph: 1\nfeatures:\n  - {name: A, presents: [{style: push}]}\n"), ["3:26: a presentation needs 'feature'"])
    }

    func testDirectEdgesAreWalkedWithoutIsEnabled() throws {
        let r = try loadRegistry(Self.app)
        let g = NavGraph(registry: r)
        let scenario = FlagScenario.defaults(of: r)
        let reach = g.reachability(under: scenario)
        func reached(_ n: String) -> Bool { reach.isReached(g.node(.feature, n)!) }
        XCTAssertTrue(reached("About"))
        XCTAssertTrue(reached("Deep"), "through a route, then a direct sheet")
        XCTAssertTrue(reached("Beta"), "presented directly: built without isEnabled(), flag off or not")
        XCTAssertFalse(reached("Dead"))
        XCTAssertFalse(reached("Lost"), "presented only by an unreachable screen")
        XCTAssertEqual(g.explain(g.node(.feature, "Deep")!, in: reach), [
            "Home is an entry", "Home opens 'profile', handled by H -> Profile", "Profile presents Deep directly (sheet), around the router",
        ])
        // Every scenario at once agrees with the walk per scenario.
        let scenarios = [scenario, FlagScenario(name: "beta=on", values: ["beta": true])]
        let across = g.reachAcross(off: g.disabledTable(scenarios))
        for (i, s) in scenarios.enumerated() {
            let one = g.reachability(under: s)
            for f in g.ids(of: .feature) {
                XCTAssertEqual(across.reached.contains(f, i), one.reached[Int(f)], g.name(f))
                XCTAssertEqual(across.targeted.contains(f, i), one.targeted[Int(f)], g.name(f))
            }
        }
        let findings = CheckRunner(options: CheckOptions(scenarios: [scenario])).run(g)
        XCTAssertEqual(findings.filter { $0.ruleID == "unreachable-feature" }.map(\.subject), ["Dead", "Lost"])
        let lost = try XCTUnwrap(findings.first { $0.subject == "Lost" })
        XCTAssertEqual(lost.notes.map(\.message), ["it is presented directly only by unreachable Dead"])
        // A direct move is a move of the screen: `moves(from:)` lists it last, landing on the screen.
        let moves = g.moves(from: g.node(.feature, "Home")!, under: scenario)
        XCTAssertEqual(moves.filter(\.direct).map { g.name($0.lands!) }, ["About", "Beta"])
    }

    func testAPresentationOfAnUndeclaredScreenIsAnUnknownReference() throws {
        let r = try loadRegistry("navgraph: 1\nentries: [{feature: A}]\nfeatures:\n  - {name: A, presents: [Ghost]}\n")
        let g = NavGraph(registry: r)
        let findings = CheckRunner(options: CheckOptions(scenarios: [FlagScenario.defaults(of: r)])).run(g)
        XCTAssertEqual(findings.map { "\($0.ruleID) \($0.subject)" }, ["unknown-reference A -> Ghost"])
    }
}
