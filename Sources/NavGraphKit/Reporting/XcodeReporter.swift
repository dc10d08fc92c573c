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
        for f in report.findings {
            out.write(line(f.location, f.severity.rawValue, "[\(f.ruleID)] \(Escaping.terminal(f.message))"))
            for n in f.notes {
                out.write(line(n.location ?? f.location, "note", Escaping.terminal(n.message)))
            }
        }
    }

    static func line(_ loc: SourceLocation?, _ kind: String, _ message: String) -> String {
        let prefix = loc.map { "\(Escaping.terminal($0.description)): " } ?? "navgraph: "
        return "\(prefix)\(kind): \(message)\n"
    }
}
