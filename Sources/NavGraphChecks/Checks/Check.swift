import Foundation
import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph

/// A registry that shows a rule's behaviour; examples double as the rule's tests.
public struct CheckExample: Sendable {
    /// Registry YAML; `navgraph: 1` is added in front when missing.
    public var yaml: String
    /// The finding subjects the rule must report for it (exactly these), empty for non-triggering examples.
    public var subjects: [String]
    /// Where each finding points, `line:col` in the example as written (without the added
    /// `navgraph: 1` line), in the order of `subjects`.
    public var locations: [String]
    /// Lines added in front of the example as written (1 when `navgraph: 1` was added).
    public var addedLines: Int

    public init(_ yaml: String, subjects: [String] = [], at locations: [String] = []) {
        self.yaml = yaml.hasPrefix("navgraph:") ? yaml : "navgraph: 1\n" + yaml
        self.addedLines = yaml.hasPrefix("navgraph:") ? 0 : 1
        self.subjects = subjects
        self.locations = locations
    }
}

/// What a finding seen under only some of the checked flag scenarios becomes (it always names
/// those scenarios).
public enum ScenarioPolicy: Sendable, Hashable {
    /// The worst severity it had in any scenario.
    case worstSeverity
    /// A warning: dead only under some flags is a product decision to confirm, not a certain bug.
    case warningWhenPartial
}

/// How a diagram marks the elements a rule's finding names. The renderer reads this from the
/// rule's description; it never names a rule.
public enum DiagramMark: Sendable, Hashable {
    /// The named features are drawn as unreachable.
    case unreachableFeature
    /// The named features are drawn as lacking a fallback.
    case missingFallback
    /// The named features are drawn as disabled.
    case disabledFeature
    /// The named routes are drawn as unhandled.
    case unhandledRoute
    /// The named dependencies form a cycle, in order: nodes and the edges between them are marked.
    case dependencyCycle
    /// Any element named carries a generic finding mark.
    case finding
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
    /// What a finding seen under only some of the checked scenarios becomes.
    public var scenarioPolicy: ScenarioPolicy
    /// How the diagram marks the elements a finding names.
    public var diagramMark: DiagramMark
    /// Whether the rule reads the scenario's reachability (`CheckContext.reachability`): the runner
    /// starts two such rules first, then the rules that do not wait for it, then the other readers.
    public var readsReachability: Bool
    /// Whether the rule asks for "did you mean" when a name misses (`CheckIndex.suggestions`): the
    /// runner starts these right after the first two reachability readers, so that the indexes of
    /// two kinds of names (100k features, 100k routes: 0.05–0.1 s each) are built on both threads at once.
    public var suggestsNames: Bool
    public var triggering: [CheckExample]
    public var nonTriggering: [CheckExample]

    public init(
        id: String, name: String, summary: String, explanation: String, severity: Severity, optIn: Bool = false,
        dependsOnFlags: Bool = false, scenarioPolicy: ScenarioPolicy = .worstSeverity, diagramMark: DiagramMark = .finding,
        readsReachability: Bool = false, suggestsNames: Bool = false, triggering: [CheckExample], nonTriggering: [CheckExample]
    ) {
        self.readsReachability = readsReachability
        self.suggestsNames = suggestsNames
        self.id = id
        self.name = name
        self.summary = summary
        self.explanation = explanation
        self.severity = severity
        self.optIn = optIn
        self.dependsOnFlags = dependsOnFlags
        self.scenarioPolicy = scenarioPolicy
        self.diagramMark = diagramMark
        self.triggering = triggering
        self.nonTriggering = nonTriggering
    }
}

/// A check: a pure function from the graph (under one flag scenario) to findings. Checks never
/// mutate the graph.
public protocol Check: Sendable {
    static var description: CheckDescription { get }
    static func run(_ context: CheckContext) -> [Finding]
    /// For a rule that `dependsOnFlags`: where each of its findings occurs among many scenarios,
    /// worked out at once (`ScenarioSetContext`) instead of running the rule per scenario. The
    /// runner then runs `run` only in each finding's first scenario (whose message and notes the
    /// merged finding keeps) and merges by these sets. nil (the default): run per scenario.
    static func occurrences(_ context: ScenarioSetContext) -> [ScenarioOccurrence]?
    /// The rule's findings about `wanted` in scenario `scenario` of `all`, a first scenario of its
    /// `occurrences`. The default runs `run` in that scenario's context, focused on `wanted`; a
    /// rule may read instead what its `occurrences` worked out for every scenario (it must find
    /// exactly what `run` does: `CheckRunner.mergedAcross` falls back to a run per scenario otherwise).
    static func runFirst(_ all: ScenarioSetContext, scenario: Int, wanted: Set<String>) -> [Finding]
}

extension Check {
    public static func occurrences(_ context: ScenarioSetContext) -> [ScenarioOccurrence]? { nil }

    public static func runFirst(_ all: ScenarioSetContext, scenario: Int, wanted: Set<String>) -> [Finding] {
        run(all.context(scenario).focused(on: wanted, targeted: all.reachIfComputed?.targeted, scenario: scenario))
    }
}

/// Where one finding of a flag-dependent rule occurs among the checked scenarios.
public struct ScenarioOccurrence: Sendable {
    /// The finding's subject and element: with the rule, what identifies it across scenarios.
    public var subject: String
    public var element: ElementRef?
    /// The scenarios it occurs in (never empty).
    public var scenarios: ScenarioBits
    /// Its worst severity over those scenarios.
    public var worst: Severity

    public init(subject: String, element: ElementRef?, scenarios: ScenarioBits, worst: Severity) {
        self.subject = subject
        self.element = element
        self.scenarios = scenarios
        self.worst = worst
    }
}

/// Every checked flag scenario at once: their `CheckContext`s, made when first asked for, and
/// the analyses that answer for all scenarios together (which features each disables, what each
/// reaches) so that a flag-dependent rule recomputes only what a flag changes.
public final class ScenarioSetContext: @unchecked Sendable {
    public let graph: NavGraph
    public let scenarios: [FlagScenario]
    /// How a finding seen in some of the scenarios names them.
    public let condition: ScenarioCondition
    /// The scenarios' names, which the findings' `ScenarioSubset`s share.
    public let names: ScenarioNames
    private let makeContext: (FlagScenario) -> CheckContext
    private var contexts: [Int: CheckContext] = [:]
    private var cachedOff: ScenarioTable?
    private var cachedReach: ScenarioReach?
    private var kept: [ObjectIdentifier: Any] = [:]
    private var walked = 0
    /// Rules run on several threads (`CheckRunner`): every cache is made once, under this lock.
    private let lock = NSRecursiveLock()
    /// Scenarios in which some screen arrives otherwise than in another scenario a rule walked
    /// together with it (`DisabledFeature`'s arrivals, `HiddenBlame`), for tests and measurements.
    public internal(set) var scenariosApart: Int {
        get { lock.withLock { walked } }
        set { lock.withLock { walked = newValue } }
    }

    public init(graph: NavGraph, scenarios: [FlagScenario], makeContext: @escaping (FlagScenario) -> CheckContext) {
        self.graph = graph
        self.scenarios = scenarios
        condition = ScenarioCondition(scenarios)
        names = ScenarioNames(scenarios.map(\.name))
        self.makeContext = makeContext
    }

    /// The context of scenario `i` (made once).
    public func context(_ i: Int) -> CheckContext {
        lock.lock()
        defer { lock.unlock() }
        if let c = contexts[i] { return c }
        let c = makeContext(scenarios[i])
        contexts[i] = c
        return c
    }

    /// Per node, the scenarios in which it is a declared feature switched off.
    public var off: ScenarioTable {
        lock.lock()
        defer { lock.unlock() }
        if let t = cachedOff { return t }
        let t = graph.disabledTable(scenarios)
        cachedOff = t
        return t
    }

    /// `reach`, when some rule has asked for it.
    package var reachIfComputed: ScenarioReach? { lock.withLock { cachedReach } }

    /// What a rule keeps for later, one value per type: `occurrences` works it out, `runFirst` reads it.
    package func keep<T>(_ value: T) { lock.withLock { kept[ObjectIdentifier(T.self)] = value } }

    /// The value of type `T` a rule kept (nil when none).
    package func kept<T>(_: T.Type) -> T? { lock.withLock { kept[ObjectIdentifier(T.self)] as? T } }

    /// The declared features named in `names`, in id order (the order of `NavGraph.declaredFeatures`):
    /// a rule's wanted subjects as ids, instead of making and hashing every feature's name.
    package func ids(of names: Set<String>) -> [Int32] {
        names.compactMap { graph.node(.feature, $0) }.filter { graph.isDeclaredFeature($0) }.sorted()
    }

    /// Reachability in every scenario (`NavGraph.reachAcross`).
    public var reach: ScenarioReach {
        lock.lock()
        defer { lock.unlock() }
        if let r = cachedReach { return r }
        let r = StageTimes.measure("checks: reachability across \(scenarios.count) scenarios") { graph.reachAcross(off: off) }
        cachedReach = r
        return r
    }
}

/// What a check reads: the graph, the scenario, the index every scenario shares, and cached analyses.
public final class CheckContext: @unchecked Sendable {
    public let graph: NavGraph
    public let scenario: FlagScenario
    /// Declarations and reverse requirements by node id, built once per graph (pass the same one
    /// to every scenario's context; without one, the context builds its own).
    public let index: CheckIndex
    /// The subjects whose findings are wanted (nil: all). A rule may skip the work of a finding
    /// whose subject is not (its notes, its message) and leave it out; one that does not is
    /// still right. `--all-flag-combinations` runs a rule in each finding's first scenario and
    /// keeps only the findings first seen there: of hundreds, a few.
    public let wanted: Set<String>?
    private let cache: ReachabilityCache
    /// For a context of a scenario set: what every scenario targets (`ScenarioSetContext.reach`),
    /// and which scenario this is, so that `withTargeted` needs no walk.
    private let setTargeted: (table: ScenarioTable, scenario: Int)?

    public init(graph: NavGraph, scenario: FlagScenario, index: CheckIndex? = nil) {
        self.graph = graph
        self.scenario = scenario
        self.index = index ?? CheckIndex(graph)
        wanted = nil
        cache = ReachabilityCache()
        setTargeted = nil
    }

    /// This context, sharing what it computed, for the findings of `subjects` only; `targeted`,
    /// when given, says what scenario `scenario` of a set targets (as its reachability would).
    public func focused(on subjects: Set<String>, targeted: ScenarioTable? = nil, scenario: Int = 0) -> CheckContext {
        CheckContext(self, wanted: subjects, targeted: targeted.map { ($0, scenario) })
    }

    private init(_ base: CheckContext, wanted: Set<String>, targeted: (ScenarioTable, Int)?) {
        graph = base.graph
        scenario = base.scenario
        index = base.index
        self.wanted = wanted
        cache = base.cache
        setTargeted = targeted ?? base.setTargeted
    }

    /// `body` with a test of what the scenario targets (`reachability.targeted`, from the scenario
    /// set's table when there is one: no walk).
    public func withTargeted<R>(_ body: ((Int32) -> Bool) -> R) -> R {
        if let (table, s) = setTargeted { return body { table.contains($0, s) } }
        let targeted = reachability.targeted
        return body { targeted[Int($0)] }
    }

    /// Whether the finding about `subject` is wanted.
    public func wants(_ subject: String) -> Bool { wanted?.contains(subject) ?? true }

    /// Whether `reachability` has been computed (tests hold `readsReachability` to it).
    package var hasComputedReachability: Bool { cache.lock.withLock { cache.reachability != nil } }

    /// Reachability under this context's scenario (computed once).
    public var reachability: Reachability {
        cache.lock.lock()
        defer { cache.lock.unlock() }
        if let r = cache.reachability { return r }
        let r = StageTimes.measure("checks: reachability under \(scenario.name)") { graph.reachability(under: scenario) }
        cache.reachability = r
        return r
    }

    /// A finding with the rule's id and default severity.
    public func finding<C: Check>(
        _ check: C.Type, _ message: String, at origin: ElementOrigin?, subject: String, elements: [String] = [],
        notes: [Finding.Note] = [], element: ElementRef? = nil, severity: Severity? = nil
    ) -> Finding {
        Finding(
            ruleID: C.description.id, severity: severity ?? C.description.severity, message: message,
            location: origin?.primary, subject: subject, elements: elements, notes: notes, element: element)
    }

    /// Explaining notes for the path to a feature under this scenario.
    public func pathNotes(to feature: Int32) -> [Finding.Note] {
        graph.explainNotes(feature, in: reachability)
    }

    public func featureOrigin(_ id: Int32) -> ElementOrigin? { graph.feature(id)?.origin }
}

/// A scenario's reachability, computed once and shared by its focused contexts. Rules may run on
/// several threads (`CheckRunner`): the first to ask computes, the others wait.
private final class ReachabilityCache: @unchecked Sendable {
    let lock = NSLock()
    var reachability: Reachability?
}
