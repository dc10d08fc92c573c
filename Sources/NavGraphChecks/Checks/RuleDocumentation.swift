import Foundation
import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph

/// The rules as a Markdown page (docs/checks.md), made from the rules' own descriptions so
/// the documentation cannot drift from the code.
public enum RuleDocumentation {
    public static func markdown(_ rules: [CheckDescription]) -> String {
        var out = """
            # Rules

            Made by `navgraph rules --markdown`; a test keeps this page equal to the code.
            Each rule has a stable id (use it in `ignore:`, `.navgraph.yml` and baselines), a default
            severity, the runtime failure it prevents, and examples that are also its tests.

            | rule | severity | what it finds |
            |---|---|---|

            """
        for d in rules {
            out += "| [`\(d.id)`](#\(d.id)) | \(d.severity.rawValue)\(d.optIn ? " (opt-in)" : "") | \(d.summary.replacingOccurrences(of: "|", with: "\\|")) |\n"
        }
        for d in rules {
            out += "\n## \(d.id)\n\n**\(d.name)** — default severity: \(d.severity.rawValue)\(d.dependsOnFlags ? "; checked under each flag scenario" : "").\n\n\(d.explanation)\n"
            for (title, examples) in [("Triggers", d.triggering), ("Does not trigger", d.nonTriggering)] {
                for e in examples {
                    out += "\n\(title)"
                    if !e.subjects.isEmpty { out += " (reports \(e.subjects.map { "`\($0)`" }.joined(separator: ", ")))" }
                    out += ":\n\n```yaml\n\(e.yaml)\n```\n"
                }
            }
        }
        return out
    }
}
