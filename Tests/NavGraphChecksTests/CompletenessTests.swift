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

/// "An absence is an error only on a complete graph": `unfollowed:` calls hold back exactly the
/// absences they could explain, and stating what a call opens brings the error back.
final class CompletenessTests: XCTestCase {
    /// Home opens `settings`; `promo` and `beta` are opened by nothing the registry shows;
    /// `Orphan` has no handler at all, so no call can reach it.
    static let app = """
        navgraph: 1
        entries: [{feature: Home}]
        routes: [{id: settings}, {id: promo}, {id: beta, system: featherweight}]
        handlers:
          - {name: H, routes: {settings: Settings, promo: Promo}}
          - {name: B, routes: {beta: Beta}}
        features:
          - {name: Home, navigates: [settings]}
          - {name: Settings}
          - {name: Promo, navigates: [deeper]}
          - {name: Deeper}
          - {name: Beta}
          - {name: Orphan}
        """

    func registry(_ unfollowed: String) throws -> Registry {
        try loadRegistry(Self.app + "\n" + unfollowed)
    }

    func unreachable(_ findings: [Finding]) -> [String] {
        findings.filter { $0.ruleID == "unreachable-feature" }.map { "\($0.subject) \($0.severity.rawValue)\($0.heldBack ? " held" : "")" }
    }

    func testWithoutUnfollowedCallsEveryAbsenceIsAnError() throws {
        let r = try registry("")
        XCTAssertEqual(unreachable(runChecks(r)), ["Beta error", "Deeper error", "Orphan error", "Promo error"])
    }

    func testACallOfUnknownRouteHoldsBackWhatItsSystemsRoutesLeadTo() throws {
        let r = try registry("""
            unfollowed:
              - {call: saved.value, reason: decoded at run time, source: "App/Home.swift:31:9"}
            """)
        let findings = runChecks(r)
        // promo's screen is held back; Beta's route is Featherweight's (a RouterService call cannot
        // open it); Orphan and Deeper have no handler (no route can lead to them).
        XCTAssertEqual(unreachable(findings), ["Beta error", "Deeper error", "Orphan error", "Promo warning held"])
        let promo = try XCTUnwrap(findings.first { $0.ruleID == "unreachable-feature" && $0.subject == "Promo" })
        XCTAssertEqual(promo.message, "Promo may be unreachable: 1 navigation call could not be followed (navgraph scan --explain)")
        XCTAssertTrue(promo.notes.contains { $0.location?.description == "App/Home.swift:31:9" && $0.message.contains("'saved.value'") })
        XCTAssertTrue(promo.notes.last!.message.contains("unfollowed: [{at: App/Home.swift:31"))
        // unused-route 'promo' is held back too (a warning that now says "may").
        let route = try XCTUnwrap(findings.first { $0.ruleID == "unused-route" && $0.subject == "promo" })
        XCTAssertTrue(route.message.hasPrefix("route 'promo' may never be opened"))
        XCTAssertFalse(route.heldBack, "it was a warning already: nothing was lowered")
    }

    func testWhatACallReachesIsFollowedThroughScreensItOpens() throws {
        // Deeper's route is opened only by Promo: a call that can open promo explains Deeper too.
        var r = try registry("""
            unfollowed:
              - {call: x, routes: [promo], source: "A.swift:1:1"}
            """)
        r.routes.append(Route(id: "deeper"))
        r.handlers.append(RouteHandler(name: "D", routes: [.init(route: "deeper", feature: "Deeper")]))
        XCTAssertEqual(unreachable(runChecks(r)), ["Beta error", "Deeper warning held", "Orphan error", "Promo warning held"])
        r.unfollowed = []
        XCTAssertEqual(unreachable(runChecks(r)), ["Beta error", "Deeper error", "Orphan error", "Promo error"], "the same registry without the call")
    }

    func testKnownRoutesNarrowWhatIsHeldBack() throws {
        let r = try registry("""
            unfollowed:
              - {call: link, routes: [settings], source: "A.swift:3:5"}
              - {call: tree, system: featherweight, source: "B.swift:4:5"}
            """)
        XCTAssertEqual(unreachable(runChecks(r)), ["Beta warning held", "Deeper error", "Orphan error", "Promo error"])
    }

    func testStatingWhatACallOpensBringsTheErrorBack() throws {
        let r = try registry("""
            unfollowed:
              - {call: saved.value, source: "Sources/App/Home.swift:31:9"}
            """)
        let (config, _) = try ConfigurationLoader.load(text: """
            unfollowed:
              - {at: App/Home.swift:31, opens: [settings]}
              - {at: App/Gone.swift:7, opens: []}
            """, file: ".navgraph.yml")
        XCTAssertEqual(config.unfollowed.map(\.at), ["App/Home.swift:31", "App/Gone.swift:7"])
        let (stated, warnings) = config.applyingCallStatements(to: r)
        XCTAssertEqual(stated.unfollowed.first?.routes, ["settings"])
        XCTAssertEqual(warnings.map { "\($0.location.map { "\($0.line):\($0.column)" } ?? "-") \($0.message)" },
                       ["3:5 unfollowed: no navigation call the scan could not follow is at App/Gone.swift:7 (navgraph scan --explain lists them)"])
        XCTAssertEqual(unreachable(runChecks(stated)), ["Beta error", "Deeper error", "Orphan error", "Promo error"])
        // The dump loads back to the same statements.
        let dumped = ConfigurationWriter.yaml(config)
        XCTAssertEqual(try ConfigurationLoader.load(text: dumped, file: "d.yml").configuration.unfollowed.map(\.at), config.unfollowed.map(\.at))
    }

    func testUnfollowedCallsRoundTripThroughTheWritersAndReadTheirErrors() throws {
        let r = try registry("""
            unfollowed:
              - {call: "saved.value", from: [Home], system: components, routes: [a, b], reason: "decoded: at run time", source: "A.swift:1:2"}
              - {call: other}
            """)
        XCTAssertEqual(r.unfollowed.count, 2)
        let back = try loadRegistry(RegistryWriter.yaml(r))
        XCTAssertEqual(back.unfollowed.map(\.call), ["other", "saved.value"])
        let c = try XCTUnwrap(back.unfollowed.first { $0.call == "saved.value" })
        XCTAssertEqual(c.from, ["Home"])
        XCTAssertEqual(c.system, .components)
        XCTAssertEqual(c.routes, ["a", "b"])
        XCTAssertEqual(c.reason, "decoded: at run time")
        XCTAssertEqual(c.origin.source?.description, "A.swift:1:2")
        let json = try RegistryLoader().load(text: RegistryJSONWriter.json(r), file: "r.json")
        XCTAssertEqual(json.unfollowed.map(\.call), ["saved.value", "other"])
        XCTAssertEqual(loadErrors("navgraph: 1\nunfollowed:\n  - {from: [A]}\n"), ["3:5: an unfollowed call needs 'call'"])
        XCTAssertEqual(loadErrors("navgraph: 1\nunfollowed:\n  - {call: x, system: vipers}\n"),
                       ["3:23: unknown routing system 'vipers' (one of routerservice, protocol-routes, featherweight, components, module-factory, route-enum)"])
    }

    func testAFindingOfSomeScenariosKeepsSayingWhich() throws {
        // Deep is reached through Beta, which is built only when beta is on.
        let app = """
            navgraph: 1
            flags: {beta: false}
            entries: [{feature: Home}]
            routes: [{id: beta}, {id: deep}]
            handlers: [{name: H, routes: {beta: Beta, deep: Deep}}]
            features:
              - {name: Home, navigates: [beta]}
              - {name: Beta, enabled: "flag:beta", fallback: BetaOff, navigates: [deep]}
              - {name: BetaOff}
              - {name: Deep}
            """
        var options = CheckOptions()
        let plain = try loadRegistry(app)
        options.scenarios = FlagScenario.allCombinations(of: plain) ?? []
        let before = try XCTUnwrap(runChecks(plain, options: options).first { $0.ruleID == "unreachable-feature" && $0.subject == "Deep" })
        XCTAssertTrue(before.message.hasSuffix(" (only when beta=off)"), before.message)
        let held = try loadRegistry(app + "\nunfollowed:\n  - {call: x, routes: [deep], source: \"A.swift:1:1\"}\n")
        let after = try XCTUnwrap(runChecks(held, options: options).first { $0.ruleID == "unreachable-feature" && $0.subject == "Deep" })
        XCTAssertEqual(after.message, "Deep may be unreachable: 1 navigation call could not be followed (navgraph scan --explain) (only when beta=off)")
        XCTAssertEqual(after.scenarios, before.scenarios)
        XCTAssertFalse(after.heldBack, "it was a warning already")
    }

    func testACallOnlyUnreachableScreensMakeExplainsNothing() throws {
        // Orphan is proven unreachable (no handler); a call in Orphan cannot run, so Promo stays an error.
        let fromOrphan = try registry("""
            unfollowed:
              - {call: x, from: [Orphan], source: "A.swift:1:1"}
            """)
        XCTAssertEqual(unreachable(runChecks(fromOrphan)), ["Beta error", "Deeper error", "Orphan error", "Promo error"])
        // The same call in a reachable screen (Home), or in an unknown one, holds Promo back.
        for from in ["[Home]", "[]", "[Orphan, Settings]"] {
            let r = try registry("""
                unfollowed:
                  - {call: x, from: \(from), source: "A.swift:1:1"}
                """)
            XCTAssertEqual(unreachable(runChecks(r)), ["Beta error", "Deeper error", "Orphan error", "Promo warning held"], from)
        }
    }

    func testACallInAHeldBackScreenIsLiveToo() throws {
        // Promo is held back by a call from Home; Promo's own call (unknown routes, featherweight)
        // can then run, and holds Beta back. Without the first call, neither is.
        let r = try registry("""
            unfollowed:
              - {call: a, from: [Home], routes: [promo], source: "A.swift:1:1"}
              - {call: b, from: [Promo], system: featherweight, source: "B.swift:2:2"}
            """)
        XCTAssertEqual(unreachable(runChecks(r)), ["Beta warning held", "Deeper error", "Orphan error", "Promo warning held"])
        var alone = r
        alone.unfollowed.removeFirst()
        XCTAssertEqual(unreachable(runChecks(alone)), ["Beta error", "Deeper error", "Orphan error", "Promo error"])
    }
    // MARK: Presentations and a missing entry (issue 29, item 4)

    /// A presentation the scan could not follow holds back the screens it could show (`screens:`)
    /// and what they lead to; the others keep their errors.
    func testAnUnfollowedPresentationHoldsBackTheScreensItCouldShow() throws {
        let r = try registry("""
            unfollowed:
              - {call: "present(make())", kind: present, from: [Home], screens: [Promo], reason: unknown factory, source: "App/Home.swift:40:9"}
            """)
        let findings = runChecks(r)
        // Promo could be shown; Beta, Orphan and Deeper (no handler maps a route to it) no call explains.
        XCTAssertEqual(unreachable(findings), ["Beta error", "Deeper error", "Orphan error", "Promo warning held"])
        let promo = try XCTUnwrap(findings.first { $0.ruleID == "unreachable-feature" && $0.subject == "Promo" })
        XCTAssertTrue(promo.notes.contains { $0.message.hasPrefix("the presentation 'present(make())' could show this screen") })
        XCTAssertTrue(promo.notes.last!.message.contains("opens: [SCREEN, …]"))
        // A presentation opens no route: unused-route 'promo' is not held back by it.
        XCTAssertFalse(findings.first { $0.ruleID == "unused-route" && $0.subject == "promo" }?.message.contains("may") ?? true)
        // Stating what it shows (`opens:` names screens for a presentation) brings the errors back.
        let (config, _) = try ConfigurationLoader.load(text: "unfollowed:\n  - {at: App/Home.swift:40, opens: [Settings]}\n", file: ".navgraph.yml")
        let (stated, _) = config.applyingCallStatements(to: r)
        XCTAssertEqual(stated.unfollowed.first?.screens, ["Settings"])
        XCTAssertEqual(unreachable(runChecks(stated)), ["Beta error", "Deeper error", "Orphan error", "Promo error"])
    }

    /// Without `screens:` a presentation may show any screen.
    func testAPresentationOfUnknownScreensHoldsBackEveryScreen() throws {
        let r = try registry("unfollowed:\n  - {call: \"root(x)\", kind: present}\n")
        XCTAssertEqual(unreachable(runChecks(r)), ["Beta warning held", "Deeper warning held", "Orphan warning held", "Promo warning held"])
    }

    /// No entry point found: every absence is held back and says why; naming the first screen in
    /// the configuration brings the errors back.
    func testNoEntryPointHoldsBackEveryAbsenceUntilOneIsNamed() throws {
        let r = try loadRegistry("""
            navgraph: 1
            features:
              - {name: Home}
              - {name: Orphan}
            unfollowed:
              - {call: the first screen, kind: entry, reason: "a storyboard"}
            """)
        let findings = runChecks(r)
        XCTAssertEqual(unreachable(findings), ["Home warning held", "Orphan warning held"])
        let orphan = try XCTUnwrap(findings.first { $0.subject == "Orphan" })
        XCTAssertEqual(orphan.message, "Orphan may be unreachable: no entry point was found (a storyboard)")
        XCTAssertTrue(orphan.notes.contains { $0.message.contains("entries: [{feature: SCREEN}]") })
        let (config, _) = try ConfigurationLoader.load(text: "entries: [{feature: Home}]\n", file: ".navgraph.yml")
        let named = config.addingEntries(to: r)
        XCTAssertEqual(named.unfollowed, [])
        XCTAssertEqual(unreachable(runChecks(named)), ["Orphan error"])
    }

    func testPresentationsAndEntriesRoundTripThroughTheWriters() throws {
        let r = try registry("""
            unfollowed:
              - {call: "present(x)", kind: present, from: [Home], screens: [Promo, Beta], source: "A.swift:1:2"}
              - {call: first, kind: entry}
            """)
        for back in [try loadRegistry(RegistryWriter.yaml(r)), try RegistryLoader().load(text: RegistryJSONWriter.json(r), file: "r.json")] {
            let p = try XCTUnwrap(back.unfollowed.first { $0.call == "present(x)" })
            XCTAssertEqual(p.kind, .present)
            XCTAssertEqual(p.screens.map { $0.sorted() }, ["Beta", "Promo"])
            XCTAssertEqual(back.unfollowed.first { $0.call == "first" }?.kind, .entry)
        }
        XCTAssertEqual(loadErrors("navgraph: 1\nunfollowed:\n  - {call: x, kind: teleport}\n"),
                       ["3:21: unknown kind of unfollowed call 'teleport' (one of navigate, present, entry)"])
    }
}
