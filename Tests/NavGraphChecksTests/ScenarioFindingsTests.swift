import Foundation
import NavGraphSynthetic
import PropertyBased
import Testing
@testable import NavGraphKit
import NavGraphTestSupport
@testable import NavGraphModel
@testable import NavGraphSchema
@testable import NavGraphGraph
@testable import NavGraphChecks

/// The HTML page's findings per flag scenario come from one `CheckRunner.runEach`, not a run per
/// scenario. They must be what `check` reports under each scenario alone: exactly, for the rules
/// that depend on flags and for the first scenario; for the rules that do not (run once, in the
/// first scenario, as `check` runs them under many scenarios), all but their notes (a path to a
/// screen, which is the first scenario's).
@Suite struct ScenarioFindingsTests {
    @Test func randomRegistries() async {
        await propertyCheck(count: 120, input: Gen.int(in: 0...999).array(of: 20...160)) { tape in
            let registry = RandomRegistry(tape: tape, flags: 1...6).registry
            for problem in Self.problems(registry) { Issue.record("\(problem)\nregistry: \(RegistryWriter.yaml(registry))") }
        }
    }

    @Test func examplesAndAGeneratedApp() throws {
        let root = repositoryRoot.appendingPathComponent("Examples")
        var files = ["Broken.yml", "ShopApp.yml", "RouterServiceExample.yml"].map { root.appendingPathComponent($0).path }
        for dir in try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() {
            let file = root.appendingPathComponent(dir).appendingPathComponent("registry.yml").path
            if FileManager.default.fileExists(atPath: file) { files.append(file) }
        }
        #expect(files.count >= 10)
        for file in files {
            for problem in Self.problems(try RegistryLoader().load(paths: [file])) { Issue.record("\(file): \(problem)") }
        }
        let generated = ScenarioSetDifference.folded(SyntheticRegistry(features: 300, seed: 5).registry, onto: 4)
        #expect(Self.problems(generated).isEmpty)
    }

    /// Above the flag limit the page toggles each flag alone: the start and one scenario per flag.
    @Test func manyFlagsToggleEachAlone() {
        let names = (0...FlagScenario.combinationLimit).map { "f\($0)" }
        let registry = Registry(flags: names.map { FeatureFlag(name: $0, defaultValue: true) },
                                features: [Feature(name: "Home")] + names.map { Feature(name: "S\($0)", enabled: .flag($0)) })
        let g = NavGraph(registry: registry)
        let found = ScenarioFindings(graph: g, start: g.defaultScenario, options: CheckOptions())
        #expect(!found.combinations)
        #expect(found.scenarios.count == names.count + 1)
        #expect(found.start == 0)
        #expect(found.findings.count == found.scenarios.count)
        #expect(Self.problems(registry).isEmpty)
    }

    /// Where `runEach` and a run per scenario disagree, over the page's scenarios around the defaults.
    static func problems(_ registry: Registry) -> [String] {
        let g = NavGraph(registry: registry)
        let found = ScenarioFindings(graph: g, start: g.defaultScenario, options: CheckOptions())
        guard found.findings.count == found.scenarios.count else { return ["\(found.findings.count) lists for \(found.scenarios.count) scenarios"] }
        guard Set(found.findings.distinct).count == found.findings.distinct.count else { return ["a finding is kept twice"] }
        let flagRules = Set(CheckRunner.allChecks.filter { $0.description.dependsOnFlags }.map { $0.description.id })
        func comparable(_ f: Finding) -> Finding {
            var f = f
            if !flagRules.contains(f.ruleID) { f.notes = [] }
            return f
        }
        var problems: [String] = []
        for (i, s) in found.scenarios.enumerated() {
            let alone = CheckRunner(options: CheckOptions(scenarios: [s])).run(g)
            let got = i == 0 ? found.findings[i] : found.findings[i].map(comparable)
            let want = i == 0 ? alone : alone.map(comparable)
            if got != want {
                let extra = got.filter { !want.contains($0) }.prefix(2), missing = want.filter { !got.contains($0) }.prefix(2)
                problems.append("scenario \(s.name):\n  only in runEach: \(Array(extra))\n  only alone: \(Array(missing))")
            }
        }
        return problems
    }
}
