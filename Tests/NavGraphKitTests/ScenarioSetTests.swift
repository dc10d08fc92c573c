import Foundation
import NavGraphSynthetic
import PropertyBased
import Testing
@testable import NavGraphKit

/// `--all-flag-combinations` without a run of every rule per scenario: the flag-dependent rules
/// say where each finding occurs for all scenarios at once (`Check.occurrences`) and run only in
/// each finding's first scenario. The merged findings must be exactly those of the per-scenario
/// path (`CheckRunner.perScenario`, kept as the reference): same order of scenario names, same
/// "(only when …)" text, severities, and the first scenario's message and notes.
@Suite struct ScenarioSetTests {
    /// Random registries with 1–6 flags, under every combination of their flags, with the
    /// defaults in front (a runtime flag then is unknown in the first scenario) and reversed.
    @Test func mergedFindingsMatchThePerScenarioRuns() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...999).array(of: 20...160)) { tape in
            let registry = RandomRegistry(tape: tape, flags: 1...6).registry
            for problem in ScenarioSetDifference.problems(registry) {
                Issue.record("\(problem)\nregistry: \(RegistryWriter.yaml(registry))")
            }
        }
    }

    /// Generated apps (deep stacks, shared screens, cross-module links: where a hidden screen can
    /// be blamed on one of several disabled features, depending on the walk's order) with their
    /// flags folded onto 1–6.
    @Test func mergedFindingsMatchOnGeneratedApps() async {
        await propertyCheck(count: 12, input: Gen.int(in: 40...240), Gen.int(in: 1...6), Gen.int(in: 1...1_000_000)) { features, flags, seed in
            let registry = ScenarioSetDifference.folded(SyntheticRegistry(features: features, seed: UInt64(seed)).registry, onto: flags)
            for problem in ScenarioSetDifference.problems(registry) {
                Issue.record("\(features) features, \(flags) flags, seed \(seed): \(problem)")
            }
        }
    }

    /// Every example registry, and a generated one with its flags folded onto five (as the bench
    /// folds them onto ten), under all combinations.
    @Test func mergedFindingsMatchOnExamplesAndAGeneratedApp() throws {
        let root = repositoryRoot.appendingPathComponent("Examples")
        var files = ["Broken.yml", "ShopApp.yml", "RouterServiceExample.yml"].map { root.appendingPathComponent($0).path }
        for dir in try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() {
            let file = root.appendingPathComponent(dir).appendingPathComponent("registry.yml").path
            if FileManager.default.fileExists(atPath: file) { files.append(file) }
        }
        #expect(files.count >= 10)
        for file in files {
            let registry = try RegistryLoader().load(paths: [file])
            for problem in ScenarioSetDifference.problems(registry) { Issue.record("\(file): \(problem)") }
        }
        let generated = ScenarioSetDifference.folded(SyntheticRegistry(features: 400, seed: 3).registry, onto: 5)
        #expect(FlagScenario.allCombinations(of: generated)?.count == 32)
        let problems = ScenarioSetDifference.problems(generated)
        #expect(problems.isEmpty, "\(problems.prefix(3))")
    }

    /// The tests above are not vacuous: over random registries the fast path is taken and meets
    /// every case of both rules (partial and total findings, errors, a feature reported only where
    /// it hides a screen, and scenarios whose walk with every disabled feature on is needed).
    @Test func randomRegistriesCoverEveryCase() {
        var rng = SplitMix(seed: 14)
        var seen = Set<String>()
        for _ in 0..<400 {
            let tape = (0..<140).map { _ in Int(rng.next() % 1000) }
            let registry = RandomRegistry(tape: tape, flags: 1...6).registry
            let g = NavGraph(registry: registry)
            guard let scenarios = FlagScenario.allCombinations(of: registry), scenarios.count > 1 else { continue }
            var hides = false
            for f in CheckRunner(options: CheckOptions(scenarios: scenarios)).run(g) where f.ruleID == "unreachable-feature" || f.ruleID == "disabled-feature" {
                let partial = f.scenarios == nil ? "total" : "partial"
                seen.insert("\(f.ruleID) \(partial) \(f.severity)")
                if f.ruleID == "disabled-feature" && f.message.contains("users get") {
                    seen.insert("hides (\(partial))")
                    hides = true
                }
            }
            let context = ScenarioSetContext(graph: g, scenarios: scenarios) { CheckContext(graph: g, scenario: $0) }
            _ = DisabledFeature.occurrences(context)
            if context.walkedScenarios > 0 { seen.insert("walked") }
            if hides && context.walkedScenarios == 0 { seen.insert("hides, decided without a walk") }
        }
        #expect(seen.isSuperset(of: [
            "unreachable-feature total error", "unreachable-feature partial warning",
            "disabled-feature total warning", "disabled-feature partial warning",
            "disabled-feature total error", "disabled-feature partial error",
            "hides (partial)", "walked", "hides, decided without a walk",
        ]), "\(seen.sorted())")
    }

    /// `reachAcross` gives, scenario by scenario, the sets of `reachability(under:forceEnabled:)`,
    /// with nothing forced and with every feature `disabled-feature` disables forced on.
    @Test func reachAcrossMatchesTheWalkOfEachScenario() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...999).array(of: 20...160)) { tape in
            let registry = RandomRegistry(tape: tape, flags: 1...6).registry
            let g = NavGraph(registry: registry)
            let scenarios = ModelConsistency.scenarios(registry)
            let off = g.disabledTable(scenarios)
            let reach = g.reachAcross(off: off)
            var forced = ScenarioTable(nodes: g.nodeCount, scenarios: scenarios.count)
            var forcedSets: [Set<Int32>] = []
            for (s, scenario) in scenarios.enumerated() {
                let walk = g.reachability(under: scenario)
                var disabled = Set<Int32>()
                for id in g.declaredFeatures where scenario.isEnabled(g.feature(id)!.enabled) == false {
                    #expect(off.contains(id, s), "\(scenario.name): \(g.name(id)) is off")
                    if !(walk.asEntry[Int(id)] && !walk.throughRoute[Int(id)]) {
                        disabled.insert(id)
                        forced.insert(id, s)
                    }
                }
                forcedSets.append(disabled)
                for id in 0..<Int32(g.nodeCount) {
                    if walk.reached[Int(id)] != reach.reached.contains(id, s) || walk.targeted[Int(id)] != reach.targeted.contains(id, s)
                        || walk.throughRoute[Int(id)] != reach.throughRoute.contains(id, s) {
                        Issue.record("\(scenario.name): \(g.name(id)) differs\nregistry: \(RegistryWriter.yaml(registry))")
                    }
                }
            }
            let unlocked = g.reachAcross(off: off, forced: forced)
            for (s, scenario) in scenarios.enumerated() {
                let walk = g.reachability(under: scenario, forceEnabled: forcedSets[s])
                for id in 0..<Int32(g.nodeCount) where walk.reached[Int(id)] != unlocked.reached.contains(id, s) || walk.targeted[Int(id)] != unlocked.targeted.contains(id, s) {
                    Issue.record("\(scenario.name), disabled features on: \(g.name(id)) differs\nregistry: \(RegistryWriter.yaml(registry))")
                }
            }
        }
    }

    /// `BlameWalk` (the walk `--all-flag-combinations` makes where the blame depends on the walk's
    /// order) blames what `DisabledFeature.forEachHidden` blames on `reachability(states:)`, under any
    /// states (`.off` off the entries too, where a fallback's feature is stepped onto, not reached),
    /// any disabled features and any targeted screens.
    @Test func blameWalkMatchesTheReachabilityWalk() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...999).array(of: 20...160), Gen.int(in: 1...1_000_000)) { tape, seed in
            let registry = RandomRegistry(tape: tape, flags: 1...6).registry
            let g = NavGraph(registry: registry)
            var rng = SplitMix(seed: UInt64(seed))
            let flagged = g.declaredFeatures.filter { g.withFeature($0, { $0.enabled != .always })! }
            var isFlagged = [Bool](repeating: false, count: g.nodeCount)
            for id in flagged { isFlagged[Int(id)] = true }
            let walker = BlameWalk(g, canBeDisabled: isFlagged)
            var scratch = BlameWalk.Scratch(nodeCount: g.nodeCount)
            for round in 0..<4 {
                var states = [NavGraph.FeatureState](repeating: .always, count: g.nodeCount)
                var disabled = Set<Int32>()
                var node = [UInt8](repeating: BlameWalk.bits(.always, disabled: false), count: g.nodeCount)
                for id in flagged {
                    states[Int(id)] = [.always, .on, .runtime, .off][Int(rng.next() % 4)]
                }
                for id in g.declaredFeatures where rng.next() % 3 == 0 { disabled.insert(id) }
                for id in 0..<Int32(g.nodeCount) { node[Int(id)] = BlameWalk.bits(states[Int(id)], disabled: disabled.contains(id)) }
                var targeted = ScenarioTable(nodes: g.nodeCount, scenarios: 2)
                for id in g.declaredFeatures where rng.next() % 2 == 0 { targeted.insert(id, round % 2) }
                var expected = Set<Int32>()
                DisabledFeature.forEachHidden(
                    g, unlocked: g.reachability(states: states), targeted: { targeted.contains($0, round % 2) }, disabled: { disabled.contains($0) }
                ) { c, _ in expected.insert(c) }
                var blamed: [Int32] = []
                walker.forEachBlamed(node: node, targeted: targeted, scenario: round % 2, scratch: &scratch) { blamed.append($0) }
                #expect(Set(blamed) == expected && blamed.count == Set(blamed).count, "round \(round)\nregistry: \(RegistryWriter.yaml(registry))")
            }
        }
    }

    @Test func scenarioTableSetsAndComplements() {
        var t = ScenarioTable(nodes: 2, scenarios: 130)
        #expect(t.width == 3)
        for s in [0, 63, 64, 129] { t.insert(1, s) }
        #expect(t.scenarios(1) == [0, 63, 64, 129])
        #expect(t.missing(1).count == 126 && !t.missing(1).contains(129) && t.missing(1).last == 128)
        #expect(t.isEmpty(0) && !t.isEmpty(1) && t.missing(0) == Array(0..<130))
    }
}

/// Where the scenario-set path and the per-scenario reference disagree.
enum ScenarioSetDifference {
    static func problems(_ registry: Registry) -> [String] {
        let g = NavGraph(registry: registry)
        var lists: [[FlagScenario]] = []
        if let all = FlagScenario.allCombinations(of: registry) {
            lists.append(all)
            lists.append([.defaults(of: registry)] + all)
            lists.append(all.reversed())
        }
        var problems: [String] = []
        for scenarios in lists where scenarios.count > 1 {
            let fast = CheckRunner(options: CheckOptions(scenarios: scenarios))
            var reference = fast
            reference.perScenario = true
            let context = ScenarioSetContext(graph: g, scenarios: scenarios) { CheckContext(graph: g, scenario: $0) }
            for check in CheckRunner.allChecks where check.description.dependsOnFlags {
                if fast.mergedAcross(check, context) == nil { problems.append("\(check.description.id): the scenario-set path gave up") }
            }
            let got = fast.run(g), want = reference.run(g)
            if got != want {
                let extra = got.filter { !want.contains($0) }.prefix(2), missing = want.filter { !got.contains($0) }.prefix(2)
                problems.append("\(scenarios.count) scenarios from \(scenarios[0].name):\n  only in the fast path: \(Array(extra))\n  only per scenario: \(Array(missing))")
            }
        }
        return problems
    }

    /// `registry` with its flags folded onto `count` names (`flagK`, K by the flag's position in
    /// sorted order), one in three of them off by default.
    static func folded(_ registry: Registry, onto count: Int) -> Registry {
        var r = registry
        let names = Set(registry.flags.map(\.name)).sorted()
        var fold: [String: String] = [:]
        for (i, n) in names.enumerated() { fold[n] = "flag\(i % count)" }
        r.flags = (0..<count).map { FeatureFlag(name: "flag\($0)", defaultValue: $0 % 3 != 0, runtime: false) }
        for i in r.features.indices {
            if case .flag(let f) = r.features[i].enabled { r.features[i].enabled = .flag(fold[f] ?? "flag0") }
        }
        return r
    }
}
