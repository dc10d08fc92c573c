import ArgumentParser
import Foundation
import NavGraphKit
import NavGraphScan

/// Where the registry comes from and which flag scenarios to check: shared by every subcommand.
struct InputOptions: ParsableArguments {
    @Argument(help: "Registry files (YAML/JSON) or directories of them.")
    var paths: [String] = []

    @Option(name: .customLong("flag"), help: ArgumentHelp("Override a flag: NAME=on|off (repeatable).", valueName: "NAME=on|off"))
    var flagOverrides: [String] = []

    @Flag(name: .customLong("all-flag-combinations"), help: "Check every combination of flags (at most 10 flags).")
    var allFlagCombinations = false

    @Option(
        name: .customLong("config"),
        help: ArgumentHelp("Configuration file (default: ./.navgraph.yml when present).", valueName: "PATH"))
    var configFile: String?

    @OptionGroup var cacheFlags: ScanCacheFlags

    /// The config file's settings (`--config PATH`, else `./.navgraph.yml` if present) with its
    /// warnings; an empty configuration when there is no file.
    func fileConfiguration() throws -> (configuration: Configuration, warnings: [Diagnostic]) {
        if let configFile { return try ConfigurationLoader.load(file: configFile) }
        guard FileManager.default.fileExists(atPath: Configuration.defaultFileName) else { return (Configuration(), []) }
        return try ConfigurationLoader.load(file: Configuration.defaultFileName)
    }

    /// Defaults < config file < these options (registry paths).
    func configuration() throws -> (configuration: Configuration, warnings: [Diagnostic]) {
        let (file, warnings) = try fileConfiguration()
        var cli = Configuration()
        cli.registries = paths
        return (Configuration.defaults.applying(file).applying(cli), warnings)
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

    /// Loads the registry (merging every path), builds the graph, and decides the scenarios.
    func load() throws -> LoadedInput {
        let (config, configWarnings) = try configuration()
        return try load(configuration: config, warnings: configWarnings)
    }

    /// `load()` with an already layered configuration (`navgraph diff` loads two sides, each with its own).
    func load(configuration config: Configuration, warnings configWarnings: [Diagnostic]) throws -> LoadedInput {
        guard !config.registries.isEmpty else {
            throw ValidationError("give at least one registry file or directory (or list them under 'registries:' in \(Configuration.defaultFileName))")
        }
        let (loaded, scan) = try InputLoader.load(paths: config.registries, scanSettings: config.scan, cache: cacheFlags.choice)
        let registry = config.addingEntries(to: loaded)
        let graph = NavGraph(registry: registry)
        let overrides = try overrides()
        let knownFlags = Set(registry.flags.map(\.name))
        var warnings: [Diagnostic] = configWarnings
        for name in overrides.keys.sorted() where !knownFlags.contains(name) {
            warnings.append(Diagnostic(.warning, "--flag \(name): the registry declares no such flag\(NameSuggestion.hint(for: name, in: knownFlags))", at: nil))
        }
        var scenarios: [FlagScenario]
        if allFlagCombinations {
            guard let all = FlagScenario.allCombinations(of: registry) else {
                throw ValidationError("--all-flag-combinations checks at most 10 flags; this registry has \(Set(registry.flags.map(\.name)).count). Name scenarios with --flag instead.")
            }
            scenarios = all.map { s in
                var s = s
                for (k, v) in overrides { s.values[k] = v }
                return s
            }
        } else if overrides.isEmpty && !config.scenarios.isEmpty {
            // The config's named scenarios, one after another (the command line's --flag wins).
            let (configured, scenarioWarnings) = config.flagScenarios(for: registry)
            scenarios = configured
            warnings += scenarioWarnings
        } else {
            scenarios = [FlagScenario.defaults(of: registry, overrides: overrides)]
        }
        return LoadedInput(registry: registry, graph: graph, scenarios: scenarios, warnings: warnings, configuration: config, scan: scan)
    }
}

/// A loaded registry and its graph, ready for checks, rendering or queries.
struct LoadedInput {
    var registry: Registry
    var graph: NavGraph
    var scenarios: [FlagScenario]
    var warnings: [Diagnostic]
    /// The effective configuration (defaults < config file < command line).
    var configuration: Configuration = .defaults
    /// The scan's summary when sources were scanned.
    var scan: ScanSummary?

    /// The scenario queries use (the first).
    var scenario: FlagScenario { scenarios[0] }

    /// Runs every enabled check; without `options`, the configuration's rules, severities and exclusions.
    func findings(options: CheckOptions? = nil) -> [Finding] {
        var o = options ?? configuration.checkOptions()
        if o.scenarios.isEmpty { o.scenarios = scenarios }
        return CheckRunner(options: o).run(graph)
    }
}
