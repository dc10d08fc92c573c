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

final class GraphTests: XCTestCase {
    /// A 100,000-screen chain: reachability, cycles and paths are iterative, so nothing overflows.
    func testDeepChainDoesNotOverflow() {
        let n = 100_000
        var features: [Feature] = []
        var routes: [Route] = []
        var mappings: [RouteHandler.Mapping] = []
        var bindings: [DependencyBinding] = []
        for i in 0..<n {
            features.append(Feature(name: "F\(i)", navigates: i + 1 < n ? [Navigation(route: "r\(i + 1)")] : []))
            if i > 0 {
                routes.append(Route(id: "r\(i)"))
                mappings.append(.init(route: "r\(i)", feature: "F\(i)"))
            }
            bindings.append(DependencyBinding(protocol: "P\(i)", dependencies: [DependencyRef(name: "P\((i + 1) % n)")]))
        }
        let registry = Registry(
            entries: [Entry(target: .feature("F0"))], routes: routes, handlers: [RouteHandler(name: "H", routes: mappings)],
            features: features, dependencies: bindings)
        let g = NavGraph(registry: registry)
        let r = g.reachability(under: .defaults(of: registry))
        XCTAssertTrue(r.isReached(g.node(.feature, "F\(n - 1)")!))
        XCTAssertEqual(r.depth[Int(g.node(.feature, "F\(n - 1)")!)], Int32(n - 1))
        let cycles = g.cyclicComponents(nodeFilter: { g.nodes[Int($0)].kind == .dependency }, include: { $0.kind == .requires })
        XCTAssertEqual(cycles.count, 1)
        XCTAssertEqual(cycles[0].count, n)
        XCTAssertEqual(g.explain(g.node(.feature, "F\(n - 1)")!, in: r).count, n)
        let scenario = FlagScenario.defaults(of: registry)
        let tree = g.flowTree(from: [g.node(.feature, "F0")!], under: scenario, allParents: true)
        XCTAssertEqual(tree.path(to: g.node(.feature, "F\(n - 1)")!).count, n - 1)
        let all = PathQuery.shortestPaths(.screen(g.node(.feature, "F0")!), to: g.node(.feature, "F\(n - 1)")!, g, scenario, all: true, limit: 50)
        XCTAssertEqual(all.map(\.count), [n - 1])
    }

    func testIdsFollowNamesNotInputOrder() {
        let a = NavGraph(registry: Registry(features: [Feature(name: "B"), Feature(name: "A")]))
        let b = NavGraph(registry: Registry(features: [Feature(name: "A"), Feature(name: "B")]))
        XCTAssertEqual(a.nodes.map(\.name), ["A", "B"])
        XCTAssertEqual(a.nodes.map(\.name), b.nodes.map(\.name))
    }

    /// A route claimed by two handlers counts toward both destinations.
    func testRouteClaimedTwiceReachesBoth() throws {
        let registry = try loadRegistry("""
            navgraph: 1
            entries: [{feature: Home}]
            routes: [{id: p}]
            handlers: [{name: H1, routes: {p: A}}, {name: H2, routes: {p: B}}]
            features: [{name: Home, navigates: [p]}, {name: A}, {name: B}]
            """)
        let findings = runChecks(registry)
        XCTAssertEqual(findings.map(\.ruleID), ["duplicate-handler"])
    }

    func testAllShortestPaths() throws {
        let registry = try loadRegistry("""
            navgraph: 1
            entries: [{feature: Home}]
            routes: [{id: a}, {id: b}, {id: t}]
            handlers: [{name: H, routes: {a: A, b: B, t: Target}}]
            features:
              - {name: Home, navigates: [a, b]}
              - {name: A, navigates: [t]}
              - {name: B, navigates: [{route: t, style: modal}]}
              - {name: Target}
            """)
        let g = NavGraph(registry: registry)
        let all = PathQuery.shortestPaths(.screen(g.node(.feature, "Home")!), to: g.node(.feature, "Target")!, g, .defaults(of: registry), all: true, limit: 50)
        XCTAssertEqual(all.map { $0.map { g.name($0.lands!) } }, [["A", "Target"], ["B", "Target"]])
        XCTAssertEqual(all[1].last?.style, "modal")
    }

    func testFlagScenarios() throws {
        let registry = try loadRegistry("""
            navgraph: 1
            entries: [{feature: Home}]
            flags: {beta: true}
            routes: [{id: beta}, {id: deep}]
            handlers: [{name: H, routes: {beta: Beta, deep: Deep}}]
            features:
              - {name: Home, navigates: [beta]}
              - {name: Beta, enabled: "flag:beta", fallback: Home, navigates: [deep]}
              - {name: Deep}
            """)
        // Default (beta on): clean.
        XCTAssertEqual(runChecks(registry).map(\.ruleID), [])
        // beta off: Deep is hidden behind the disabled Beta.
        let off = FlagScenario.defaults(of: registry, overrides: ["beta": false])
        let findings = runChecks(registry, options: CheckOptions(scenarios: [off]))
        XCTAssertEqual(findings.map { "\($0.ruleID) \($0.subject) \($0.severity)" }, [
            "disabled-feature Beta warning", "unreachable-feature Deep error",
        ])
        XCTAssertTrue(findings[0].notes.contains { $0.message == "unreachable because of it: Deep" })
        // Every combination: Deep is dead only when beta is off, so a warning naming the scenario.
        let all = runChecks(registry, options: CheckOptions(scenarios: FlagScenario.allCombinations(of: registry)!))
        let deep = try XCTUnwrap(all.first { $0.ruleID == "unreachable-feature" })
        XCTAssertEqual(deep.severity, .warning)
        XCTAssertEqual(deep.scenarios, ["beta=off"])
        XCTAssertTrue(deep.message.hasSuffix("(only when beta=off)"))
    }

    func testSuppressionsAndExclusions() throws {
        let registry = try loadRegistry("""
            navgraph: 1
            entries: [{feature: Home}]
            features:
              - {name: Home}
              - {name: Orphan, module: Debug, ignore: [unreachable-feature]}
              - {name: Other, module: Debug}
            """)
        XCTAssertEqual(runChecks(registry).map(\.subject), ["Other"])
        XCTAssertEqual(runChecks(registry, options: CheckOptions(excludedModules: ["Debug"])).map(\.subject), [])
        XCTAssertEqual(runChecks(registry, options: CheckOptions(excludedNames: ["Other"])).map(\.subject), [])
        let severities = runChecks(registry, options: CheckOptions(severityOverrides: ["unreachable-feature": .warning]))
        XCTAssertEqual(severities.map(\.severity), [.warning])
        XCTAssertEqual(runChecks(registry, options: CheckOptions(disabledRules: ["unreachable-feature"])).count, 0)
    }
}
