import Foundation
import NavGraphKit

extension Pipeline {
    /// What `navgraph diff` compares: two inputs, or a git revision of one input and its work tree.
    public struct DiffRequest: Sendable {
        public enum Base: Sendable {
            /// Registry files or Swift sources, like `head`.
            case path(String)
            /// `--base REV`: `head` as it was at this git revision (`GitRevision`).
            case revision(String)
        }

        public var base: Base
        /// The head: registry files or Swift sources (in the work tree with a revision base).
        public var head: String
        /// `--config`: one file for both sides. Without it, both sides of two paths use
        /// ./.navgraph.yml when present, and with a revision each side the .navgraph.yml at its
        /// repository root (the base's as it was at the revision).
        public var configFile: String?
        public var flagOverrides: [String: Bool]
        /// The same combinations on both sides, over the flags either declares.
        public var allFlagCombinations: Bool
        public var scanCache: ScanCacheChoice

        public init(
            base: Base, head: String, configFile: String? = nil, flagOverrides: [String: Bool] = [:], allFlagCombinations: Bool = false,
            scanCache: ScanCacheChoice = ScanCacheChoice(enabled: false)
        ) {
            self.base = base
            self.head = head
            self.configFile = configFile
            self.flagOverrides = flagOverrides
            self.allFlagCombinations = allFlagCombinations
            self.scanCache = scanCache
        }
    }

    /// The comparison and the two analyses it was made from.
    public struct DiffOutcome: Sendable {
        public var diff: NavigationDiff
        public var base: Analysis
        public var head: Analysis
        /// Both sides' input warnings, the base's first.
        public var warnings: [Diagnostic] { base.warnings + head.warnings }
    }

    /// Loads both sides (each through `analyze`, with its own configuration), checks them and
    /// compares them. A revision base is read into a temporary folder that is deleted before this
    /// returns; its findings name their files `REV:path`. Scan progress and reports go to the
    /// callbacks, the base's first.
    public static func diff(
        _ request: DiffRequest, progress: ((Int, Int) -> Void)? = nil, onScanned: ((InputLoader.ScanReport) -> Void)? = nil
    ) throws -> DiffOutcome {
        let sides: (base: Side, head: Side)
        var checkout: GitRevision?
        switch request.base {
        case .revision(let revision):
            let c = try GitRevision(revision: revision, path: request.head)
            checkout = c
            sides = (Side(path: c.basePath, config: request.configFile ?? c.baseConfig, label: c.baseLabel),
                     Side(path: request.head, config: request.configFile ?? c.headConfig, label: request.head))
        case .path(let base):
            let config = request.configFile
                ?? (FileManager.default.fileExists(atPath: Configuration.defaultFileName) ? Configuration.defaultFileName : nil)
            sides = (Side(path: base, config: config, label: base), Side(path: request.head, config: config, label: request.head))
        }
        defer { checkout?.remove() }
        func load(_ side: Side) throws -> Analysis {
            // One side's own configuration file (never the other side's), the shared --flag options.
            var cli = Configuration()
            cli.registries = [side.path]
            let (configuration, warnings) = try layered(file: side.config, commandLine: cli)
            return try analyze(Request(
                configuration: configuration, configurationWarnings: warnings, flagOverrides: request.flagOverrides,
                allFlagCombinations: request.allFlagCombinations, scanCache: request.scanCache), progress: progress, onScanned: onScanned)
        }
        var b = try load(sides.base), h = try load(sides.head)
        if request.allFlagCombinations {
            // The same combinations on both sides (over the flags either declares), so they pair by name.
            guard let all = FlagScenario.allCombinations(of: Registry(flags: b.registry.flags + h.registry.flags)) else {
                throw UsageError(description: "--all-flag-combinations compares at most \(FlagScenario.combinationLimit) flags")
            }
            b.scenarios = all
            h.scenarios = all
        }
        var baseFindings = b.findings()
        if let checkout { baseFindings = baseFindings.map(checkout.relabel) }
        let diff = NavigationDiff(
            base: .init(label: sides.base.label, graph: b.graph, scenarios: b.scenarios, findings: baseFindings),
            head: .init(label: sides.head.label, graph: h.graph, scenarios: h.scenarios, findings: h.findings()))
        return DiffOutcome(diff: diff, base: b, head: h)
    }

    /// One side of a diff: its input, its configuration file and its name in the diff.
    private struct Side {
        var path: String
        var config: String?
        var label: String
    }
}
