import NavGraphSupport

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
    /// The names of the flag scenarios this finding occurs in; nil when it occurs in all of them.
    public var scenarios: [String]? {
        get { scenarioSubset?.names }
        set { scenarioSubset = newValue.map(ScenarioSubset.init(names:)) }
    }
    /// The same, as indices into the names the run's findings share.
    public var scenarioSubset: ScenarioSubset?
    /// The registry element the finding is about: its `ignore:` list can suppress the finding.
    public var element: ElementRef?
    /// Lowered from error to warning because a navigation call the scan could not follow may explain
    /// it (`Completeness`); counted as "held back" in the summary.
    public var heldBack = false
    /// `element` as the readable key suppressions and baselines use (`feature:Name`, `route:id`, …).
    public var anchor: String? { element?.key }

    /// Coded as before: the element travels as its readable key, under `anchor`.
    package enum CodingKeys: String, CodingKey {
        case ruleID, severity, message, location, subject, elements, notes
        case scenarioSubset = "scenarios"
        case element = "anchor"
    }

    public init(
        ruleID: String, severity: Severity, message: String, location: SourceLocation?, subject: String,
        elements: [String] = [], notes: [Finding.Note] = [], scenarios: [String]? = nil, element: ElementRef? = nil
    ) {
        self.element = element
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

/// Some of a run's flag scenarios: a set of positions in the names every finding of the run shares.
/// A finding of an all-combinations run occurs in up to 1,023 of 1,024 scenarios, and a run has
/// thousands of them: one table of names and 16 words of bits each, not a copy of the names each.
/// Equal, hashed and coded as the list of names it stands for.
public struct ScenarioSubset: Hashable, Codable, Sendable {
    public let table: ScenarioNames
    public let bits: ScenarioBits

    public init(_ table: ScenarioNames, bits: ScenarioBits) {
        self.table = table
        self.bits = bits
    }

    public init(_ table: ScenarioNames, indices: [Int32]) {
        self.init(table, bits: ScenarioBits(count: table.names.count, indices: indices.lazy.map { Int($0) }))
    }

    /// A list of names of its own.
    public init(names: [String]) {
        self.init(ScenarioNames(names), bits: ScenarioBits(count: names.count, indices: names.indices))
    }

    /// The positions of its scenarios in `table`, ascending.
    public var indices: [Int32] { bits.indices.map { Int32($0) } }

    public var names: [String] { bits.indices.map { table.names[$0] } }

    public static func == (a: ScenarioSubset, b: ScenarioSubset) -> Bool {
        a.table === b.table ? a.bits == b.bits : a.names == b.names
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(names) }

    public init(from decoder: any Decoder) throws { self.init(names: try decoder.singleValueContainer().decode([String].self)) }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(names)
    }
}

/// A run's scenario names, shared by its findings' `ScenarioSubset`s.
public final class ScenarioNames: Sendable {
    public let names: [String]
    /// The names' mean length in UTF-8 bytes (what a report weighs a subset by).
    package let meanByteCount: Int

    public init(_ names: [String]) {
        self.names = names
        meanByteCount = names.isEmpty ? 0 : names.reduce(0) { $0 + $1.utf8.count } / names.count
    }
}

/// A typed reference to a registry element (kind + name): what a finding is about and what an
/// `ignore:` list is attached to. Built by checks as a value, never as a `"kind:name"` string; its
/// `key` is the stable, readable form suppressions and baselines keep on disk.
public struct ElementRef: Hashable, Sendable, Codable, CustomStringConvertible {
    public enum Kind: String, Sendable, CaseIterable, Codable {
        case entry, route, handler, feature, dependency, deeplink
    }

    public var kind: Kind
    public var name: String

    public init(_ kind: Kind, _ name: String) {
        self.kind = kind
        self.name = name
    }

    public static func entry(_ name: String) -> ElementRef { ElementRef(.entry, name) }
    public static func route(_ name: String) -> ElementRef { ElementRef(.route, name) }
    public static func handler(_ name: String) -> ElementRef { ElementRef(.handler, name) }
    public static func feature(_ name: String) -> ElementRef { ElementRef(.feature, name) }
    public static func dependency(_ name: String) -> ElementRef { ElementRef(.dependency, name) }
    public static func deeplink(_ name: String) -> ElementRef { ElementRef(.deeplink, name) }

    /// `feature:Home`.
    public var key: String { "\(kind.rawValue):\(name)" }
    public var description: String { key }

    /// Reads a key back (only for what was written to disk; code passes the value).
    public init?(key: String) {
        guard let colon = key.firstIndex(of: ":"), let kind = Kind(rawValue: String(key[..<colon])) else { return nil }
        self.init(kind, String(key[key.index(after: colon)...]))
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let ref = ElementRef(key: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not an element key: \(text)"))
        }
        self = ref
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(key)
    }
}
