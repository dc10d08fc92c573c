/// Machine-readable findings: one JSON object, keys sorted, schema version 1 (docs/ci.md).
///
/// ```
/// { "version": 1, "app": "ShopApp" | null,
///   "scenarios": [{"name", "flags": {flag: bool}}],
///   "summary": {"errors", "warnings", "notes", "baselined"},
///   "findings": [{"rule", "severity", "message", "subject", "location": {"file","line","column"} | null,
///                 "notes": [{"message", "location"}], "elements": [..], "scenarios": [..] | null}],
///   "staleBaseline": ["rule-id subject", ...] }
/// ```
public enum JSONReporter: Reporter {
    public static let identifier = "json"
    public static let summary = "One JSON object with sorted keys (schema in docs/ci.md)"
    public static let schemaVersion = 1

    public static func generateReport(_ report: CheckReport) -> String {
        document(report).text
    }

    public static func write<Sink: ReportSink>(_ report: CheckReport, to out: inout Sink) {
        document(report).write(to: &out)
    }

    static func document(_ report: CheckReport) -> JSONValue {
        .object([
            "version": .int(schemaVersion),
            "app": report.app.map { .string($0) } ?? .null,
            "scenarios": .array(report.scenarios.map { s in
                .object(["name": .string(s.name), "flags": .object(s.values.mapValues { .bool($0) })])
            }),
            "summary": .object([
                "errors": .int(report.count(.error)), "warnings": .int(report.count(.warning)),
                "notes": .int(report.count(.note)), "baselined": .int(report.baselined),
            ]),
            "findings": .array(report.findings.map(finding)),
            "staleBaseline": .strings(report.staleBaseline),
        ])
    }

    static func finding(_ f: Finding) -> JSONValue {
        .object([
            "rule": .string(f.ruleID),
            "severity": .string(f.severity.rawValue),
            "message": .string(f.message),
            "subject": .string(f.subject),
            "location": .location(f.location),
            "notes": .array(f.notes.map { .object(["message": .string($0.message), "location": .location($0.location)]) }),
            "elements": .strings(f.elements),
            "scenarios": f.scenarios.map { .strings($0) } ?? .null,
        ])
    }
}
