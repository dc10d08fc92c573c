import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph
import NavGraphChecks

/// JUnit XML for CI test tabs: one test case per rule that ran, one `<failure>` per finding.
public enum JUnitReporter: Reporter {
    public static let identifier = "junit"
    public static let summary = "JUnit XML: a test case per rule, a failure per finding"

    public static func generateReport(_ report: CheckReport) -> String {
        let rules = report.rules.map(\.id).sorted()
        var byRule: [String: [Finding]] = [:]
        for f in report.findings { byRule[f.ruleID, default: []].append(f) }
        // A finding of a rule not in the list (should not happen) still gets its test case.
        let ids = Array(Set(rules).union(byRule.keys)).sorted()
        let failures = report.findings.count
        let x = Escaping.xml
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"navgraph\" tests=\"\(ids.count)\" failures=\"\(failures)\" errors=\"0\">\n"
        out += "  <testsuite name=\"\(x(report.app.map { "navgraph \($0)" } ?? "navgraph"))\" tests=\"\(ids.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\">\n"
        for id in ids {
            let found = byRule[id] ?? []
            if found.isEmpty {
                out += "    <testcase classname=\"navgraph\" name=\"\(x(id))\"/>\n"
                continue
            }
            out += "    <testcase classname=\"navgraph\" name=\"\(x(id))\">\n"
            for f in found {
                var body = (f.location.map { "\($0): " } ?? "") + f.message
                for n in f.notes { body += "\n" + (n.location.map { "\($0): " } ?? "") + "note: " + n.message }
                out += "      <failure type=\"\(f.severity.rawValue)\" message=\"\(x(f.message))\">\(x(body))</failure>\n"
            }
            out += "    </testcase>\n"
        }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }
}
