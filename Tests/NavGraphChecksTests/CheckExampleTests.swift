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

/// Every rule's own examples are its tests: triggering examples report exactly the listed
/// subjects for that rule, non-triggering examples report nothing for it.
final class CheckExampleTests: XCTestCase {
    func testEveryRuleHasExamples() {
        for d in CheckRunner.allDescriptions {
            XCTAssertFalse(d.triggering.isEmpty, "\(d.id) has no triggering example")
            XCTAssertFalse(d.nonTriggering.isEmpty, "\(d.id) has no non-triggering example")
            XCTAssertFalse(d.explanation.isEmpty, "\(d.id) has no explanation")
            XCTAssertTrue(d.id.range(of: "^[a-z]+(-[a-z]+)*$", options: .regularExpression) != nil, "\(d.id) is not kebab-case")
        }
        XCTAssertEqual(Set(CheckRunner.allDescriptions.map(\.id)).count, CheckRunner.allDescriptions.count, "rule ids are unique")
    }

    /// What a rule says for the runner's schedule is true to the rule, on its examples: one that does
    /// not say `readsReachability` never makes a context compute reachability, and one that says it
    /// does on one of them; the same for `suggestsNames` and asking for a did-you-mean index.
    func testRulesSayWhetherTheyReadReachabilityOrSuggestNames() throws {
        for check in CheckRunner.allChecks {
            let d = check.description
            var computed = false, asked = false
            for (i, example) in (d.triggering + d.nonTriggering).enumerated() {
                let graph = NavGraph(registry: try loadRegistry(example.yaml, file: "\(d.id)-\(i).yml"))
                let index = CheckIndex(graph)
                let context = CheckContext(graph: graph, scenario: graph.defaultScenario, index: index)
                _ = check.run(context)
                computed = computed || context.hasComputedReachability
                asked = asked || index.hasBuiltSuggestions
                if !d.readsReachability {
                    XCTAssertFalse(context.hasComputedReachability, "\(d.id) reads reachability on example \(i + 1): say readsReachability")
                }
                if !d.suggestsNames {
                    XCTAssertFalse(index.hasBuiltSuggestions, "\(d.id) asks for suggestions on example \(i + 1): say suggestsNames")
                }
            }
            if d.readsReachability { XCTAssertTrue(computed, "\(d.id) says it reads reachability, but none of its examples made it") }
            if d.suggestsNames { XCTAssertTrue(asked, "\(d.id) says it suggests names, but none of its examples asked") }
        }
    }

    /// Two spellings of one name ("é" and "e" + a combining accent: equal as `String`s, two names
    /// to the registry) each get the suggestion of their own scalars, not the first one's.
    func testEachSpellingOfANameGetsItsOwnSuggestion() throws {
        let registry = try loadRegistry("""
            navgraph: 1
            entries: [{feature: "\\u00e9"}, {feature: "e\\u0301"}]
            features: [{name: "\\u00e9b"}, {name: "e\\u0301c"}]
            """)
        let messages = runChecks(registry).filter { $0.ruleID == "unknown-reference" }.map(\.message)
        XCTAssertEqual(Set(messages), [
            "entry names feature '\u{e9}', which is not declared; did you mean '\u{e9}b'?",
            "entry names feature 'e\u{301}', which is not declared; did you mean 'e\u{301}c'?",
        ])
    }

    func testTriggeringExamples() throws {
        for d in CheckRunner.allDescriptions {
            for (i, example) in d.triggering.enumerated() {
                let registry = try loadRegistry(example.yaml, file: "\(d.id)-triggering-\(i).yml")
                let found = runChecks(registry).filter { $0.ruleID == d.id }
                XCTAssertEqual(
                    found.map(\.subject).sorted(), example.subjects.sorted(),
                    "\(d.id) triggering example \(i + 1): \(found.map(\.message))")
                // Each finding points where the example says: line:col in the YAML as written.
                XCTAssertEqual(example.locations.count, example.subjects.count, "\(d.id) triggering example \(i + 1) needs a location per subject")
                let got = found.map { f -> String in
                    guard let l = f.location else { return "\(f.subject) @ nowhere" }
                    XCTAssertEqual(l.file, "\(d.id)-triggering-\(i).yml", "\(d.id): \(f.message)")
                    return "\(f.subject) @ \(l.line - example.addedLines):\(l.column)"
                }
                let expected = zip(example.subjects, example.locations).map { "\($0) @ \($1)" }
                XCTAssertEqual(got.sorted(), expected.sorted(), "\(d.id) triggering example \(i + 1)")
            }
        }
    }

    /// `unhandled-route` says what an unhandled route does in the routing system it belongs to.
    func testUnhandledRouteNamesWhatHappensInEachSystem() throws {
        var messages: [String] = []
        for system in ["", "routerservice", "protocol-routes", "featherweight", "components", "module-factory"] {
            let route = system.isEmpty ? "{id: r}" : "{id: r, system: \(system)}"
            let registry = try loadRegistry("navgraph: 1\nentries: [{feature: A}, {route: r}]\nroutes: [\(route)]\nfeatures: [{name: A, navigates: [r]}]\n")
            messages += runChecks(registry).filter { $0.ruleID == "unhandled-route" }.map(\.message).sorted()
        }
        XCTAssertEqual(messages, [
            "A navigates to 'r', which no handler handles: RouterService's failureHandler() crashes", "entry route 'r' has no handler",
            "A navigates to 'r', which no handler handles: RouterService's failureHandler() crashes",
            "entry route 'r', which no handler handles: RouterService's failureHandler() crashes",
            "A navigates to 'r', which no router conforms to: nothing can open its screen",
            "entry route 'r', which no router conforms to: nothing can open its screen",
            "A navigates to 'r', which no route pattern matches: setRoute matches nothing and nothing is shown",
            "entry route 'r', which no route pattern matches: setRoute matches nothing and nothing is shown",
            "A navigates to 'r', which no registered module declares: router.open finds no module",
            "entry route 'r', which no registered module declares: router.open finds no module",
            "A navigates to 'r', whose key the module factory has no module for: nothing is presented",
            "entry route 'r', whose key the module factory has no module for: nothing is presented",
        ])
    }

    func testNonTriggeringExamples() throws {
        for d in CheckRunner.allDescriptions {
            for (i, example) in d.nonTriggering.enumerated() {
                let registry = try loadRegistry(example.yaml, file: "\(d.id)-non-triggering-\(i).yml")
                let found = runChecks(registry).filter { $0.ruleID == d.id }
                XCTAssertEqual(found.map(\.message), [], "\(d.id) non-triggering example \(i + 1)")
            }
        }
    }
}
