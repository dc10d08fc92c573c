import NavGraphModel
import NavGraphGraph

/// The findings of each flag scenario the HTML page explores, on its own: the flags (declared or
/// followed by a feature, in name order), the scenarios `FlagScenario.explored` chooses around a
/// start scenario, and per scenario what `check` reports under it alone, from one
/// `CheckRunner.runEach`. The pipeline computes it (`Analysis.scenarioFindings`); the page only
/// embeds it.
public struct ScenarioFindings: Sendable {
    /// The flags every scenario sets, in name order.
    public var flags: [String]
    /// Whether `scenarios` are every combination of `flags` (else the start and each flag toggled alone).
    public var combinations: Bool
    public var scenarios: [FlagScenario]
    /// The index of the start scenario in `scenarios`.
    public var start: Int
    /// `findings[i]`: the findings under `scenarios[i]` alone, in `CheckRunner`'s order.
    public var findings: FindingsByScenario

    /// The scenarios around `start` and their findings with `options`' rules, severities and
    /// exclusions (its `scenarios` are not used).
    public init(graph: NavGraph, start: FlagScenario, options: CheckOptions) {
        flags = graph.flagGates().names
        let explored = FlagScenario.explored(flags: flags, around: start, features: graph.declaredFeatures.count)
        scenarios = explored.scenarios
        combinations = explored.combinations
        self.start = explored.start
        findings = CheckRunner(options: options).runEach(graph, scenarios: scenarios)
    }
}

/// The findings of many scenarios with each distinct finding kept once: ten flags make 1,024
/// scenarios that mostly report the same findings.
public struct FindingsByScenario: Sendable {
    /// Every distinct finding, in order of first occurrence (scenario by scenario).
    public var distinct: [Finding]
    /// Per scenario, its findings as indices into `distinct`, in `CheckRunner`'s order.
    public var indices: [[Int32]]

    public init(distinct: [Finding], indices: [[Int32]]) {
        self.distinct = distinct
        self.indices = indices
    }

    /// The number of scenarios.
    public var count: Int { indices.count }

    /// The findings of scenario `scenario`.
    public subscript(_ scenario: Int) -> [Finding] { indices[scenario].map { distinct[Int($0)] } }
}
