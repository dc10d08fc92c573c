import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph
import NavGraphChecks

/// Everything a reporter needs to describe one `check` run.
public struct CheckReport: Sendable {
    public var findings: [Finding]
    /// The app's name from the registry, if any.
    public var app: String?
    /// The flag scenarios that were checked.
    public var scenarios: [FlagScenario]
    /// Baseline entries that no longer occur (stale), as "rule-id subject".
    public var staleBaseline: [String]
    /// How many findings the baseline hid.
    public var baselined: Int
    /// Descriptions of the rules that ran.
    public var rules: [CheckDescription]

    public init(
        findings: [Finding], app: String? = nil, scenarios: [FlagScenario] = [], staleBaseline: [String] = [],
        baselined: Int = 0, rules: [CheckDescription] = CheckRunner.allDescriptions
    ) {
        self.findings = findings
        self.app = app
        self.scenarios = scenarios
        self.staleBaseline = staleBaseline
        self.baselined = baselined
        self.rules = rules
    }

    /// Counted in place: `filter` copied every finding it kept (7,500 at 100k features, each retain
    /// and release of its strings and lists), for each of the four counts a check prints.
    public func count(_ s: Severity) -> Int {
        var n = 0
        for i in findings.indices where findings[i].severity == s { n += 1 }
        return n
    }

    /// How many findings `Completeness` held back from error to warning (a navigation call the scan
    /// could not follow may explain them).
    public var heldBack: Int {
        var n = 0
        for i in findings.indices where findings[i].heldBack { n += 1 }
        return n
    }

    /// "2 errors, 1 warning" (or "no findings").
    public var countsText: String {
        let e = count(.error), w = count(.warning), n = count(.note)
        if e + w + n == 0 { return "no findings" }
        var parts: [String] = []
        parts.append("\(e) error\(e == 1 ? "" : "s")")
        parts.append("\(w) warning\(w == 1 ? "" : "s")")
        if n > 0 { parts.append("\(n) note\(n == 1 ? "" : "s")") }
        return parts.joined(separator: ", ")
    }
}

/// Turns a check run into text in one format. Stateless: one static function per format.
public protocol Reporter {
    /// The name used with `--reporter` and `--report NAME:PATH`.
    static var identifier: String { get }
    static var summary: String { get }
    static func generateReport(_ report: CheckReport) -> String
    /// Writes the report piece by piece (the reporters of big outputs write as they go; the others
    /// write their `generateReport` text).
    static func write<Sink: ReportSink>(_ report: CheckReport, to out: inout Sink)
}

extension Reporter {
    public static func write<Sink: ReportSink>(_ report: CheckReport, to out: inout Sink) {
        out.write(generateReport(report))
    }
}
