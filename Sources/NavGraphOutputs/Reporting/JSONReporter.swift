import Foundation
import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph
import NavGraphChecks

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
        var text = ""
        write(report, to: &text)
        return text
    }

    /// The same bytes as `document(report).text`, written as they are made: everything (the findings are
    /// nearly all of a big report) goes straight to the sink with its keys in sorted order, without a
    /// `JSONValue` tree of dictionaries to build, sort and free. `JSONReporterStreamTests` holds the two to the same bytes.
    public static func write<Sink: ReportSink>(_ report: CheckReport, to out: inout Sink) {
        out.write("{\n  \"app\": ")
        out.write(report.app.map(JSONValue.quote) ?? "null")
        out.write(",\n  \"findings\": ")
        if report.findings.isEmpty {
            out.write("[]")
        } else {
            out.write("[\n")
            let findings = report.findings
            let items = ScenarioItems(findings)
            ReportHalves.write(
                findings.count, cut: ReportHalves.cut(findings), to: &out,
                first: { i, out in
                    writeFinding(findings[i], items, to: &out)
                    out.write(i == findings.count - 1 ? "\n" : ",\n")
                },
                second: { i, out in
                    writeFinding(findings[i], items, to: &out)
                    out.write(i == findings.count - 1 ? "\n" : ",\n")
                })
            out.write("  ]")
        }
        // The rest, as the tree writes it (an all-flag-combinations run lists 1,024 scenarios of
        // ten flags each: as a tree of dictionaries that was a fifth of the run's instructions).
        out.write(",\n  \"scenarios\": ")
        writeScenarios(report.scenarios, to: &out)
        out.write(",\n  \"staleBaseline\": ")
        writeStrings(report.staleBaseline, indent: "  ", to: &out)
        out.write(",\n  \"summary\": {\n    \"baselined\": ")
        out.write(String(report.baselined))
        out.write(",\n    \"errors\": ")
        out.write(String(report.count(.error)))
        if case let held = report.heldBack, held > 0 {
            out.write(",\n    \"heldBack\": ")
            out.write(String(held))
        }
        out.write(",\n    \"notes\": ")
        out.write(String(report.count(.note)))
        out.write(",\n    \"warnings\": ")
        out.write(String(report.count(.warning)))
        out.write("\n  },\n  \"version\": ")
        out.write(String(schemaVersion))
        out.write("\n}\n")
    }

    /// The top-level `scenarios` array at its indentation (2 spaces): `{"flags": {..}, "name"}` each.
    private static func writeScenarios<Sink: ReportSink>(_ scenarios: [FlagScenario], to out: inout Sink) {
        if scenarios.isEmpty { return out.write("[]") }
        out.write("[\n")
        // Flag names repeat in every scenario: each quoted once.
        var quoted: [String: String] = [:]
        for (i, s) in scenarios.enumerated() {
            out.write("    {\n      \"flags\": ")
            if s.values.isEmpty {
                out.write("{}")
            } else {
                out.write("{\n")
                let flags = s.values.keys.sorted()
                for (j, flag) in flags.enumerated() {
                    out.write("        ")
                    if let q = quoted[flag] {
                        out.write(q)
                    } else {
                        let q = JSONValue.quote(flag)
                        quoted[flag] = q
                        out.write(q)
                    }
                    out.write(s.values[flag]! ? (j == flags.count - 1 ? ": true\n" : ": true,\n") : (j == flags.count - 1 ? ": false\n" : ": false,\n"))
                }
                out.write("      }")
            }
            out.write(",\n      \"name\": ")
            JSONValue.writeQuoted(s.name, to: &out)
            out.write(i == scenarios.count - 1 ? "\n    }\n" : "\n    },\n")
        }
        out.write("  ]")
    }

    /// One finding at the findings array's indentation (4 spaces), keys sorted.
    private static func writeFinding<Sink: ReportSink>(_ f: Finding, _ items: ScenarioItems, to out: inout Sink) {
        out.write("    {\n      \"elements\": ")
        writeStrings(f.elements, indent: "      ", to: &out)
        out.write(",\n      \"location\": ")
        writeLocation(f.location, indent: "      ", to: &out)
        out.write(",\n      \"message\": ")
        JSONValue.writeQuoted(f.message, to: &out)
        out.write(",\n      \"notes\": ")
        if f.notes.isEmpty {
            out.write("[]")
        } else {
            out.write("[\n")
            for (i, n) in f.notes.enumerated() {
                out.write("        {\n          \"location\": ")
                writeLocation(n.location, indent: "          ", to: &out)
                out.write(",\n          \"message\": ")
                JSONValue.writeQuoted(n.message, to: &out)
                out.write(i == f.notes.count - 1 ? "\n        }\n" : "\n        },\n")
            }
            out.write("      ]")
        }
        out.write(",\n      \"rule\": ")
        JSONValue.writeQuoted(f.ruleID, to: &out)
        out.write(",\n      \"scenarios\": ")
        if let set = f.scenarioSubset { items.write(set, to: &out) } else { out.write("null") }
        out.write(",\n      \"severity\": ")
        JSONValue.writeQuoted(f.severity.rawValue, to: &out)
        out.write(",\n      \"subject\": ")
        JSONValue.writeQuoted(f.subject, to: &out)
        out.write("\n    }")
    }

    private static func writeStrings<Sink: ReportSink>(_ items: [String], indent: String, to out: inout Sink) {
        if items.isEmpty { return out.write("[]") }
        out.write("[\n")
        // Three writes per item (a partial finding of an all-flag-combinations run lists up to
        // 1,023 scenario names): the indentation and opening quote, the text, the rest of the line.
        let open = indent + "  \""
        for (i, item) in items.enumerated() {
            out.write(open)
            out.write(Escaping.json(item))
            out.write(i == items.count - 1 ? "\"\n" : "\",\n")
        }
        out.write(indent)
        out.write("]")
    }

    private static func writeLocation<Sink: ReportSink>(_ l: SourceLocation?, indent: String, to out: inout Sink) {
        guard let l else { return out.write("null") }
        out.write("{\n")
        out.write(indent)
        out.write("  \"column\": ")
        out.write(String(l.column))
        out.write(",\n")
        out.write(indent)
        out.write("  \"file\": ")
        JSONValue.writeQuoted(l.file, to: &out)
        out.write(",\n")
        out.write(indent)
        out.write("  \"line\": ")
        out.write(String(l.line))
        out.write("\n")
        out.write(indent)
        out.write("}")
    }

    /// The summary's counts; `heldBack` only when some finding was held back.
    package static func summary(_ report: CheckReport) -> [String: JSONValue] {
        var s: [String: JSONValue] = [
            "errors": .int(report.count(.error)), "warnings": .int(report.count(.warning)),
            "notes": .int(report.count(.note)), "baselined": .int(report.baselined),
        ]
        if report.heldBack > 0 { s["heldBack"] = .int(report.heldBack) }
        return s
    }

    package static func document(_ report: CheckReport) -> JSONValue {
        .object([
            "version": .int(schemaVersion),
            "app": report.app.map { .string($0) } ?? .null,
            "scenarios": .array(report.scenarios.map { s in
                .object(["name": .string(s.name), "flags": .object(s.values.mapValues { .bool($0) })])
            }),
            "summary": .object(summary(report)),
            "findings": .array(report.findings.map(finding)),
            "staleBaseline": .strings(report.staleBaseline),
        ])
    }

    package static func finding(_ f: Finding) -> JSONValue {
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

/// The report's scenario names as items of a finding's `scenarios` (`        "name",\n` each,
/// escaped), made once per table of names the findings share: an all-combinations report writes a
/// million of them. `write` gives what `writeStrings` gives for the subset's names.
private struct ScenarioItems: Sendable {
    /// Per table: its items one after another, and where each starts (`start[i] ..< start[i + 1]`).
    private var tables: [ObjectIdentifier: (bytes: [UInt8], start: [Int])] = [:]

    init(_ findings: [Finding]) {
        for f in findings {
            guard let table = f.scenarioSubset?.table, tables[ObjectIdentifier(table)] == nil else { continue }
            var bytes: [UInt8] = [], start = [0]
            for name in table.names {
                bytes.append(contentsOf: "        \"".utf8)
                bytes.append(contentsOf: Escaping.json(name).utf8)
                bytes.append(contentsOf: "\",\n".utf8)
                start.append(bytes.count)
            }
            tables[ObjectIdentifier(table)] = (bytes, start)
        }
    }

    func write<Sink: ReportSink>(_ set: ScenarioSubset, to out: inout Sink) {
        if set.bits.isEmpty { return out.write("[]") }
        let (bytes, start) = tables[ObjectIdentifier(set.table)]!
        out.write("[\n")
        // Consecutive scenarios are consecutive items of the table: each run of them in one write
        // (a condition on one of the first flags is runs of hundreds of scenarios).
        let end = set.bits.last! + 1
        bytes.withUnsafeBufferPointer { items in
            set.bits.forEachRun { run in
                let lo = start[run.lowerBound], hi = start[run.upperBound]
                // The last one without its comma.
                out.write(utf8: UnsafeBufferPointer(rebasing: items[lo ..< (run.upperBound == end ? hi - 2 : hi)]))
            }
        }
        out.write("\n      ]")
    }
}
