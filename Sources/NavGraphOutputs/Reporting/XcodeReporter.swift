import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph
import NavGraphChecks

/// `path:line:col: error: [rule-id] message`, with `note:` lines for the explaining path —
/// the format Xcode and most CI logs turn into links.
public enum XcodeReporter: Reporter {
    public static let identifier = "xcode"
    public static let summary = "Compiler-style lines: path:line:col: severity: [rule-id] message (default)"

    public static func generateReport(_ report: CheckReport) -> String {
        var out = ""
        write(report, to: &out)
        return out
    }

    public static func write<Sink: ReportSink>(_ report: CheckReport, to out: inout Sink) {
        let findings = report.findings
        // A big report is made on two cores (7,500 findings at 100k features: a twentieth of a check).
        ReportHalves.write(
            findings.count, cut: ReportHalves.cut(findings), to: &out, first: { i, out in write(findings[i], to: &out) },
            second: { i, out in write(findings[i], to: &out) })
    }

    /// A finding's line and its notes' lines, piece by piece (not concatenated first).
    private static func write<Sink: ReportSink>(_ f: Finding, to out: inout Sink) {
        writePrefix(f.location, f.severity.rawValue, to: &out)
        out.write("[")
        out.write(f.ruleID)
        out.write("] ")
        out.write(Escaping.terminal(f.message))
        out.write("\n")
        for n in f.notes {
            writePrefix(n.location ?? f.location, "note", to: &out)
            out.write(Escaping.terminal(n.message))
            out.write("\n")
        }
    }

    /// `path:line:col: kind: ` (or `navgraph: kind: ` with no location).
    private static func writePrefix<Sink: ReportSink>(_ loc: SourceLocation?, _ kind: String, to out: inout Sink) {
        if let loc {
            out.write(Escaping.terminal(loc.description))
            out.write(": ")
        } else {
            out.write("navgraph: ")
        }
        out.write(kind)
        out.write(": ")
    }
}
