import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph
import NavGraphChecks

/// A Markdown table for pull-request comments. Every cell is escaped: names cannot break the
/// table, inject HTML, or @-mention anyone.
public enum MarkdownReporter: Reporter {
    public static let identifier = "markdown"
    public static let summary = "A Markdown table for pull-request comments"

    public static func generateReport(_ report: CheckReport) -> String {
        let cell = Escaping.markdownCell
        var out = "### navgraph: \(report.countsText)\n\n"
        if report.findings.isEmpty {
            out += "No findings.\n"
        } else {
            out += "| Severity | Rule | Location | Message |\n|---|---|---|---|\n"
            for f in report.findings {
                var message = cell(f.message)
                for n in f.notes { message += "<br>↳ " + cell((n.location.map { "\($0): " } ?? "") + n.message) }
                out += "| \(f.severity.rawValue) | \(cell(f.ruleID)) | \(cell(f.location?.description ?? "")) | \(message) |\n"
            }
        }
        if report.baselined > 0 { out += "\n\(report.baselined) known finding\(report.baselined == 1 ? "" : "s") hidden by the baseline.\n" }
        if !report.staleBaseline.isEmpty {
            out += "\nStale baseline entries (fixed; remove them from the baseline):\n\n"
            for s in report.staleBaseline { out += "- \(cell(s))\n" }
        }
        return out
    }
}
