/// A registry that shows a rule's behaviour; examples double as the rule's tests.
public struct CheckExample: Sendable {
    /// Registry YAML; `navgraph: 1` is added in front when missing.
    public var yaml: String
    /// The finding subjects the rule must report for it (exactly these), empty for non-triggering examples.
    public var subjects: [String]

    public init(_ yaml: String, subjects: [String] = []) {
        self.yaml = yaml.hasPrefix("navgraph:") ? yaml : "navgraph: 1\n" + yaml
        self.subjects = subjects
    }
}

/// What a rule is: its stable id, default severity and the runtime failure it prevents.
public struct CheckDescription: Sendable {
    public var id: String
    public var name: String
    public var summary: String
    /// One paragraph: the runtime failure it prevents.
    public var explanation: String
    public var severity: Severity
    /// Opt-in rules run only when a configuration enables them.
    public var optIn: Bool
    /// Whether findings depend on flag values (then the rule runs once per flag scenario).
    public var dependsOnFlags: Bool
    public var triggering: [CheckExample]
    public var nonTriggering: [CheckExample]

    public init(
        id: String, name: String, summary: String, explanation: String, severity: Severity, optIn: Bool = false,
        dependsOnFlags: Bool = false, triggering: [CheckExample], nonTriggering: [CheckExample]
    ) {
        self.id = id
        self.name = name
        self.summary = summary
        self.explanation = explanation
        self.severity = severity
        self.optIn = optIn
        self.dependsOnFlags = dependsOnFlags
        self.triggering = triggering
        self.nonTriggering = nonTriggering
    }
}

/// A check: a pure function from the graph (under one flag scenario) to findings. Checks never
/// mutate the graph.
public protocol Check: Sendable {
    static var description: CheckDescription { get }
    static func run(_ context: CheckContext) -> [Finding]
}

/// What a check reads: the graph, the scenario, and cached analyses.
public final class CheckContext: @unchecked Sendable {
    public let graph: NavGraph
    public let scenario: FlagScenario
    private var cachedReachability: Reachability?

    public init(graph: NavGraph, scenario: FlagScenario) {
        self.graph = graph
        self.scenario = scenario
    }

    public var registry: Registry { graph.registry }

    /// Reachability under this context's scenario (computed once).
    public var reachability: Reachability {
        if let r = cachedReachability { return r }
        let r = graph.reachability(under: scenario)
        cachedReachability = r
        return r
    }

    /// A finding with the rule's id and default severity.
    public func finding<C: Check>(
        _ check: C.Type, _ message: String, at origin: ElementOrigin?, subject: String, elements: [String] = [],
        notes: [Finding.Note] = [], anchor: String? = nil, severity: Severity? = nil
    ) -> Finding {
        Finding(
            ruleID: C.description.id, severity: severity ?? C.description.severity, message: message,
            location: origin?.primary, subject: subject, elements: elements, notes: notes, anchor: anchor)
    }

    /// Explaining notes for the path to a feature under this scenario.
    public func pathNotes(to feature: Int32) -> [Finding.Note] {
        graph.explain(feature, in: reachability).map { Finding.Note($0) }
    }

    public func featureOrigin(_ id: Int32) -> ElementOrigin? { graph.featureInfo[id]?.origin }
}
