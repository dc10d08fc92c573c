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

final class ExampleRegistryTests: XCTestCase {
    func testShopAppIsClean() throws {
        let registry = try RegistryLoader().load(paths: [examplePath("ShopApp.yml")])
        XCTAssertEqual(runChecks(registry).map(\.message), [])
        XCTAssertEqual(registry.features.count, 11)
    }

    func testShopAppIsCleanUnderEveryFlagCombination() throws {
        let registry = try RegistryLoader().load(paths: [examplePath("ShopApp.yml")])
        let scenarios = try XCTUnwrap(FlagScenario.allCombinations(of: registry))
        XCTAssertEqual(scenarios.count, 2)
        XCTAssertEqual(runChecks(registry, options: CheckOptions(scenarios: scenarios)).map(\.message), [])
    }

    func testBrokenTriggersEveryRule() throws {
        let registry = try RegistryLoader().load(paths: [examplePath("Broken.yml")])
        let fired = Set(runChecks(registry).map(\.ruleID))
        let all = Set(CheckRunner.allDescriptions.map(\.id))
        XCTAssertEqual(all.subtracting(fired), [], "rules the broken example does not trigger")
    }

    /// RouterService's ExampleProject: the root's fallback is dead, so FallbackFeature is unreachable.
    func testRouterServiceExampleReportsTheDeadFallback() throws {
        let registry = try RegistryLoader().load(paths: [examplePath("RouterServiceExample.yml")])
        let findings = runChecks(registry)
        XCTAssertEqual(findings.map { "\($0.ruleID) \($0.subject)" }, [
            "fallback-problem FeatureOne",
            "unreachable-feature FallbackFeature",
        ])
        XCTAssertEqual(findings.last?.location?.description, "FeatureOne/FallbackFeature.swift:4:1")
    }
}
