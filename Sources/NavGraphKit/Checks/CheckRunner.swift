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
        InvalidDeeplink.self, MissingDependency.self, MissingFallback.self, UnhandledRoute.self,
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

    public func run(_ graph: NavGraph) -> [Finding] {
        let scenarios = options.scenarios.isEmpty ? [FlagScenario.defaults(of: graph.registry)] : options.scenarios
        let index = CheckIndex(graph)  // shared by every scenario
        let contexts = scenarios.map { CheckContext(graph: graph, scenario: $0, index: index) }
        var findings: [Finding] = []
        for check in Self.allChecks where isEnabled(check.description) {
            if check.description.dependsOnFlags && contexts.count > 1 {
                findings += merge(contexts.map { (ctx: $0, found: check.run($0)) }, check.description)
            } else {
                findings += check.run(contexts[0])
            }
        }
        findings = SuperfluousSuppression.apply(to: findings, graph.registry, runner: self)
        findings = findings.filter { !isExcluded($0, graph) }
        for i in findings.indices {
            if let s = options.severityOverrides[findings[i].ruleID] { findings[i].severity = s }
        }
        return Self.sorted(findings)
    }

    /// Canonical order: by rule, then subject — independent of positions, so a reordered
    /// registry gives the same report.
    public static func sorted(_ findings: [Finding]) -> [Finding] {
        findings.sorted { a, b in
            if a.ruleID != b.ruleID { return a.ruleID < b.ruleID }
            if a.subject != b.subject { return a.subject < b.subject }
            if a.message != b.message { return a.message < b.message }
            return (a.location?.description ?? "") < (b.location?.description ?? "")
        }
    }

    /// Findings found in every scenario stand as they are; others name their scenarios and take
    /// the severity the rule's `scenarioPolicy` gives.
    private func merge(_ runs: [(ctx: CheckContext, found: [Finding])], _ d: CheckDescription) -> [Finding] {
        var order: [String] = []
        var groups: [String: [(scenario: String, finding: Finding)]] = [:]
        for run in runs {
            for f in run.found {
                let key = "\(f.subject)\u{1}\(f.anchor ?? "")"
                if groups[key] == nil { order.append(key) }
                groups[key, default: []].append((run.ctx.scenario.name, f))
            }
        }
        var out: [Finding] = []
        for key in order {
            let group = groups[key]!
            var f = group[0].finding
            if group.count < runs.count {
                let names = group.map(\.scenario)
                f.scenarios = names
                f.message += " (only when \(names.joined(separator: " | ")))"
                switch d.scenarioPolicy {
                case .warningWhenPartial: f.severity = .warning
                case .worstSeverity: f.severity = group.map(\.finding.severity).max() ?? f.severity
                }
            } else {
                f.severity = group.map(\.finding.severity).max() ?? f.severity
            }
            out.append(f)
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
