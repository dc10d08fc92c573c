import Foundation
import XCTest
#if canImport(FoundationXML)
import FoundationXML
#endif

/// End to end: the real binary, its output and its exit codes (0 clean, 1 findings, 2 bad input).
final class CheckCommandTests: XCTestCase {
    /// Only a warning (an unused route): exit code depends on --strict.
    static let warningsOnly = """
        navgraph: 1
        entries: [{feature: Home}]
        routes: [{id: old}]
        features: [{name: Home}]
        """

    /// `NAVGRAPH_TIMING=1` adds the stage table to standard error and changes nothing else; the
    /// process still ends with check's exit code (it exits without freeing the model).
    func testTimingTableOnRequest() throws {
        let plain = try NavGraphBinary.run(["check", "Examples/Broken.yml", "--reporter", "json"])
        let timed = try NavGraphBinary.run(["check", "Examples/Broken.yml", "--reporter", "json"], environment: ["NAVGRAPH_TIMING": "1"])
        XCTAssertEqual(plain.status, 1)
        XCTAssertEqual(timed.status, 1)
        XCTAssertEqual(timed.stdout, plain.stdout)
        XCTAssertFalse(plain.stderr.contains("navgraph timing"), plain.stderr)
        XCTAssertTrue(timed.stderr.hasPrefix(plain.stderr), timed.stderr)
        let table = timed.stderr.dropFirst(plain.stderr.count)
        XCTAssertTrue(table.hasPrefix("navgraph timing (NAVGRAPH_TIMING)"), String(table))
        for stage in ["  load\n", "  graph build\n", "  graph build: edge rows\n", "  rule missing-fallback\n", "  checks: reachability under default\n", "  report\n"] {
            XCTAssertTrue(table.contains(stage), "no \(stage) in \(table)")
        }
        let clean = try NavGraphBinary.run(["check", "Examples/ShopApp.yml"], environment: ["NAVGRAPH_TIMING": "0"])
        XCTAssertEqual(clean.status, 0)
        XCTAssertFalse(clean.stderr.contains("navgraph timing"), clean.stderr)
    }

    func testExitCodes() throws {
        let clean = try NavGraphBinary.run(["check", "Examples/ShopApp.yml"])
        XCTAssertEqual(clean.status, 0, clean.stderr)
        XCTAssertEqual(clean.stdout, "")
        XCTAssertTrue(clean.stderr.contains("no findings"), clean.stderr)

        let broken = try NavGraphBinary.run(["check", "Examples/Broken.yml"])
        XCTAssertEqual(broken.status, 1, broken.stderr)
        XCTAssertTrue(broken.stdout.contains("Examples/Broken.yml:"), broken.stdout)
        XCTAssertTrue(broken.stdout.contains(": error: [duplicate-route]"), broken.stdout)

        let missing = try NavGraphBinary.run(["check", "Examples/NoSuchFile.yml"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("no such file or directory"), missing.stderr)

        let badReporter = try NavGraphBinary.run(["check", "Examples/Broken.yml", "--reporter", "sarf"])
        XCTAssertEqual(badReporter.status, 2)
        XCTAssertTrue(badReporter.stderr.contains("did you mean 'sarif'"), badReporter.stderr)

        let badReport = try NavGraphBinary.run(["check", "Examples/Broken.yml", "--report", "sarif"])
        XCTAssertEqual(badReport.status, 2)
        XCTAssertTrue(badReport.stderr.contains("NAME:PATH"), badReport.stderr)
    }

    func testStrictFromFlagAndConfigWithCommandLinePrecedence() throws {
        let dir = try NavGraphBinary.temporaryDirectory(self)
        try dir.write("nav/registry.yml", Self.warningsOnly)
        var r = try NavGraphBinary.run(["check", "nav/registry.yml"], in: dir)
        XCTAssertEqual(r.status, 0, "warnings alone pass: \(r.stderr)")
        XCTAssertTrue(r.stdout.contains("warning: [unused-route]"), r.stdout)
        r = try NavGraphBinary.run(["check", "nav/registry.yml", "--strict"], in: dir)
        XCTAssertEqual(r.status, 1, "--strict fails on warnings")

        try dir.write(".navgraph.yml", "registries: [nav/registry.yml]\nstrict: true\n")
        r = try NavGraphBinary.run(["check"], in: dir)
        XCTAssertEqual(r.status, 1, "strict from the config file, registries from the config file: \(r.stderr)")
        r = try NavGraphBinary.run(["check", "--no-strict"], in: dir)
        XCTAssertEqual(r.status, 0, "the command line wins over the file: \(r.stderr)")
    }

    func testConfigRulesExcludesScenariosAndUnknownKeyWarnings() throws {
        let dir = try NavGraphBinary.temporaryDirectory(self)
        try dir.write("registry.yml", """
            navgraph: 1
            entries: [{feature: Home}]
            flags: {beta: true}
            routes: [{id: old}, {id: beta}, {id: extra}]
            handlers: [{name: H, routes: {beta: Beta, extra: Extra}}]
            features:
              - {name: Home, navigates: [beta]}
              - {name: Beta, enabled: "flag:beta", fallback: Home, navigates: [extra]}
              - {name: Extra}
            """)
        try dir.write("ci/navgraph.yml", """
            registries: [../registry.yml]
            rules:
              unused-route: {enabled: false}
              fallback-problem: {severity: note}
            scenarios:
              beta_on: {beta: true}
              beta_off: {beta: false}
            reporter: json
            strict: true
            repoter: xcode
            reports: {junit: out/junit.xml}
            """)
        let r = try NavGraphBinary.run(["check", "--config", "ci/navgraph.yml"], in: dir)
        XCTAssertTrue(r.stderr.contains("ci/navgraph.yml:10:1: warning: unknown key 'repoter' in the configuration; did you mean 'reporter'?"), r.stderr)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any], "reporter from the config: \(r.stdout)")
        XCTAssertEqual((json["scenarios"] as? [[String: Any]])?.compactMap { $0["name"] as? String }, ["beta_on", "beta_off"])
        let findings = try XCTUnwrap(json["findings"] as? [[String: Any]])
        XCTAssertFalse(findings.contains { $0["rule"] as? String == "unused-route" }, "disabled by the config")
        let unreachable = findings.first { $0["rule"] as? String == "unreachable-feature" }
        XCTAssertEqual(unreachable?["scenarios"] as? [String], ["beta_off"], "\(findings)")
        XCTAssertEqual(unreachable?["severity"] as? String, "warning", "dead only under some flags")
        XCTAssertEqual(r.status, 1, "strict from the config: the beta_off warning fails")
        XCTAssertTrue(try dir.read("ci/out/junit.xml").contains("<testcase classname=\"navgraph\" name=\"unreachable-feature\">"),
                      "report paths in the config are relative to the config file")
    }

    func testSeveralReportsInOneRunBesidesTheConsole() throws {
        let dir = try NavGraphBinary.temporaryDirectory(self)
        let sarif = dir.appendingPathComponent("out/navgraph.sarif").path
        let junit = dir.appendingPathComponent("out/junit.xml").path
        let md = dir.appendingPathComponent("md/report.md").path
        let r = try NavGraphBinary.run([
            "check", "Examples/Broken.yml", "--report", "sarif:\(sarif)", "--report", "junit:\(junit)", "--report", "markdown:\(md)",
        ])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stdout.contains(": error: [duplicate-route]"), "console reporter unchanged")
        let sarifJSON = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: sarif))) as? [String: Any])
        XCTAssertEqual(sarifJSON["version"] as? String, "2.1.0")
        #if canImport(FoundationXML) || os(macOS)
        let doc = try XMLDocument(contentsOf: URL(fileURLWithPath: junit))
        XCTAssertEqual(try doc.nodes(forXPath: "//failure").count, r.stdout.split(separator: "\n").filter { !$0.contains(": note: ") }.count)
        #endif
        XCTAssertTrue(try String(contentsOfFile: md, encoding: .utf8).contains("| Severity | Rule | Location | Message |"))
        XCTAssertFalse(try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("out").path).contains { $0.contains(".tmp-") },
                       "atomic writes leave no temporary files")
    }

    func testReportFilesAreReplacedOnTheNextRun() throws {
        let dir = try NavGraphBinary.temporaryDirectory(self)
        try dir.write("r.yml", Self.warningsOnly)
        try dir.write("out/r.json", "old")
        for run in 1...2 {
            let r = try NavGraphBinary.run(["check", "r.yml", "--report", "json:out/r.json"], in: dir)
            XCTAssertEqual(r.status, 0, "run \(run): \(r.stderr)")
            XCTAssertTrue(try dir.read("out/r.json").contains("\"rule\": \"unused-route\""), "run \(run)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("out").path), ["r.json"])
    }

    /// A report into a FIFO (as into /dev/null or /dev/stdout) is written in place: an atomic
    /// rename would replace the special file with a regular one.
    func testReportIntoAFIFOKeepsTheFIFO() throws {
        let dir = try NavGraphBinary.temporaryDirectory(self)
        try dir.write("r.yml", Self.warningsOnly)
        let fifo = dir.appendingPathComponent("pipe").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        final class Box: @unchecked Sendable { var text = "" }
        let box = Box()
        let reader = Thread {
            if let h = FileHandle(forReadingAtPath: fifo) { box.text = String(decoding: h.readDataToEndOfFile(), as: UTF8.self) }
        }
        reader.start()
        let r = try NavGraphBinary.run(["check", "r.yml", "--report", "json:pipe"], in: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        while !reader.isFinished { usleep(10_000) }
        XCTAssertTrue(box.text.contains("\"rule\": \"unused-route\""), box.text)
        var info = stat()
        XCTAssertEqual(stat(fifo, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO, "the FIFO is still a FIFO")
    }

    func testEveryReporterRunsFromTheCommandLine() throws {
        for name in ["xcode", "json", "sarif", "junit", "github-actions", "checkstyle", "markdown", "gitlab", "summary"] {
            let r = try NavGraphBinary.run(["check", "Examples/Broken.yml", "--reporter", name])
            XCTAssertEqual(r.status, 1, "\(name): \(r.stderr)")
            XCTAssertFalse(r.stdout.isEmpty, name)
        }
        let gh = try NavGraphBinary.run(["check", "Examples/Broken.yml", "--reporter", "github-actions"])
        XCTAssertTrue(gh.stdout.split(separator: "\n").allSatisfy { $0.hasPrefix("::error ") || $0.hasPrefix("::warning ") || $0.hasPrefix("::notice ") }, gh.stdout)
        XCTAssertTrue(gh.stdout.contains("::error file=Examples/Broken.yml,line="), gh.stdout)
    }

    func testBaselineHidesKnownFindingsAndListsStaleOnes() throws {
        let dir = try NavGraphBinary.temporaryDirectory(self)
        try dir.write("r.yml", """
            navgraph: 1
            entries: [{feature: Home}]
            routes: [{id: old_unused}]
            features: [{name: Home}, {name: Orphan}]
            """)
        var r = try NavGraphBinary.run(["check", "r.yml", "--write-baseline", "baseline.json"], in: dir)
        XCTAssertEqual(r.status, 0, "everything is in the new baseline: \(r.stderr)")
        XCTAssertTrue(r.stderr.contains("wrote 2 baseline entries to baseline.json"), r.stderr)
        XCTAssertTrue(try dir.read("baseline.json").contains("\"navgraphBaseline\": 1"))

        // Fix one (old_unused), add one (new_unused), move the rest.
        try dir.write("r.yml", """
            navgraph: 1
            features: [{name: Orphan}, {name: Home}]
            routes: [{id: new_unused}]
            entries: [{feature: Home}]
            """)
        r = try NavGraphBinary.run(["check", "r.yml", "--baseline", "baseline.json"], in: dir)
        let reported = r.stdout.split(separator: "\n").filter { !$0.contains(": note: ") }
        XCTAssertEqual(reported.count, 1, r.stdout)
        XCTAssertTrue(reported[0].contains("[unused-route]") && reported[0].contains("new_unused"), r.stdout)
        XCTAssertTrue(r.stderr.contains("stale baseline entry, the finding no longer occurs: [unused-route]"), r.stderr)
        XCTAssertTrue(r.stderr.contains("old_unused"), r.stderr)
        XCTAssertTrue(r.stderr.contains("baseline hid 1, 1 stale"), r.stderr)

        let json = try NavGraphBinary.run(["check", "r.yml", "--baseline", "baseline.json", "--reporter", "json"], in: dir)
        let doc = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual((doc["staleBaseline"] as? [String])?.count, 1)
        XCTAssertEqual((doc["summary"] as? [String: Any])?["baselined"] as? Int, 1)

        let bad = try NavGraphBinary.run(["check", "r.yml", "--baseline", "missing.json"], in: dir)
        XCTAssertEqual(bad.status, 2, bad.stderr)
    }
}
