import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph
import NavGraphChecks

/// GitHub Actions workflow commands: each finding becomes an annotation on the file and line
/// (`::error file=…,line=…,col=…,title=…::message`).
public enum GitHubActionsReporter: Reporter {
    public static let identifier = "github-actions"
    public static let summary = "GitHub Actions annotations (::error file=…,line=…::message)"

    public static func generateReport(_ report: CheckReport) -> String {
        var out = ""
        for f in report.findings {
            var props: [String] = []
            if let l = f.location {
                props += ["file=\(Escaping.workflowProperty(l.file))", "line=\(l.line)", "col=\(l.column)"]
            }
            props.append("title=\(Escaping.workflowProperty("navgraph \(f.ruleID)"))")
            var text = "[\(f.ruleID)] \(f.message)"
            for n in f.notes { text += "\n" + (n.location.map { "\($0): " } ?? "") + "note: " + n.message }
            out += "::\(command(f.severity)) \(props.joined(separator: ","))::\(Escaping.workflowData(text))\n"
        }
        return out
    }

    package static func command(_ s: Severity) -> String {
        switch s {
        case .error: return "error"
        case .warning: return "warning"
        case .note: return "notice"
        }
    }
}
