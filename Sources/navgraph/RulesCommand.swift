import ArgumentParser
import Foundation
import NavGraphKit

/// `navgraph rules [RULE-ID]`: what each rule prevents, with its examples.
struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List every rule, or explain one with its triggering and non-triggering examples."
    )

    @Argument(help: "A rule id to explain.")
    var rule: String?

    @Flag(help: "Print every rule as Markdown (docs/checks.md is made this way).")
    var markdown = false

    func run() throws {
        let all = CheckRunner.allDescriptions
        if markdown {
            CLIOutput.stdout(RuleDocumentation.markdown(all))
            return
        }
        guard let rule else {
            let width = all.map(\.id.count).max() ?? 0
            var out = ""
            for d in all {
                let pad = String(repeating: " ", count: width - d.id.count)
                out += "\(d.id)\(pad)  \(d.severity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0))  \(d.summary)\(d.optIn ? " (opt-in)" : "")\n"
            }
            CLIOutput.stdout(out)
            return
        }
        guard let d = CheckRunner.description(of: rule) else {
            throw ValidationError("no rule '\(rule)'\(NameSuggestion.hint(for: rule, in: all.map(\.id))). Run 'navgraph rules' for the list.")
        }
        var out = "\(d.id) — \(d.name)\nDefault severity: \(d.severity.rawValue)\(d.optIn ? " (opt-in)" : "")\(d.dependsOnFlags ? "; checked per flag scenario" : "")\n\n\(d.explanation)\n"
        for (title, examples) in [("Triggering", d.triggering), ("Non-triggering", d.nonTriggering)] {
            for (i, e) in examples.enumerated() {
                out += "\n\(title) example \(i + 1)"
                if !e.subjects.isEmpty { out += " (reports: \(e.subjects.joined(separator: "; ")))" }
                out += ":\n" + e.yaml.split(separator: "\n", omittingEmptySubsequences: false).map { "    \($0)" }.joined(separator: "\n") + "\n"
            }
        }
        CLIOutput.stdout(out)
    }
}
