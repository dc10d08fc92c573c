import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph
import NavGraphChecks

/// Counts per rule and severity: a short table for logs and dashboards.
public enum SummaryReporter: Reporter {
    public static let identifier = "summary"
    public static let summary = "Counts of findings per rule and severity"

    public static func generateReport(_ report: CheckReport) -> String {
        var counts: [String: [Severity: Int]] = [:]
        for f in report.findings { counts[f.ruleID, default: [:]][f.severity, default: 0] += 1 }
        let header = ["rule", "error", "warning", "note", "total"]
        var rows: [[String]] = counts.keys.sorted().map { id in
            let c = counts[id]!
            let e = c[.error] ?? 0, w = c[.warning] ?? 0, n = c[.note] ?? 0
            return [Escaping.terminal(id), "\(e)", "\(w)", "\(n)", "\(e + w + n)"]
        }
        let e = report.count(.error), w = report.count(.warning), n = report.count(.note)
        rows.append(["total", "\(e)", "\(w)", "\(n)", "\(e + w + n)"])
        let all = [header] + rows
        let widths = header.indices.map { i in all.map { $0[i].count }.max() ?? 0 }
        func line(_ r: [String]) -> String {
            r.indices.map { i in
                let pad = String(repeating: " ", count: widths[i] - r[i].count)
                return i == 0 ? r[i] + pad : pad + r[i]
            }.joined(separator: "  ") + "\n"
        }
        var out = "navgraph: \(report.countsText)\n\n" + all.map(line).joined()
        if report.baselined > 0 || !report.staleBaseline.isEmpty {
            out += "\nbaseline: \(report.baselined) hidden, \(report.staleBaseline.count) stale\n"
        }
        return out
    }
}
