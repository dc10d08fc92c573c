import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph
import NavGraphChecks

/// GitLab code quality report (a JSON array), shown in merge-request widgets. The fingerprint is
/// a hash of rule id + subject, so a finding keeps its identity when code moves.
public enum GitLabReporter: Reporter {
    public static let identifier = "gitlab"
    public static let summary = "GitLab code quality JSON (fingerprint from rule + subject)"
    /// The path used for findings without a location (GitLab requires one).
    package static let noFile = "."

    public static func generateReport(_ report: CheckReport) -> String {
        var seen: [String: Int] = [:]
        let issues: [JSONValue] = report.findings.map { f in
            let identity = "\(f.ruleID)\u{0}\(f.subject)"
            let n = seen[identity, default: 0]
            seen[identity] = n + 1
            // Two findings with one identity still get distinct fingerprints, in a stable order.
            let fingerprint = StableHash.hex(n == 0 ? identity : "\(identity)\u{0}\(n)")
            return .object([
                "type": .string("issue"),
                "check_name": .string(f.ruleID),
                "description": .string("[\(f.ruleID)] \(f.message)"),
                "categories": .strings(["Bug Risk"]),
                "fingerprint": .string(fingerprint),
                "severity": .string(severity(f.severity)),
                "location": .object([
                    "path": .string(f.location?.file ?? noFile),
                    "lines": .object(["begin": .int(f.location?.line ?? 1)]),
                ]),
            ])
        }
        return JSONValue.array(issues).text
    }

    package static func severity(_ s: Severity) -> String {
        switch s {
        case .error: return "critical"
        case .warning: return "minor"
        case .note: return "info"
        }
    }
}
