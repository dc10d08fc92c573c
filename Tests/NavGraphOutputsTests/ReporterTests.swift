import Foundation
import XCTest
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import NavGraphKit
import NavGraphTestSupport
@testable import NavGraphSupport
@testable import NavGraphModel
@testable import NavGraphSchema
@testable import NavGraphGraph
@testable import NavGraphChecks
@testable import NavGraphOutputs
@testable import NavGraphConfig

/// Every reporter on Examples/Broken.yml against its golden file, plus structural checks
/// (SARIF fields, XML that parses) and escaping of hostile names.
/// Regenerate the goldens with `NAVGRAPH_UPDATE_GOLDENS=1 swift test --filter ReporterTests`.
final class ReporterTests: XCTestCase {
    /// The broken example's report, with the path written relative to the repository (as CI passes it).
    static func brokenReport() throws -> CheckReport {
        let text = try String(contentsOfFile: examplePath("Broken.yml"), encoding: .utf8)
        let registry = try RegistryLoader().load(text: text, file: "Examples/Broken.yml")
        let findings = CheckRunner().run(NavGraph(registry: registry))
        return CheckReport(findings: findings, app: registry.app, scenarios: [FlagScenario.defaults(of: registry)])
    }

    static func goldenName(_ format: OutputFormat) -> String {
        let ext: String
        switch format {
        case .json, .sarif, .gitlab: ext = "json"
        case .junit, .checkstyle: ext = "xml"
        case .markdown: ext = "md"
        default: ext = "txt"
        }
        return "broken.\(format.rawValue).\(ext)"
    }

    func testEveryReporterMatchesItsGoldenFile() throws {
        let report = try Self.brokenReport()
        XCTAssertGreaterThan(report.findings.count, 10, "the broken example should trigger many rules")
        let update = ProcessInfo.processInfo.environment["NAVGRAPH_UPDATE_GOLDENS"] == "1"
        let sourceDir = repositoryRoot.appendingPathComponent("Tests/NavGraphOutputsTests/Fixtures/golden")
        for format in OutputFormat.allCases {
            let actual = format.generateReport(report)
            let name = Self.goldenName(format)
            if update {
                try Data(actual.utf8).write(to: sourceDir.appendingPathComponent(name))
                continue
            }
            let url = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/golden/\(name)")
            guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
                XCTFail("missing golden \(name); run NAVGRAPH_UPDATE_GOLDENS=1 swift test --filter ReporterTests")
                continue
            }
            if actual != expected {
                let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
                let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
                let i = (0..<min(a.count, e.count)).first { a[$0] != e[$0] } ?? min(a.count, e.count)
                XCTFail("\(format.rawValue) differs from \(name) at line \(i + 1):\n  got:      \(i < a.count ? String(a[i]) : "<end>")\n  expected: \(i < e.count ? String(e[i]) : "<end>")")
            }
        }
    }

    func testEveryFormatHasAUniqueIdentifierMatchingItsReporter() {
        for f in OutputFormat.allCases { XCTAssertEqual(f.reporter.identifier, f.rawValue) }
        XCTAssertEqual(Set(OutputFormat.identifiers).count, OutputFormat.allCases.count)
        guard case .failure(let e) = OutputFormat.named("sarf") else { return XCTFail("sarf is not a format") }
        XCTAssertTrue(e.description.contains("did you mean 'sarif'"), e.description)
    }

    func testSARIFHasTheRequiredStructureAndRuleIdsMatchTheResults() throws {
        let report = try Self.brokenReport()
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(SARIFReporter.generateReport(report).utf8)) as? [String: Any])
        XCTAssertEqual(json["version"] as? String, "2.1.0")
        XCTAssertNotNil(json["$schema"] as? String)
        let runs = try XCTUnwrap(json["runs"] as? [[String: Any]])
        XCTAssertEqual(runs.count, 1)
        let driver = try XCTUnwrap((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
        XCTAssertEqual(driver["name"] as? String, "navgraph")
        let rules = try XCTUnwrap(driver["rules"] as? [[String: Any]])
        let ruleIDs = rules.compactMap { $0["id"] as? String }
        XCTAssertEqual(ruleIDs.count, rules.count)
        XCTAssertEqual(Set(ruleIDs), Set(CheckRunner.allDescriptions.map(\.id)))
        for rule in rules {
            for key in ["shortDescription", "fullDescription", "help"] {
                let text = (rule[key] as? [String: Any])?["text"] as? String
                XCTAssertFalse(text?.isEmpty ?? true, "\(rule["id"] ?? "?") lacks \(key).text")
            }
        }
        let results = try XCTUnwrap(runs[0]["results"] as? [[String: Any]])
        XCTAssertEqual(results.count, report.findings.count)
        for (r, f) in zip(results, report.findings) {
            let id = try XCTUnwrap(r["ruleId"] as? String)
            XCTAssertEqual(id, f.ruleID)
            let index = try XCTUnwrap(r["ruleIndex"] as? Int)
            XCTAssertEqual(ruleIDs[index], id, "ruleIndex must point at the result's rule")
            XCTAssertTrue(["error", "warning", "note"].contains(r["level"] as? String ?? ""))
            XCTAssertEqual((r["message"] as? [String: Any])?["text"] as? String, f.message)
            if let loc = f.location {
                let physical = try XCTUnwrap(((r["locations"] as? [[String: Any]])?.first)?["physicalLocation"] as? [String: Any])
                XCTAssertEqual((physical["artifactLocation"] as? [String: Any])?["uri"] as? String, loc.file)
                let region = try XCTUnwrap(physical["region"] as? [String: Any])
                XCTAssertEqual(region["startLine"] as? Int, loc.line)
                XCTAssertEqual(region["startColumn"] as? Int, loc.column)
            }
            XCTAssertEqual((r["relatedLocations"] as? [Any])?.count ?? 0, f.notes.count)
        }
        XCTAssertTrue(results.contains { ($0["relatedLocations"] as? [Any])?.isEmpty == false }, "notes become related locations")
    }

    #if canImport(FoundationXML) || os(macOS)
    func testJUnitParsesWithOneTestCasePerRuleAndAFailurePerFinding() throws {
        let report = try Self.brokenReport()
        let doc = try XMLDocument(data: Data(JUnitReporter.generateReport(report).utf8))
        let cases = try doc.nodes(forXPath: "//testcase").compactMap { $0 as? XMLElement }
        XCTAssertEqual(cases.compactMap { $0.attribute(forName: "name")?.stringValue }, CheckRunner.allDescriptions.map(\.id))
        let failures = try doc.nodes(forXPath: "//failure")
        XCTAssertEqual(failures.count, report.findings.count)
        let suite = try XCTUnwrap(try doc.nodes(forXPath: "//testsuite").first as? XMLElement)
        XCTAssertEqual(suite.attribute(forName: "failures")?.stringValue, "\(report.findings.count)")
        for c in cases {
            let id = c.attribute(forName: "name")!.stringValue!
            XCTAssertEqual(c.elements(forName: "failure").count, report.findings.filter { $0.ruleID == id }.count, id)
        }
    }

    func testCheckstyleParsesWithEveryFindingUnderItsFile() throws {
        let report = try Self.brokenReport()
        let doc = try XMLDocument(data: Data(CheckstyleReporter.generateReport(report).utf8))
        let errors = try doc.nodes(forXPath: "//file/error").compactMap { $0 as? XMLElement }
        XCTAssertEqual(errors.count, report.findings.count)
        for e in errors {
            let file = (e.parent as? XMLElement)?.attribute(forName: "name")?.stringValue
            let source = e.attribute(forName: "source")?.stringValue ?? ""
            let rule = String(source.dropFirst("navgraph.".count))
            XCTAssertTrue(report.findings.contains { $0.ruleID == rule && ($0.location?.file ?? CheckstyleReporter.noFile) == file }, source)
        }
    }

    func testHostileNamesSurviveXMLEscaping() throws {
        let report = Self.hostileReport()
        for text in [JUnitReporter.generateReport(report), CheckstyleReporter.generateReport(report)] {
            let doc = try XMLDocument(data: Data(text.utf8))
            let messages = try doc.nodes(forXPath: "//failure/@message | //error/@message").compactMap(\.stringValue)
            XCTAssertEqual(messages.count, 1, text)
            XCTAssertTrue(messages[0].hasSuffix(Self.hostile.replacingOccurrences(of: "\u{1B}", with: "\u{FFFD}")), messages[0])
        }
    }
    #endif

    // MARK: - Escaping of untrusted names

    static let hostile = "a|b <img src=x onerror=alert(1)> & \"q\" 'p' 100%,x:y\nsecond line @all **bold** `code`\u{1B}[31m"

    static func hostileReport() -> CheckReport {
        let f = Finding(
            ruleID: "unknown-reference", severity: .error, message: hostile,
            location: SourceLocation(file: "dir, a:b/my file#1.yml", line: 3, column: 7), subject: "feature:\(hostile)",
            notes: [Finding.Note("note \(hostile)")])
        return CheckReport(findings: [f], app: "App<&>")
    }

    func testJSONReportsKeepHostileTextExactly() throws {
        let report = Self.hostileReport()
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(JSONReporter.generateReport(report).utf8)) as? [String: Any])
        let finding = try XCTUnwrap((json["findings"] as? [[String: Any]])?.first)
        XCTAssertEqual(finding["message"] as? String, Self.hostile)
        XCTAssertEqual(finding["subject"] as? String, "feature:\(Self.hostile)")
        XCTAssertEqual(json["app"] as? String, "App<&>")
        let gitlab = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(GitLabReporter.generateReport(report).utf8)) as? [[String: Any]])
        XCTAssertEqual(gitlab.first?["description"] as? String, "[unknown-reference] \(Self.hostile)")
        let sarif = SARIFReporter.generateReport(report)
        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(sarif.utf8)))
        XCTAssertTrue(sarif.contains("\"uri\": \"dir,%20a:b/my%20file%231.yml\""), sarif)
    }

    /// The JSON reporter streams its findings; the bytes are those of the whole document built as a
    /// `JSONValue` tree (sorted keys, same indentation) for every shape a report takes: the broken example,
    /// hostile text, no findings, no app, findings with scenarios and without a location, a stale baseline.
    func testTheStreamedJSONReportIsTheTreesBytes() throws {
        var reports = [try Self.brokenReport(), Self.hostileReport(), CheckReport(findings: [], app: nil)]
        var partial = Finding(
            ruleID: "unreachable-feature", severity: .warning, message: "m", location: nil, subject: "feature:X",
            elements: ["X", "Y"], notes: [Finding.Note("n1"), Finding.Note("n2", location: SourceLocation(file: "f.yml", line: 1, column: 2))])
        partial.scenarios = ["a=on", "b=off"]
        let scenario = FlagScenario(name: "s", values: ["b": true, "a": false])
        reports.append(CheckReport(findings: [partial, partial], app: "A", scenarios: [scenario], staleBaseline: ["r x"], baselined: 3))
        // Scenarios without flags, with one, with hostile flag names, and many of them (flag names
        // repeat in every scenario).
        let hostileFlags = FlagScenario(name: Self.hostile, values: [Self.hostile: true, "b\"\\": false, "a": true])
        let many4 = (0..<16).map { mask in
            FlagScenario(name: "m\(mask)", values: Dictionary(uniqueKeysWithValues: ["f1", "f0", "é", "Z"].enumerated().map { ($1, mask & (1 << $0) != 0) }))
        }
        reports.append(CheckReport(
            findings: [partial], app: nil,
            scenarios: [FlagScenario(name: "default", values: [:]), FlagScenario(name: "one", values: ["x": false]), hostileFlags] + many4,
            staleBaseline: ["a b", Self.hostile, "z"], baselined: 0))
        // Big reports are made on two threads (from a megabyte on, in blocks of about a megabyte,
        // the other thread's blocks in two buffers it reuses): many findings (eight blocks), and
        // few huge ones.
        let many = (0..<20000).map { i in
            Finding(ruleID: "unused-route", severity: .warning, message: "route r\(i) is never opened " + String(repeating: "x", count: i % 300),
                    location: SourceLocation(file: "big.yml", line: i + 1, column: 3), subject: "r\(i)", elements: ["r\(i)"])
        }
        reports.append(CheckReport(findings: many, app: "Big"))
        var huge = partial
        huge.scenarios = (0..<40000).map { "flag\($0)=on" }
        reports.append(CheckReport(findings: [partial, huge, partial, huge, partial], app: "Huge", scenarios: [scenario]))
        let blocks = ReportHalves.cut(many)
        XCTAssertGreaterThanOrEqual(blocks.count, 5, "a report of several megabytes is cut every megabyte")
        XCTAssertEqual(blocks, blocks.sorted())
        XCTAssertTrue(blocks.allSatisfy { $0 > 0 && $0 < many.count })
        XCTAssertEqual(ReportHalves.cut([partial, partial]), [], "a small one is not")
        for report in reports {
            XCTAssertEqual(JSONReporter.generateReport(report), JSONReporter.document(report).text)
            var sink = ""
            OutputFormat.json.write(report, to: &sink)
            XCTAssertEqual(sink, JSONReporter.document(report).text)
            // Through a file descriptor, as the CLI writes it (a block of a megabyte or more goes
            // to the descriptor without the writer's buffer): the same bytes.
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-report-\(UUID().uuidString).json")
            XCTAssertTrue(FileManager.default.createFile(atPath: url.path, contents: nil))
            let handle = try XCTUnwrap(FileHandle(forWritingAtPath: url.path))
            var file = BufferedFileWriter(fileDescriptor: handle.fileDescriptor)
            OutputFormat.json.write(report, to: &file)
            file.flush()
            try handle.close()
            XCTAssertEqual(try String(contentsOf: url, encoding: .utf8), JSONReporter.document(report).text)
            try? FileManager.default.removeItem(at: url)
            // The Xcode lines are made on two threads the same way: the same text, line by line.
            func line(_ loc: SourceLocation?, _ kind: String, _ message: String) -> String {
                "\(loc.map { Escaping.terminal($0.description) + ": " } ?? "navgraph: ")\(kind): \(message)\n"
            }
            let lines = report.findings.map { f in
                line(f.location, f.severity.rawValue, "[\(f.ruleID)] \(Escaping.terminal(f.message))")
                    + f.notes.map { line($0.location ?? f.location, "note", Escaping.terminal($0.message)) }.joined()
            }
            XCTAssertEqual(XcodeReporter.generateReport(report), lines.joined())
        }
    }

    func testGitHubActionsCommandIsOneLineWithEscapedPropertiesAndData() {
        let out = GitHubActionsReporter.generateReport(Self.hostileReport())
        XCTAssertEqual(out.filter { $0 == "\n" }.count, 1, out)
        XCTAssertTrue(out.hasPrefix("::error file=dir%2C a%3Ab/my file#1.yml,line=3,col=7,title=navgraph unknown-reference::"), out)
        XCTAssertTrue(out.contains("100%25,x:y%0Asecond line"), out)
        XCTAssertTrue(out.contains("%0Anote: note a|b"), out)
        XCTAssertFalse(out.contains("\u{1B}"), "no raw escape sequences in the log")
    }

    func testMarkdownCellsCannotBreakTheTableOrInjectHTML() {
        let out = MarkdownReporter.generateReport(Self.hostileReport())
        let rows = out.split(separator: "\n").filter { $0.hasPrefix("| ") }
        XCTAssertEqual(rows.count, 2, out)  // header + one finding
        let row = String(rows[1])
        // Unescaped pipes are exactly the five cell borders.
        var borders = 0
        var previous: Character = " "
        for c in row {
            if c == "|" && previous != "\\" { borders += 1 }
            previous = c
        }
        XCTAssertEqual(borders, 5, row)
        XCTAssertFalse(row.contains("<img"), row)
        XCTAssertTrue(row.contains("&lt;img"), row)
        XCTAssertTrue(row.contains("&#64;all"), row)
        XCTAssertTrue(row.contains("\\*\\*bold\\*\\*"), row)
        XCTAssertTrue(row.contains("<br>second line"), row)
    }

    func testSummaryCountsPerRuleAndSeverity() throws {
        let report = try Self.brokenReport()
        let out = SummaryReporter.generateReport(report)
        for id in Set(report.findings.map(\.ruleID)) {
            let n = report.findings.filter { $0.ruleID == id }.count
            let line = try XCTUnwrap(out.split(separator: "\n").first { $0.hasPrefix(id + " ") }, id)
            XCTAssertEqual(line.split(separator: " ").last.map(String.init), "\(n)", String(line))
        }
        let total = try XCTUnwrap(out.split(separator: "\n").first { $0.hasPrefix("total") })
        XCTAssertEqual(total.split(separator: " ").last.map(String.init), "\(report.findings.count)")
    }

    func testGitLabFingerprintsAreStableAndUnique() throws {
        let report = try Self.brokenReport()
        let issues = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(GitLabReporter.generateReport(report).utf8)) as? [[String: Any]])
        let prints = issues.compactMap { $0["fingerprint"] as? String }
        XCTAssertEqual(prints.count, report.findings.count)
        XCTAssertEqual(Set(prints).count, prints.count, "fingerprints must be unique")
        // Moving an element (another line) keeps its fingerprint: it hashes rule + subject only.
        var moved = report
        moved.findings = moved.findings.map { f in
            var f = f
            f.location?.line += 100
            return f
        }
        let again = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(GitLabReporter.generateReport(moved).utf8)) as? [[String: Any]])
        XCTAssertEqual(again.compactMap { $0["fingerprint"] as? String }, prints)
    }
}
