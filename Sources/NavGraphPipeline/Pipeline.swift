import Foundation
import NavGraphKit
import NavGraphScan

/// navgraph's pipeline as one library call: inputs (registry files and Swift sources, the
/// configuration, flag overrides) → one registry → the graph → flag scenarios → checks → a report
/// with the baseline applied. Every command, the SwiftPM plugin (through the command line) and the
/// tests go through it; the command line only parses arguments and prints.
public enum Pipeline {
    /// navgraph's version (the command line's `--version`; part of every scan cache key).
    public static let version = "0.1.0"

    /// What to analyse.
    public struct Request: Sendable {
        /// Layered configuration (defaults < config file < command line); its `registries` are the inputs.
        public var configuration: Configuration
        /// Warnings from reading the configuration file, reported with the analysis.
        public var configurationWarnings: [Diagnostic]
        /// `--flag NAME=on|off`.
        public var flagOverrides: [String: Bool]
        /// `--all-flag-combinations`.
        public var allFlagCombinations: Bool
        /// Every scan warning becomes an error.
        public var strictScan: Bool
        /// Where scanned sources cache their facts (off unless asked for).
        public var scanCache: ScanCacheChoice

        public init(
            configuration: Configuration, configurationWarnings: [Diagnostic] = [], flagOverrides: [String: Bool] = [:],
            allFlagCombinations: Bool = false, strictScan: Bool = false, scanCache: ScanCacheChoice = ScanCacheChoice(enabled: false)
        ) {
            self.configuration = configuration
            self.configurationWarnings = configurationWarnings
            self.flagOverrides = flagOverrides
            self.allFlagCombinations = allFlagCombinations
            self.strictScan = strictScan
            self.scanCache = scanCache
        }
    }

    /// A request that cannot be served as asked (the command line shows it as a usage error).
    public struct UsageError: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// The configuration file's settings (`file`, else `./.navgraph.yml` when present) layered
    /// under `commandLine`: defaults < file < command line.
    public static func configuration(file: String?, commandLine: Configuration) throws(InputError) -> (configuration: Configuration, warnings: [Diagnostic]) {
        let fallback = FileManager.default.fileExists(atPath: Configuration.defaultFileName) ? Configuration.defaultFileName : nil
        return try layered(file: file ?? fallback, commandLine: commandLine)
    }

    /// `file`'s settings (none without it: no ./.navgraph.yml fallback) layered under `commandLine`:
    /// defaults < file < command line. The one place the layers are put together.
    static func layered(file: String?, commandLine: Configuration) throws(InputError) -> (configuration: Configuration, warnings: [Diagnostic]) {
        var fromFile = Configuration()
        var warnings: [Diagnostic] = []
        if let file { (fromFile, warnings) = try ConfigurationLoader.load(file: file) }
        return (Configuration.defaults.applying(fromFile).applying(commandLine), warnings)
    }

    /// Loads every input, builds the graph and decides the flag scenarios. Scan progress and the
    /// scan's report go to the callbacks as they happen; input problems are thrown together.
    public static func analyze(
        _ request: Request, progress: ((Int, Int) -> Void)? = nil, onScanned: ((InputLoader.ScanReport) -> Void)? = nil
    ) throws -> Analysis {
        let config = request.configuration
        guard !config.registries.isEmpty else {
            throw UsageError(description: "give at least one registry file or directory (or list them under 'registries:' in \(Configuration.defaultFileName))")
        }
        let (loaded, scan) = try StageTimes.measure("load") { () throws -> (LoadedRegistry, ScanSummary?) in try InputLoader.load(
            paths: config.registries, scanSettings: config.scan, strictScan: request.strictScan, cache: request.scanCache, progress: progress, onScanned: onScanned) }
        let (registry, callWarnings) = config.applyingCallStatements(to: config.addingEntries(to: loaded.registry))
        // The loader's name ids are a head start only: the build trusts an id where it still names the
        // same string and interns the rest (what the configuration added or changed).
        let graph = StageTimes.measure("graph build") { NavGraph(LoadedRegistry(registry, names: loaded.names)) }
        let overrides = request.flagOverrides
        let knownFlags = Set(registry.flags.map(\.name))
        var warnings = request.configurationWarnings + callWarnings
        for name in overrides.keys.sorted() where !knownFlags.contains(name) {
            warnings.append(Diagnostic(.warning, "--flag \(name): the registry declares no such flag\(NameSuggestion.hint(for: name, in: knownFlags))", at: nil))
        }
        var scenarios: [FlagScenario]
        if request.allFlagCombinations {
            guard let all = FlagScenario.allCombinations(of: registry) else {
                throw UsageError(description: "--all-flag-combinations checks at most \(FlagScenario.combinationLimit) flags; this registry has \(knownFlags.count). Name scenarios with --flag instead.")
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
        return Analysis(registry: registry, graph: graph, scenarios: scenarios, warnings: warnings, configuration: config, scan: scan)
    }
}

/// A loaded app: its registry and graph, the flag scenarios to look at, and what loading said.
public struct Analysis: Sendable {
    public var registry: Registry
    public var graph: NavGraph
    public var scenarios: [FlagScenario]
    /// Warnings about the inputs (configuration, unknown `--flag` names, scenarios).
    public var warnings: [Diagnostic]
    /// The effective configuration (defaults < config file < command line).
    public var configuration: Configuration
    /// The scan's summary when sources were scanned.
    public var scan: ScanSummary?

    /// The scenario queries use (the first).
    public var scenario: FlagScenario { scenarios[0] }

    /// Runs every enabled check; without `options`, the configuration's rules, severities and exclusions.
    public func findings(options: CheckOptions? = nil) -> [Finding] {
        var o = options ?? configuration.checkOptions()
        if o.scenarios.isEmpty { o.scenarios = scenarios }
        return CheckRunner(options: o).run(graph)
    }

    /// The findings of each flag scenario the HTML page explores around `scenario`, each on its
    /// own, from one check run (`ScenarioFindings`); without `options`, the configuration's.
    public func scenarioFindings(options: CheckOptions? = nil) -> ScenarioFindings {
        ScenarioFindings(graph: graph, start: scenario, options: options ?? configuration.checkOptions())
    }

    /// What `render` marks on its diagram and, with `page` (the HTML page), the findings of each
    /// scenario the page explores. Under one scenario the diagram's findings are the page's start
    /// scenario's, read out of `ScenarioFindings`: the checks run once. Under several (the
    /// configuration's scenarios, `--all-flag-combinations`) the diagram shows them merged, a run of its own.
    public func renderFindings(page: Bool) -> (diagram: [Finding], page: ScenarioFindings?) {
        guard page else { return (findings(), nil) }
        let explored = scenarioFindings()
        return (scenarios.count == 1 ? explored.findings[explored.start] : findings(), explored)
    }

    /// The checks with a baseline applied: the report reporters write, and what the baseline did.
    public func check(options: CheckOptions, baseline: Baseline?) -> (report: CheckReport, baseline: Baseline.Filtered) {
        report(findings(options: options), options: options, baseline: baseline)
    }

    /// `check` on findings already computed (to record a baseline from them first).
    public func report(_ all: [Finding], options: CheckOptions, baseline: Baseline?) -> (report: CheckReport, baseline: Baseline.Filtered) {
        let filtered = baseline?.filter(all) ?? Baseline.Filtered(findings: all, hidden: 0, stale: [])
        let report = CheckReport(
            findings: filtered.findings, app: registry.app, scenarios: scenarios,
            staleBaseline: filtered.stale.map(\.description), baselined: filtered.hidden,
            rules: CheckRunner.allDescriptions.filter { CheckRunner(options: options).isEnabled($0) })
        return (report, filtered)
    }
}
