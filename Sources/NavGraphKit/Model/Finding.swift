/// How much a finding matters.
public enum Severity: String, Codable, Sendable, Comparable, CaseIterable {
    case note
    case warning
    case error

    private var rank: Int {
        switch self {
        case .note: return 0
        case .warning: return 1
        case .error: return 2
        }
    }

    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

/// One result of a check: a plain value, separate from the graph.
public struct Finding: Hashable, Codable, Sendable {
    /// A line that explains the finding (a step of a path, a second location).
    public struct Note: Hashable, Codable, Sendable {
        public var message: String
        public var location: SourceLocation?
        public init(_ message: String, location: SourceLocation? = nil) {
            self.message = message
            self.location = location
        }
    }

    public var ruleID: String
    public var severity: Severity
    public var message: String
    public var location: SourceLocation?
    /// Stable identity of the element(s) concerned: names, never line numbers.
    /// Baselines key on `ruleID` + `subject`.
    public var subject: String
    /// Names of the graph elements involved (features, routes, dependencies), for diagrams.
    public var elements: [String]
    /// The explaining path, one step a note.
    public var notes: [Finding.Note]
    /// The flag scenarios this finding occurs in; nil when it occurs in all of them.
    public var scenarios: [String]?
    /// The registry element the finding is about (`feature:Name`, `route:id`, …): its
    /// `ignore:` list can suppress the finding.
    public var anchor: String?

    public init(
        ruleID: String, severity: Severity, message: String, location: SourceLocation?, subject: String,
        elements: [String] = [], notes: [Finding.Note] = [], scenarios: [String]? = nil, anchor: String? = nil
    ) {
        self.anchor = anchor
        self.ruleID = ruleID
        self.severity = severity
        self.message = message
        self.location = location
        self.subject = subject
        self.elements = elements
        self.notes = notes
        self.scenarios = scenarios
    }
}
