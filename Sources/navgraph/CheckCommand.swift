import ArgumentParser
import Foundation
import NavGraphKit
import NavGraphScan

/// `navgraph check`: every finding in the chosen format, report files, the baseline, and an
/// exit code CI can trust.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check a navigation registry and report every finding.",
        discussion: """
            Without paths, the registries listed in .navgraph.yml are checked. Command-line options win \
            over the config file, which wins over the defaults.
            Exit codes: 0 no errors; 1 errors (or warnings with --strict); 2 bad input or usage.
            """
    )

    @OptionGroup var input: InputOptions
    @OptionGroup var output: ReportOptions
    @OptionGroup var plugin: BuildToolPluginOptions

    @Option(
        name: .customLong("write-baseline"),
        help: ArgumentHelp("Record the current findings as the baseline (then they are all hidden).", valueName: "FILE"))
    var writeBaseline: String?

    func run() throws {
        // The build-tool plugin's run of a target with no navigation: nothing to say, nothing to cost.
        guard let loaded = try plugin.load(input) else { BuildToolPluginOptions.finish(ExitStatus.clean) }
        let config = try output.applied(to: loaded.configuration)
        CLIOutput.printDiagnostics(loaded.warnings)
        let all = loaded.findings(options: config.checkOptions())
        var baseline: Baseline?
        if let path = writeBaseline {
            let written = Baseline(findings: all)
            try CLIOutput.writeAtomically(written.json, to: path)
            CLIOutput.stderr("navgraph: wrote \(written.entries.count) baseline entr\(written.entries.count == 1 ? "y" : "ies") to \(path)\n")
            baseline = written
        } else if let path = config.baseline {
            if output.baseline == nil && !FileManager.default.fileExists(atPath: path) {
                CLIOutput.printDiagnostics([Diagnostic(.warning, "baseline \(path) (from the config file) does not exist yet; create it with --write-baseline \(path)", at: nil)])
            } else {
                baseline = try Baseline.load(file: path)
            }
        }
        let (report, filtered) = loaded.report(all, options: config.checkOptions(), baseline: baseline)

        for r in config.reports {
            try CLIOutput.writeAtomically(r.format.generateReport(report), to: r.path)
        }
        // Written as it is made, through one buffer (a 100k-feature JSON report is tens of megabytes).
        StageTimes.measure("report") {
            if plugin.isOn { return CLIOutput.stdout((config.reporter ?? .xcode).generateReport(report)) }  // recorded
            var stdout = BufferedFileWriter(fileDescriptor: FileHandle.standardOutput.fileDescriptor)
            (config.reporter ?? .xcode).write(report, to: &stdout)
            stdout.flush()
        }
        // The plugin checks one target against the package's baseline: the other targets' entries are not stale.
        if !plugin.isOn { CLIOutput.printDiagnostics(filtered.stale.map {
            Diagnostic(.warning, "stale baseline entry, the finding no longer occurs: [\($0.rule)] \($0.subject)", at: nil)
        }) }
        let scen = loaded.scenarios.count == 1 ? "scenario \(loaded.scenario.name)" : "\(loaded.scenarios.count) flag scenarios"
        var summary = "navgraph: \(report.countsText) in \(loaded.registry.features.count) features (\(scen))"
        if plugin.isOn {
            if filtered.hidden > 0 { summary += "; baseline hid \(filtered.hidden)" }
        } else if filtered.hidden > 0 || !filtered.stale.isEmpty {
            summary += "; baseline hid \(filtered.hidden), \(filtered.stale.count) stale"
        }
        summary += ScanSummary.partialNote(scan: loaded.scan, unfollowed: loaded.registry.unfollowed)
        if case let held = report.heldBack, held > 0 {
            let s = held == 1 ? "" : "s"
            if loaded.registry.unfollowed.contains(where: { $0.kind == .entry }) {
                // Every screen may be the first: say so, and how to name it.
                summary += "; \(held) held back as warning\(s): no entry point was found (name the first screen under entries: in .navgraph.yml)"
            } else {
                summary += "; \(held) held back as warning\(s): navigation calls the scan could not follow may explain \(held == 1 ? "it" : "them")"
            }
        }
        // The plugin's build log shows the summary only next to findings.
        if !plugin.isOn || !report.findings.isEmpty { CLIOutput.stderr(summary + "\n") }
        let failed = report.count(.error) > 0 || (config.strict == true && report.count(.warning) > 0)
        // Everything is written: end the process here, with the app's model still alive, rather than
        // free it value by value on the way out of `run` (a tenth of a second at 100k features).
        if StageTimes.enabled { CLIOutput.stderr(StageTimes.table()) }
        withExtendedLifetime(loaded) {
            if plugin.isOn { BuildToolPluginOptions.finish(failed ? ExitStatus.findings : ExitStatus.clean) }
            CLIOutput.exitNow(failed ? ExitStatus.findings : ExitStatus.clean)
        }
    }
}
