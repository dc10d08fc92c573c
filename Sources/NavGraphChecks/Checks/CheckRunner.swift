import Foundation
import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph

/// How `CheckRunner` runs: which rules, at what severity, under which flag scenarios.
public struct CheckOptions: Sendable {
    /// Flag scenarios to check; empty means the registry's defaults.
    public var scenarios: [FlagScenario]
    /// Rules switched off.
    public var disabledRules: Set<String>
    /// Opt-in rules switched on.
    public var optInRules: Set<String>
    public var severityOverrides: [String: Severity]
    /// Findings whose elements all belong to these modules, or name these elements, are dropped.
    public var excludedModules: Set<String>
    public var excludedNames: Set<String>

    public init(
        scenarios: [FlagScenario] = [], disabledRules: Set<String> = [], optInRules: Set<String> = [],
        severityOverrides: [String: Severity] = [:], excludedModules: Set<String> = [], excludedNames: Set<String> = []
    ) {
        self.scenarios = scenarios
        self.disabledRules = disabledRules
        self.optInRules = optInRules
        self.severityOverrides = severityOverrides
        self.excludedModules = excludedModules
        self.excludedNames = excludedNames
    }
}

/// Runs every check over a graph and returns sorted findings.
public struct CheckRunner: Sendable {
    /// Every rule, in id order.
    public static let allChecks: [any Check.Type] = [
        AmbiguousDependency.self, DependencyCycle.self, DisabledFeature.self, DuplicateDependency.self,
        DuplicateFeature.self, DuplicateHandler.self, DuplicateRoute.self, FallbackProblem.self,
        InvalidDeeplink.self, MissingDependency.self, MissingFallback.self, PresentsAroundRouter.self, UnhandledRoute.self,
        UnknownReference.self, UnreachableFeature.self, UnusedDependency.self, UnusedInjection.self,
        UnusedRoute.self,
    ]

    /// Descriptions of every rule, including the runner's own `superfluous-suppression`.
    public static var allDescriptions: [CheckDescription] {
        (allChecks.map { $0.description } + [SuperfluousSuppression.description]).sorted { $0.id < $1.id }
    }

    public static func description(of id: String) -> CheckDescription? { allDescriptions.first { $0.id == id } }

    public var options: CheckOptions

    public init(options: CheckOptions = .init()) { self.options = options }

    public func isEnabled(_ d: CheckDescription) -> Bool {
        if options.disabledRules.contains(d.id) { return false }
        return !d.optIn || options.optInRules.contains(d.id)
    }

    /// Runs flag-dependent rules once per scenario and merges (the reference the scenario-set
    /// path is tested against; internal).
    package var perScenario = false

    public func run(_ graph: NavGraph) -> [Finding] {
        let scenarios = options.scenarios.isEmpty ? [FlagScenario.defaults(of: graph.registry)] : options.scenarios
        let index = StageTimes.measure("checks: shared index") { CheckIndex(graph) }  // shared by every scenario
        let all = ScenarioSetContext(graph: graph, scenarios: scenarios) { CheckContext(graph: graph, scenario: $0, index: index) }
        let checks = Self.allChecks.filter { isEnabled($0.description) }
        // The rules only read the graph, the shared index and the contexts (whose caches are made
        // once, under locks), so two threads take them in turn; findings keep the rule order.
        var results = [[Finding]](repeating: [], count: checks.count)
        // Taken in this order: two rules that read reachability (the slow ones: the first thread
        // computes it, the second starts on its own walk and waits only for what it lacks), then
        // the rules that do not, those that suggest names first (each kind's did-you-mean index is
        // built by the first rule that asks: two rules asking for two kinds build both at once;
        // at 100k features with dangling names, `unknown-reference` taken after the small rules
        // finished 0.07 s after everything else), then the other readers. Across many scenarios,
        // the rules that depend on flags go first: each is merged across all of them, the slowest
        // by far (on the flags row's deep-stack draw, 0.15–0.2 s each against 0.1 s for all the others).
        let readers = checks.indices.filter { checks[$0].description.readsReachability }
        let others = checks.indices.filter { !checks[$0].description.readsReachability }
        var order = Array(readers.prefix(2)) + others.filter { checks[$0].description.suggestsNames }
            + others.filter { !checks[$0].description.suggestsNames } + readers.dropFirst(2)
        if scenarios.count > 1 {
            let slow = order.filter { checks[$0].description.dependsOnFlags }
            order = slow + order.filter { !checks[$0].description.dependsOnFlags }
        }
        results.withUnsafeMutableBufferPointer { results in
            nonisolated(unsafe) let results = results
            takeTurns(workers: 2, jobs: checks.count) { turn in
                let i = order[turn]
                let check = checks[i]
                results[i] = StageTimes.measure("rule \(check.description.id)") {
                    if check.description.dependsOnFlags && scenarios.count > 1 {
                        return (perScenario ? nil : mergedAcross(check, all)) ?? merge(check, all)
                    }
                    return check.run(all.context(0))
                }
            }
        }
        return StageTimes.measure("checks: suppressions, exclusions, order") { finish(results.flatMap { $0 }, graph) }
    }

    /// What `run` reports under each of `scenarios` alone (`options.scenarios` aside), in one run:
    /// the shared index is built once, the rules that do not depend on flags run once, in the first
    /// scenario (as `run` runs them under many scenarios: their notes are that scenario's), and the
    /// others in every scenario, one thread per core; suppressions, exclusions, severities and
    /// completeness apply per scenario. Each distinct finding is kept once (`FindingsByScenario`).
    /// The HTML page's findings (`ScenarioFindings`).
    public func runEach(_ graph: NavGraph, scenarios: [FlagScenario]) -> FindingsByScenario {
        guard !scenarios.isEmpty else { return FindingsByScenario(distinct: [], indices: []) }
        let index = StageTimes.measure("checks: shared index") { CheckIndex(graph) }
        let checks = Self.allChecks.filter { isEnabled($0.description) }
        let first = CheckContext(graph: graph, scenario: scenarios[0], index: index)
        let once: [[Finding]?] = StageTimes.measure("checks: rules without flags") {
            checks.map { $0.description.dependsOnFlags ? nil : $0.run(first) }
        }
        // Worker k takes scenarios k, k + workers, …, and numbers the findings it sees.
        let workers = min(scenarios.count, max(1, ProcessInfo.processInfo.activeProcessorCount))
        let runs = StageTimes.measure("checks: each scenario") {
            onThreads(workers) { k in
                var number: [Finding: Int32] = [:]
                var seen: [Finding] = []
                let lists = stride(from: k, to: scenarios.count, by: workers).map { i in
                    let context = i == 0 ? first : CheckContext(graph: graph, scenario: scenarios[i], index: index)
                    return finish(checks.indices.flatMap { once[$0] ?? checks[$0].run(context) }, graph).map { f in
                        if let n = number[f] { return n }
                        number[f] = Int32(seen.count)
                        seen.append(f)
                        return Int32(seen.count - 1)
                    }
                }
                return (seen: seen, lists: lists)
            }
        }
        // Scenario by scenario, so that `distinct` is in order of first occurrence.
        var distinct: [Finding] = []
        var number: [Finding: Int32] = [:]
        var global = runs.map { [Int32](repeating: -1, count: $0.seen.count) }
        let indices = scenarios.indices.map { i in
            let k = i % workers
            return runs[k].lists[i / workers].map { n in
                if global[k][Int(n)] < 0 {
                    let f = runs[k].seen[Int(n)]
                    if let m = number[f] {
                        global[k][Int(n)] = m
                    } else {
                        number[f] = Int32(distinct.count)
                        global[k][Int(n)] = Int32(distinct.count)
                        distinct.append(f)
                    }
                }
                return global[k][Int(n)]
            }
        }
        return FindingsByScenario(distinct: distinct, indices: indices)
    }

    /// The rules' findings in rule order, with suppressions, exclusions, severity overrides and
    /// completeness applied, sorted.
    private func finish(_ found: [Finding], _ graph: NavGraph) -> [Finding] {
        var findings = SuperfluousSuppression.apply(to: found, graph.registry, runner: self)
        findings = findings.filter { !isExcluded($0, graph) }
        for i in findings.indices {
            if let s = options.severityOverrides[findings[i].ruleID] { findings[i].severity = s }
        }
        findings = Completeness.apply(to: findings, graph: graph)
        return StageTimes.measure("checks: order") { Self.sorted(findings) }
    }

    /// Canonical order: by rule, then subject — independent of positions, so a reordered
    /// registry gives the same report.
    ///
    /// Positions are sorted by keys read once, not findings: a merge sort of thousands of findings
    /// moved (retained and released) every field of each at every step.
    public static func sorted(_ findings: [Finding]) -> [Finding] {
        let rule = findings.map(\.ruleID), subject = findings.map(\.subject)
        let order = findings.indices.sorted { i, j in
            if rule[i] != rule[j] { return rule[i] < rule[j] }
            if subject[i] != subject[j] { return subject[i] < subject[j] }
            let a = findings[i].message, b = findings[j].message
            if a != b { return a < b }
            let x = findings[i].location?.description ?? "", y = findings[j].location?.description ?? ""
            // Equal keys keep their given order.
            return x != y ? x < y : i < j
        }
        return order.map { findings[$0] }
    }

    /// What identifies a flag-dependent rule's finding across scenarios.
    private static func mergeKey(_ subject: String, _ element: ElementRef?) -> String { "\(subject)\u{1}\(element?.key ?? "")" }

    /// The rule run in every scenario, its findings merged (the reference path): findings found in
    /// every scenario stand as they are (at their worst severity); others keep the message and notes
    /// of the first scenario they occur in, name their scenarios and take the severity the rule's
    /// `scenarioPolicy` gives. In order of first occurrence.
    private func merge(_ check: any Check.Type, _ all: ScenarioSetContext) -> [Finding] {
        var order: [String] = []
        var groups: [String: [(scenario: Int, finding: Finding)]] = [:]
        for i in all.scenarios.indices {
            for f in check.run(all.context(i)) {
                let key = Self.mergeKey(f.subject, f.element)
                if groups[key] == nil { order.append(key) }
                groups[key, default: []].append((i, f))
            }
        }
        return order.map { key in
            let group = groups[key]!
            return Self.merged(
                group[0].finding, in: ScenarioBits(count: all.scenarios.count, indices: group.map(\.scenario)), of: all,
                worst: group.map(\.finding.severity).max()!, check.description)
        }
    }

    /// The first occurrence `f` of a finding seen in the scenarios `set` of `all`,
    /// at worst `worst`. Its message says where: the scenarios' names, or a condition on the flags
    /// when the run is every combination of them (`ScenarioCondition`).
    /// `condition`: the condition's text when known (`ScenarioCondition.texts(for:)`).
    private static func merged(
        _ f: Finding, in set: ScenarioBits, of all: ScenarioSetContext, worst: Severity, _ d: CheckDescription, condition: String? = nil
    ) -> Finding {
        var f = f
        if !set.isFull {
            f.scenarioSubset = ScenarioSubset(all.names, bits: set)
            f.message += " (only when \(condition ?? all.condition.text(for: set)))"
            switch d.scenarioPolicy {
            case .warningWhenPartial: f.severity = .warning
            case .worstSeverity: f.severity = worst
            }
        } else {
            f.severity = worst
        }
        return f
    }

    /// `merge`'s result from the rule's `occurrences` (nil when the rule has none, or when they do
    /// not match what the rule finds when run: then the caller merges per scenario). The rule runs
    /// only in the first scenario of each finding, whose message and notes the merge keeps, focused
    /// on the subjects first seen there (`CheckContext.focused`); every finding of such a run must
    /// be an occurrence in that scenario, and every occurrence must be found in its first scenario.
    package func mergedAcross(_ check: any Check.Type, _ all: ScenarioSetContext) -> [Finding]? {
        let id = check.description.id
        guard let occurrences = StageTimes.measure("rule \(id): occurrences", { check.occurrences(all) }) else { return nil }
        var index: [String: Int] = [:]
        var byFirst: [Int: [Int]] = [:]
        for (i, o) in occurrences.enumerated() {
            guard let first = o.scenarios.first, o.scenarios.count == all.scenarios.count,
                  index.updateValue(i, forKey: Self.mergeKey(o.subject, o.element)) == nil else { return nil }
            byFirst[first, default: []].append(i)
        }
        // The runs in the first scenarios, on threads of their own (this runs inside the rules'
        // concurrentPerform, where a nested one is serial): a rule whose first scenarios need
        // walks of their own was the longest of the rules.
        let firsts = byFirst.keys.sorted()
        let wanted = firsts.map { s in Set(byFirst[s]!.map { occurrences[$0].subject }) }
        let workers = min(firsts.count, max(1, ProcessInfo.processInfo.activeProcessorCount))
        let runs = StageTimes.measure("rule \(id): runs in \(firsts.count) first scenarios") {
            onThreads(workers) { k in
                stride(from: k, to: firsts.count, by: workers).map { j in
                    (j, check.runFirst(all, scenario: firsts[j], wanted: wanted[j]))
                }
            }
        }
        var foundIn = [[Finding]](repeating: [], count: firsts.count)
        for (j, found) in runs.joined() { foundIn[j] = found }
        return StageTimes.measure("rule \(id): merge") { merge(occurrences, found: foundIn, in: firsts, byFirst: byFirst, index: index, check, all) }
    }

    /// `mergedAcross`' last step: each first scenario's run's findings, merged by their occurrences' scenario sets.
    private func merge(
        _ occurrences: [ScenarioOccurrence], found foundIn: [[Finding]], in firsts: [Int], byFirst: [Int: [Int]], index: [String: Int],
        _ check: any Check.Type, _ all: ScenarioSetContext
    ) -> [Finding]? {
        // Each partial finding's condition, worked out on every core first.
        let partial = occurrences.indices.filter { !occurrences[$0].scenarios.isFull }
        var conditions = [String?](repeating: nil, count: occurrences.count)
        let texts = StageTimes.measure("rule \(check.description.id): merge: conditions") { all.condition.texts(for: partial.map { occurrences[$0].scenarios }) }
        for (i, text) in zip(partial, texts) { conditions[i] = text }
        var out: [Finding] = []
        for (j, s) in firsts.enumerated() {
            let found = foundIn[j]
            var firstHere: [(position: Int, occurrence: Int)] = []
            var seen = Set<Int>()
            for (position, f) in found.enumerated() {
                guard let i = index[Self.mergeKey(f.subject, f.element)], occurrences[i].scenarios.contains(s),
                      seen.insert(i).inserted else { return nil }
                if occurrences[i].scenarios.first == s { firstHere.append((position, i)) }
            }
            guard firstHere.count == byFirst[s]!.count else { return nil }
            for (position, i) in firstHere {
                let o = occurrences[i]
                out.append(Self.merged(
                    found[position], in: o.scenarios, of: all,
                    worst: max(o.worst, found[position].severity), check.description, condition: conditions[i]))
            }
        }
        return out
    }

    private func isExcluded(_ f: Finding, _ graph: NavGraph) -> Bool {
        guard !options.excludedModules.isEmpty || !options.excludedNames.isEmpty else { return false }
        if f.elements.contains(where: { options.excludedNames.contains($0) }) { return true }
        if let element = f.element, options.excludedNames.contains(element.name) { return true }
        guard !options.excludedModules.isEmpty, !f.elements.isEmpty else { return false }
        return f.elements.allSatisfy { name in
            for kind in NavGraph.NodeKind.allCases {
                if let id = graph.node(kind, name), let m = graph.nodes[Int(id)].module { return options.excludedModules.contains(m) }
            }
            return false
        }
    }
}
