import ArgumentParser
import Foundation
import NavGraphKit
import NavGraphPipeline
import NavGraphScan

/// Where the registry comes from and which flag scenarios to check: shared by every subcommand.
struct InputOptions: ParsableArguments {
    @Argument(help: "Registry files (YAML/JSON) or directories of them.")
    var paths: [String] = []

    @Option(name: .customLong("flag"), help: ArgumentHelp("Override a flag: NAME=on|off (repeatable).", valueName: "NAME=on|off"))
    var flagOverrides: [String] = []

    @Flag(name: .customLong("all-flag-combinations"), help: "Check every combination of flags (at most \(FlagScenario.combinationLimit) flags).")
    var allFlagCombinations = false

    @Option(
        name: .customLong("config"),
        help: ArgumentHelp("Configuration file (default: ./.navgraph.yml when present).", valueName: "PATH"))
    var configFile: String?

    @OptionGroup var cacheFlags: ScanCacheFlags

    /// Defaults < config file (`--config PATH`, else `./.navgraph.yml` if present) < these options.
    func configuration() throws -> (configuration: Configuration, warnings: [Diagnostic]) {
        var cli = Configuration()
        cli.registries = paths
        return try Pipeline.configuration(file: configFile, commandLine: cli)
    }

    /// Parsed `--flag` values.
    func overrides() throws -> [String: Bool] {
        var out: [String: Bool] = [:]
        for item in flagOverrides {
            let parts = item.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty else {
                throw ValidationError("--flag takes NAME=on|off, got '\(item)'")
            }
            switch parts[1].lowercased() {
            case "on", "true", "1", "yes": out[parts[0]] = true
            case "off", "false", "0", "no": out[parts[0]] = false
            default: throw ValidationError("--flag \(parts[0]) must be on or off, got '\(parts[1])'")
            }
        }
        return out
    }

    /// Loads the inputs through the pipeline, printing scan progress and the scan's report.
    func load() throws -> LoadedInput {
        let (config, configWarnings) = try configuration()
        return try load(configuration: config, warnings: configWarnings)
    }

    /// `load()` with an already layered configuration (`navgraph diff` loads two sides, each with its own).
    /// `scanSummary: false` leaves out the scan's summary line (the build-tool plugin prints only findings).
    func load(configuration config: Configuration, warnings configWarnings: [Diagnostic], scanSummary: Bool = true) throws -> LoadedInput {
        let request = Pipeline.Request(
            configuration: config, configurationWarnings: configWarnings, flagOverrides: try overrides(),
            allFlagCombinations: allFlagCombinations, scanCache: cacheFlags.choice)
        let progress = ScanProgress()
        defer { progress.finish() }
        do {
            return try Pipeline.analyze(request, progress: progress.report, onScanned: Self.printScan(progress, summary: scanSummary))
        } catch let error as Pipeline.UsageError {
            throw ValidationError(error.description)
        }
    }

    /// Prints what a scan on the fly reported as soon as it ends: its warnings, the cache's notes and
    /// (with `summary`) its summary line.
    static func printScan(_ progress: ScanProgress, summary: Bool = true) -> (InputLoader.ScanReport) -> Void {
        { report in
            progress.finish()
            CLIOutput.printDiagnostics(report.diagnostics)
            for note in report.cacheNotes { CLIOutput.stderr("navgraph: warning: \(Escaping.terminal(note))\n") }
            if summary { CLIOutput.stderr("navgraph: \(report.summary.line)\n") }
        }
    }
}

/// What every command works on: the pipeline's analysis.
typealias LoadedInput = Analysis
