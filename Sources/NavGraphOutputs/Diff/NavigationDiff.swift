import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph
import NavGraphChecks

/// What changed between two versions of an app's navigation: elements added, removed, changed
/// or renamed; navigation edges added and removed; screens that became unreachable or reachable
/// per flag scenario; findings introduced and fixed. A plain value, computed once from two
/// loaded sides; one formatter per output format reads it.
///
/// Every list is sorted (kind, then name), so the same two inputs in any order give the same diff.
/// Base names are translated through the detected renames before comparing (docs/diff.md).
public struct NavigationDiff: Sendable, Equatable {
    /// One version of the app: its graph, the scenarios to compare and its findings.
    public struct Side: Sendable {
        /// How the side is named in the output (a path or `REV:path`).
        public var label: String
        public var graph: NavGraph
        /// Paired with the other side's by name.
        public var scenarios: [FlagScenario]
        public var findings: [Finding]

        public init(label: String, graph: NavGraph, scenarios: [FlagScenario], findings: [Finding]) {
            self.label = label
            self.graph = graph
            self.scenarios = scenarios
            self.findings = findings
        }
    }

    public enum ElementKind: String, Sendable, CaseIterable, Comparable {
        case screen, route, handler, dependency, flag, entry
        public static func < (a: ElementKind, b: ElementKind) -> Bool {
            allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
        }
        /// The heading of its section.
        public var plural: String {
            switch self {
            case .screen: return "Screens"
            case .route: return "Routes"
            case .handler: return "Handlers"
            case .dependency: return "Dependencies"
            case .flag: return "Flags"
            case .entry: return "Entries"
            }
        }
    }

    public enum ChangeKind: String, Sendable {
        case added, removed, changed, renamed
    }

    /// An element that is new, gone, different or renamed.
    public struct ElementChange: Sendable, Equatable {
        public var kind: ElementKind
        /// The head's name (the base's for a removed element).
        public var name: String
        public var change: ChangeKind
        /// The base's name of a renamed element.
        public var oldName: String?
        /// How it changed, one fact a line: `enabled: true -> flag:new_checkout`, `dependencies: +A, -B`.
        public var details: [String]
    }

    /// Opening `route` from `from` (nil: an entry route), taken by `handler` to `to`
    /// (both nil when no handler claims the route).
    public struct NavigationEdge: Hashable, Comparable, Sendable {
        public var from: String?
        public var route: String
        public var handler: String?
        public var to: String?
        public var style: String?

        public static func < (a: NavigationEdge, b: NavigationEdge) -> Bool {
            (a.from ?? "", a.route, a.to ?? "", a.handler ?? "", a.style ?? "") < (b.from ?? "", b.route, b.to ?? "", b.handler ?? "", b.style ?? "")
        }
    }

    public struct EdgeChange: Sendable, Equatable {
        public var edge: NavigationEdge
        public var added: Bool
    }

    /// A screen the base reached and the head does not, with the base's shortest way to it
    /// (the lines `navgraph path` prints for the base).
    public struct LostScreen: Sendable, Equatable {
        public var name: String
        public var basePath: [String]
    }

    public struct ScenarioChange: Sendable, Equatable {
        public var scenario: String
        public var unreachable: [LostScreen]
        public var reachable: [String]
    }

    /// A finding only one side has, keyed like the baseline (rule + subject).
    public struct FindingChange: Sendable, Equatable {
        public var rule: String
        public var subject: String
        public var severity: Severity
        public var message: String
        public var location: String?
    }

    public var baseLabel: String
    public var headLabel: String
    public var elements: [ElementChange] = []
    public var edges: [EdgeChange] = []
    /// Only scenarios where reachability changed.
    public var reachability: [ScenarioChange] = []
    public var introduced: [FindingChange] = []
    public var fixed: [FindingChange] = []
    /// The renames found (base name -> head name).
    package var renames: DiffRenames

    /// Scenario names only one side has (their reachability is not compared).
    public var unpairedScenarios: [String] = []

    /// True when the two sides navigate the same way and have the same findings.
    public var isEmpty: Bool { elements.isEmpty && edges.isEmpty && reachability.isEmpty && introduced.isEmpty && fixed.isEmpty }

    /// Screens that became unreachable in some scenario, without repeats, sorted.
    public var newlyUnreachable: [String] {
        Array(Set(reachability.flatMap { $0.unreachable.map(\.name) })).sorted()
    }

    /// Compares `base` with `head`.
    public init(base: Side, head: Side) {
        baseLabel = base.label
        headLabel = head.label
        renames = DiffRenames(base: base.graph, head: head.graph)
        elements = DiffElements.changes(base: base.graph, head: head.graph, renames: renames)
        edges = Self.edgeChanges(base: base.graph, head: head.graph, renames: renames)
        (reachability, unpairedScenarios) = Self.reachabilityChanges(base: base, head: head, renames: renames)
        (introduced, fixed) = Self.findingChanges(base: base.findings, head: head.findings)
    }

    /// What `--fail-on` can ask for.
    public enum FailCondition: String, Sendable, CaseIterable {
        /// A finding of severity error that the base does not have.
        case newErrors = "new-errors"
        /// A screen that the base reached and the head does not, in any scenario.
        case unreachable
        /// Any difference at all.
        case any
    }

    /// Whether this diff meets `condition`.
    public func meets(_ condition: FailCondition) -> Bool {
        switch condition {
        case .newErrors: return introduced.contains { $0.severity == .error }
        case .unreachable: return !newlyUnreachable.isEmpty
        case .any: return !isEmpty
        }
    }
}
