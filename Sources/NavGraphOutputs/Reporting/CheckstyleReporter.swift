import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph
import NavGraphChecks

/// Checkstyle XML (version 4.3), read by Jenkins, Danger, reviewdog and many others:
/// findings grouped per file, files sorted.
public enum CheckstyleReporter: Reporter {
    public static let identifier = "checkstyle"
    public static let summary = "Checkstyle XML, findings grouped by file"
    /// The file name used for findings without a location.
    package static let noFile = "navgraph"

    public static func generateReport(_ report: CheckReport) -> String {
        var byFile: [String: [Finding]] = [:]
        for f in report.findings { byFile[f.location?.file ?? noFile, default: []].append(f) }
        let x = Escaping.xml
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n"
        for file in byFile.keys.sorted() {
            out += "  <file name=\"\(x(file))\">\n"
            for f in byFile[file]! {
                var attrs = ""
                if let l = f.location { attrs += "line=\"\(l.line)\" column=\"\(l.column)\" " }
                out += "    <error \(attrs)severity=\"\(severity(f.severity))\" message=\"\(x("[\(f.ruleID)] \(f.message)"))\" source=\"navgraph.\(x(f.ruleID))\"/>\n"
            }
            out += "  </file>\n"
        }
        return out + "</checkstyle>\n"
    }

    package static func severity(_ s: Severity) -> String {
        switch s {
        case .error: return "error"
        case .warning: return "warning"
        case .note: return "info"
        }
    }
}
