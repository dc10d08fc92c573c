import Foundation
import NavGraphSynthetic
import PropertyBased
import Testing
@testable import NavGraphKit
import NavGraphTestSupport
@testable import NavGraphSupport
@testable import NavGraphModel
@testable import NavGraphSchema
@testable import NavGraphGraph
@testable import NavGraphChecks
@testable import NavGraphOutputs
@testable import NavGraphConfig

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

    /// The tests above are not vacuous: over random registries (and dense flagged ones) the fast
    /// path is taken and meets every case of both rules (partial and total findings, errors, a
    /// feature reported only where it hides a screen, scenarios in which `HiddenBlame` finds a
    /// screen arriving otherwise than in another, and hidden screens where every screen arrives alike).
    @Test func randomRegistriesCoverEveryCase() {
        var rng = SplitMix(seed: 14)
        var seen = Set<String>()
        for round in 0..<600 {
            let tape = (0..<140).map { _ in Int(rng.next() % 1000) }
            let registry = round < 400 ? RandomRegistry(tape: tape, flags: 1...6).registry : Self.denseFlagged(tape)
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
            if context.scenariosApart > 0 { seen.insert("screens arrive apart") }
            if hides && context.scenariosApart == 0 { seen.insert("hides, every screen arriving alike") }
        }
        #expect(seen.isSuperset(of: [
            "unreachable-feature total error", "unreachable-feature partial warning",
            "disabled-feature total warning", "disabled-feature partial warning",
            "disabled-feature total error", "disabled-feature partial error",
            "hides (partial)", "screens arrive apart", "hides, every screen arriving alike",
        ]), "\(seen.sorted())")
    }

    /// `reachAcross` gives, scenario by scenario, the sets of `reachability(under:forceEnabled:)`,
    /// with nothing forced and with every feature `disabled-feature` disables forced on.
    @Test func reachAcrossMatchesTheWalkOfEachScenario() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...999).array(of: 20...160)) { tape in
            Self.expectReachAcrossMatchesTheWalks(RandomRegistry(tape: tape, flags: 1...6).registry)
        }
    }

    /// The same with 7–8 flags: 128–256 scenarios, two to four words of them, which `reachAcross`
    /// walks in two halves on two threads and joins.
    @Test func reachAcrossInTwoHalvesMatchesTheWalkOfEachScenario() async {
        await propertyCheck(count: 30, input: Gen.int(in: 0...999).array(of: 20...160)) { tape in
            var registry = RandomRegistry(tape: tape, flags: 7...8).registry
            // Every flag declared, so that all combinations are 128 or 256 scenarios.
            for i in 0..<7 where !registry.flags.contains(where: { $0.name == "flag\(i)" }) {
                registry.flags.append(FeatureFlag(name: "flag\(i)", defaultValue: i % 2 == 0))
            }
            #expect(everyScenario(registry).count > 128)
            Self.expectReachAcrossMatchesTheWalks(registry)
        }
    }

    static func expectReachAcrossMatchesTheWalks(_ registry: Registry) {
        let g = NavGraph(registry: registry)
        let scenarios = everyScenario(registry)
        let off = g.disabledTable(scenarios)
        let reach = g.reachAcross(off: off)
        let (forced, forcedSets) = Self.disabledFeatures(g, scenarios, off: off)
        for (s, scenario) in scenarios.enumerated() {
            let walk = g.reachability(under: scenario)
            for id in g.declaredFeatures where scenario.isEnabled(g.feature(id)!.enabled) == false {
                #expect(off.contains(id, s), "\(scenario.name): \(g.name(id)) is off")
            }
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

    /// `HiddenBlame` says, for every scenario at once, what `DisabledFeature.run`'s walk (every
    /// disabled feature on, each hidden screen blamed on the first disabled feature on its steps)
    /// blames in each scenario on its own: on random registries (fallbacks to screens that open
    /// more, entries that are also fallbacks, disabled entries) and on generated apps.
    @Test func hiddenBlameMatchesTheWalks() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...999).array(of: 20...160)) { tape in
            let registry = RandomRegistry(tape: tape, flags: 1...6).registry
            for problem in Self.blameDifferences(registry) { Issue.record("\(problem)\nregistry: \(RegistryWriter.yaml(registry))") }
        }
        // Dense ones: every flagged feature has a fallback, and fallbacks open routes too (where a
        // screen loses its first arrival and is placed again).
        await propertyCheck(count: 300, input: Gen.int(in: 0...999).array(of: 30...200)) { tape in
            let registry = Self.denseFlagged(tape)
            for problem in Self.blameDifferences(registry) { Issue.record("\(problem)\nregistry: \(RegistryWriter.yaml(registry))") }
        }
        await propertyCheck(count: 8, input: Gen.int(in: 40...300), Gen.int(in: 1...6), Gen.int(in: 1...1_000_000)) { features, flags, seed in
            let registry = ScenarioSetDifference.folded(SyntheticRegistry(features: features, seed: UInt64(seed)).registry, onto: flags)
            for problem in Self.blameDifferences(registry) { Issue.record("\(features) features, \(flags) flags, seed \(seed): \(problem)") }
        }
    }

    /// A screen that loses the arrival it has where every move is kept (under a fallback whose
    /// feature is disabled) and is reached, hidden, only from another disabled feature: C is blamed
    /// for X only through X's other arrival. (Random registries seldom build this: the fallback opens a flagged feature
    /// that leads to X, while a way to X as long, opened later, passes C. A screen's routes are
    /// opened in name order: `d` before `later`.)
    @Test func hiddenBlamePlacesMovedScreensAgain() throws {
        let registry = try Self.movedScreens(flags: "{f: true}")
        let (context, occurrences) = Self.disabledFeatureOccurrences(registry)
        let c = try #require(occurrences.first { $0.subject == "C" })
        let fOff = try #require(context.scenarios.firstIndex { $0.values["f"] == false })
        #expect(c.scenarios.indices == [fOff], "\(c) \(DisabledFeature.run(context.context(fOff)).map(\.message))")
    }

    /// With seven more flags (256 scenarios, four words of them): the case above must come out the
    /// same in every word where f is off.
    @Test func hiddenBlamePlacesInEveryWord() throws {
        let registry = try Self.movedScreens(flags: "{f: true, g1: true, g2: true, g3: false, g4: true, g5: true, g6: false, g7: true}")
        let (context, occurrences) = Self.disabledFeatureOccurrences(registry)
        let c = try #require(occurrences.first { $0.subject == "C" })
        let fOff = context.scenarios.indices.filter { context.scenarios[$0].values["f"] == false }
        // f is off in scenarios of more than one word.
        #expect(fOff.count == 128 && Set(fOff.map { $0 / 64 }).count > 1)
        #expect(c.scenarios.indices == fOff)
    }

    /// The registry of `hiddenBlamePlacesMovedScreensAgain`, with `flags` declared.
    static func movedScreens(flags: String) throws -> Registry {
        try RegistryLoader().load(text: """
            navgraph: 1
            entries: [{feature: Home}]
            flags: \(flags)
            routes: [{id: d}, {id: later}, {id: c}, {id: e}, {id: x}]
            handlers: [{name: H, routes: {d: D, later: A, c: C, e: E, x: X}}]
            features:
              - {name: Home, navigates: [d, later]}
              - {name: D, enabled: "flag:f", fallback: FB}
              - {name: FB, navigates: [e]}
              - {name: E, enabled: "flag:f", fallback: G, navigates: [x]}
              - {name: G}
              - {name: A, navigates: [c]}
              - {name: C, enabled: "flag:f", fallback: HC, navigates: [x]}
              - {name: HC}
              - {name: X}
            """, file: "moved.yml")
    }

    /// `disabled-feature`'s occurrences over every scenario of `registry`, having checked that
    /// `HiddenBlame` blames what each scenario's walk does.
    static func disabledFeatureOccurrences(_ registry: Registry) -> (ScenarioSetContext, [ScenarioOccurrence]) {
        #expect(blameDifferences(registry).isEmpty, "\(blameDifferences(registry))")
        let g = NavGraph(registry: registry)
        let context = ScenarioSetContext(graph: g, scenarios: everyScenario(registry)) { CheckContext(graph: g, scenario: $0) }
        return (context, DisabledFeature.occurrences(context) ?? [])
    }

    /// Two disabled features offer X its new arrival at the same depth: the one the walk reaches
    /// first (C2, through `early`) is blamed, although C comes first by name and by id.
    @Test func hiddenBlamePlacesByTheWalksOrder() throws {
        let registry = try RegistryLoader().load(text: """
            navgraph: 1
            entries: [{feature: Home}]
            flags: {f: true}
            routes: [{id: d}, {id: early}, {id: later}, {id: c}, {id: c2}, {id: e}, {id: x}]
            handlers: [{name: H, routes: {d: D, early: A2, later: A, c: C, c2: C2, e: E, x: X}}]
            features:
              - {name: Home, navigates: [d, early, later]}
              - {name: D, enabled: "flag:f", fallback: FB}
              - {name: FB, navigates: [e]}
              - {name: E, enabled: "flag:f", fallback: G, navigates: [x]}
              - {name: G}
              - {name: A, navigates: [c]}
              - {name: A2, navigates: [c2]}
              - {name: C, enabled: "flag:f", fallback: HC, navigates: [x]}
              - {name: C2, enabled: "flag:f", fallback: HC, navigates: [x]}
              - {name: HC}
              - {name: X}
            """, file: "order.yml")
        let subjects = Self.disabledFeatureOccurrences(registry).1.map(\.subject)
        #expect(subjects.contains("C2") && !subjects.contains("C"), "\(subjects)")
    }

    /// The runs in first scenarios read their steps off every scenario's walks (`ScenarioSteps`):
    /// with C and D disabled and forced on, FB is first explained by Y2's route (under C), not by
    /// the fallback of D that Y opens earlier, which the walk does not record where D is forced on.
    /// So C hides FB and Z, and D (navigated to only from Y, behind C) hides nothing.
    @Test func firstRunsTakeStepsAsTheWalkRecordsThem() throws {
        let registry = try RegistryLoader().load(text: """
            navgraph: 1
            entries: [{feature: Home}]
            flags: {f: true}
            routes: [{id: c}, {id: y}, {id: y2}, {id: d}, {id: fb}, {id: z}]
            handlers: [{name: H, routes: {c: C, y: Y, y2: Y2, d: D, fb: FB, z: Z}}]
            features:
              - {name: Home, navigates: [c]}
              - {name: C, enabled: "flag:f", fallback: HC, navigates: [y, y2]}
              - {name: HC}
              - {name: Y, navigates: [d]}
              - {name: Y2, navigates: [fb]}
              - {name: D, enabled: "flag:f", fallback: FB}
              - {name: FB, navigates: [z]}
              - {name: Z}
            """, file: "steps.yml")
        #expect(ScenarioSetDifference.problems(registry).isEmpty, "\(ScenarioSetDifference.problems(registry))")
        let g = NavGraph(registry: registry)
        let scenarios = try #require(FlagScenario.allCombinations(of: registry))
        let findings = CheckRunner(options: CheckOptions(scenarios: scenarios)).run(g).filter { $0.ruleID == "disabled-feature" }
        let notes = { (subject: String) in findings.first { $0.subject == subject }?.notes.map(\.message) ?? [] }
        #expect(notes("C").contains("unreachable because of it: D, FB, Y, Y2, Z"), "\(notes("C"))")
        #expect(!notes("D").contains { $0.hasPrefix("unreachable because of it") }, "\(notes("D"))")
    }

    /// A fallback's step goes up to the feature it stands in for, wherever that feature arrived:
    /// with C disabled and forced on, P (under C) opens O, which Home already presents directly,
    /// and FB arrives first as O's fallback from P; FB's steps go to O, presented by Home, not to
    /// P, so no disabled feature hides FB (C hides P alone).
    @Test func firstRunsFollowAFallbackToItsFeature() throws {
        let registry = try Self.fallbackBelowC(homePresentsO: true)
        #expect(ScenarioSetDifference.problems(registry).isEmpty, "\(ScenarioSetDifference.problems(registry))")
        let notes = try Self.disabledNotes(registry, subject: "C")
        #expect(notes.contains("unreachable because of it: P"), "\(notes)")
    }

    /// A disabled feature hides a fallback screen reached only as the fallback of a feature below
    /// it: with C disabled and forced on, P (under C) opens O, flagged, whose fallback FB nothing
    /// else reaches; FB's step goes to O, which C hides, so C hides FB too (the runs in first
    /// scenarios find it among the arrivals standing in for O, `ArrivalTree`).
    @Test func firstRunsBlameAFallbackBelowTheFeature() throws {
        let registry = try Self.fallbackBelowC(homePresentsO: false)
        #expect(ScenarioSetDifference.problems(registry).isEmpty, "\(ScenarioSetDifference.problems(registry))")
        let notes = try Self.disabledNotes(registry, subject: "C")
        #expect(notes.contains("unreachable because of it: FB, O, P"), "\(notes)")
    }

    /// Home opens C (flag f, fallback HC), which opens P, which opens O (flag g, fallback FB); Home
    /// presents O directly too when `homePresentsO`.
    static func fallbackBelowC(homePresentsO: Bool) throws -> Registry {
        try RegistryLoader().load(text: """
            navgraph: 1
            entries: [{feature: Home}]
            flags: {f: true, g: true}
            routes: [{id: c}, {id: o}, {id: p}]
            handlers: [{name: H, routes: {c: C, o: O, p: P}}]
            features:
              - {name: Home, navigates: [c]\(homePresentsO ? ", presents: [O]" : "")}
              - {name: C, enabled: "flag:f", fallback: HC, navigates: [p]}
              - {name: HC}
              - {name: P, navigates: [o]}
              - {name: O, enabled: "flag:g", fallback: FB}
              - {name: FB}
            """, file: "fallback.yml")
    }

    /// The notes of `disabled-feature`'s merged finding on `subject`, every flag combination checked.
    static func disabledNotes(_ registry: Registry, subject: String) throws -> [String] {
        let scenarios = try #require(FlagScenario.allCombinations(of: registry))
        let findings = CheckRunner(options: CheckOptions(scenarios: scenarios)).run(NavGraph(registry: registry))
        return findings.first { $0.ruleID == "disabled-feature" && $0.subject == subject }?.notes.map(\.message) ?? []
    }

    /// 4–15 features, each opening up to three of as many routes, a third flagged (three flags,
    /// one at run time) with a fallback, entry F0 and sometimes an entry route.
    static func denseFlagged(_ tape: [Int]) -> Registry {
        var t = RandomRegistry(tape: tape)
        let count = 4 + t.next(12)
        var features: [Feature] = []
        for i in 0..<count {
            let flagged = i > 0 && t.next(3) == 0
            let navigates = (0..<(1 + t.next(3))).map { _ in Navigation(route: "r\(t.next(count))") }
            features.append(Feature(
                name: "F\(i)", enabled: flagged ? .flag("flag\(t.next(3))") : .always,
                fallback: flagged ? "F\(t.next(count))" : nil, navigates: navigates))
        }
        let routes = (0..<count).map { Route(id: "r\($0)") }
        let handler = RouteHandler(name: "H", routes: (0..<count).map { .init(route: "r\($0)", feature: "F\(t.next(count))") })
        var entries = [Entry(target: .feature("F0"))]
        if t.next(3) == 0 { entries.append(Entry(target: .route("r\(t.next(count))"))) }
        let flags = [FeatureFlag(name: "flag0", defaultValue: true), FeatureFlag(name: "flag1", defaultValue: false),
                     FeatureFlag(name: "flag2", defaultValue: true, runtime: true)]
        return Registry(entries: entries, flags: flags, routes: routes, handlers: [handler], features: features)
    }

    /// Per scenario, the features `disabled-feature` treats as disabled (off, and not an entry no
    /// route reaches), as a table and as sets, from each scenario's own walk.
    static func disabledFeatures(_ g: NavGraph, _ scenarios: [FlagScenario], off: ScenarioTable) -> (table: ScenarioTable, sets: [Set<Int32>]) {
        var table = ScenarioTable(nodes: g.nodeCount, scenarios: scenarios.count)
        var sets: [Set<Int32>] = []
        for (s, scenario) in scenarios.enumerated() {
            let walk = g.reachability(under: scenario)
            var set = Set<Int32>()
            for id in g.declaredFeatures where off.contains(id, s) && !(walk.asEntry[Int(id)] && !walk.throughRoute[Int(id)]) {
                set.insert(id)
                table.insert(id, s)
            }
            sets.append(set)
        }
        return (table, sets)
    }

    static func blameDifferences(_ registry: Registry) -> [String] {
        let g = NavGraph(registry: registry)
        let scenarios = everyScenario(registry)
        let off = g.disabledTable(scenarios)
        let reach = g.reachAcross(off: off)
        let (disabled, perScenario) = disabledFeatures(g, scenarios, off: off)
        let blame = HiddenBlame(g, off: off, disabled: disabled, targeted: reach.targeted, asked: disabled)
        var problems: [String] = []
        for (s, scenario) in scenarios.enumerated() {
            let walk = g.reachability(under: scenario)
            var expected = Set<Int32>()
            DisabledFeature.forEachHidden(
                g, unlocked: g.reachability(under: scenario, forceEnabled: perScenario[s]), targeted: { walk.targeted[Int($0)] },
                disabled: { perScenario[s].contains($0) }
            ) { c, _ in expected.insert(c) }
            let found = Set(g.declaredFeatures.filter { blame.hides.contains($0, s) })
            if found != expected {
                problems.append("\(scenario.name): blamed \(expected.map(g.name).sorted()), HiddenBlame says \(found.map(g.name).sorted())")
            }
        }
        return problems
    }

    @Test func scenarioTableSetsAndComplements() {
        var t = ScenarioTable(nodes: 2, scenarios: 130)
        #expect(t.width == 3)
        for s in [0, 63, 64, 129] { t.insert(1, s) }
        #expect(t.bits(1).indices == [0, 63, 64, 129])
        #expect(t.missing(1).population == 126 && !t.missing(1).contains(129) && t.missing(1).last == 128)
        #expect(t.isEmpty(0) && !t.isEmpty(1) && t.missing(0).indices == Array(0..<130))
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
