import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph
import NavGraphChecks
import NavGraphOutputs

/// What `.navgraph.yml` (and the command line) can set. Every field is optional or empty when
/// unset, so configurations layer: `Configuration.defaults.applying(file).applying(commandLine)`
/// gives command line > config file > defaults.
public struct Configuration: Sendable {
    /// The default config file, looked up in the current directory.
    public static let defaultFileName = ".navgraph.yml"

    /// A rule's switch and severity (`rules: {id: {enabled: false, severity: warning}}`).
    public struct RuleSetting: Hashable, Sendable {
        public var enabled: Bool?
        public var severity: Severity?
        public init(enabled: Bool? = nil, severity: Severity? = nil) {
            self.enabled = enabled
            self.severity = severity
        }
    }

    /// A named set of flag values that `check` runs (`scenarios: {siri_off: {siri_shortcuts: false}}`).
    public struct Scenario: Hashable, Sendable {
        public var name: String
        public var flags: [String: Bool]
        public init(name: String, flags: [String: Bool]) {
            self.name = name
            self.flags = flags
        }
    }

    /// One report file written besides the console output (`reports: {sarif: out/navgraph.sarif}`).
    public struct ReportOutput: Hashable, Sendable {
        public var format: OutputFormat
        public var path: String
        public init(format: OutputFormat, path: String) {
            self.format = format
            self.path = path
        }
    }

    /// A flag's default and owner (`flags: {new_checkout: {default: on, owner: payments}}`): it
    /// declares a flag the scanned code reads, or overrides a registry's default.
    public struct FlagSetting: Hashable, Sendable {
        public var name: String
        public var defaultValue: Bool?
        public var owner: String?
        public var location: SourceLocation?
        public init(name: String, defaultValue: Bool?, owner: String?, location: SourceLocation? = nil) {
            self.name = name
            self.defaultValue = defaultValue
            self.owner = owner
            self.location = location
        }
    }

    /// What a navigation call the scan could not follow opens, stated by the app's developers
    /// (`unfollowed: [{at: Sources/App/DeepLinks.swift:42, opens: [profile, settings]}]`): the call
    /// then opens only those routes (`[]`: none of the app's), so the absences it no longer explains
    /// are errors again (`Completeness`).
    public struct CallStatement: Hashable, Sendable {
        /// The call's file (as the scan names it, or a path ending it) and line.
        public var file: String
        public var line: Int
        public var column: Int?
        public var opens: [String]
        public var location: SourceLocation?
        public init(file: String, line: Int, column: Int? = nil, opens: [String], location: SourceLocation? = nil) {
            self.file = file
            self.line = line
            self.column = column
            self.opens = opens
            self.location = location
        }

        /// `FILE:LINE[:COLUMN]`.
        public var at: String { "\(file):\(line)" + (column.map { ":\($0)" } ?? "") }

        /// Whether the call at `l` is the one this statement names.
        public func matches(_ l: SourceLocation) -> Bool {
            l.line == line && (column == nil || column == l.column) && (l.file == file || l.file.hasSuffix("/" + file))
        }
    }

    /// Statements about calls the scan could not follow, in file order.
    public var unfollowed: [CallStatement] = []
    /// Flag defaults and owners, in file order.
    public var flags: [FlagSetting] = []
    /// Registry files or directories.
    public var registries: [String] = []
    /// Entries added to the registry's own.
    public var entries: [Entry] = []
    public var rules: [String: RuleSetting] = [:]
    /// Opt-in rules switched on.
    public var optIn: [String] = []
    public var excludedModules: [String] = []
    public var excludedNames: [String] = []
    /// Flag scenarios, in file order; empty means the registry's defaults.
    public var scenarios: [Scenario] = []
    public var strict: Bool?
    /// What is printed on standard output.
    public var reporter: OutputFormat?
    /// Report files, in order.
    public var reports: [ReportOutput] = []
    public var baseline: String?
    /// The `scan:` section, passed untouched to the source scanner.
    public var scan: RawNode?

    public init() {}

    /// The built-in defaults: the xcode reporter, not strict, everything else unset.
    public static var defaults: Configuration {
        var c = Configuration()
        c.reporter = .xcode
        c.strict = false
        return c
    }

    /// This configuration with every field that `other` sets replaced by `other`'s value.
    public func applying(_ other: Configuration) -> Configuration {
        var c = self
        if !other.registries.isEmpty { c.registries = other.registries }
        if !other.entries.isEmpty { c.entries = other.entries }
        for (id, s) in other.rules {
            var merged = c.rules[id] ?? RuleSetting()
            if let e = s.enabled { merged.enabled = e }
            if let sev = s.severity { merged.severity = sev }
            c.rules[id] = merged
        }
        if !other.optIn.isEmpty { c.optIn = other.optIn }
        if !other.excludedModules.isEmpty { c.excludedModules = other.excludedModules }
        if !other.excludedNames.isEmpty { c.excludedNames = other.excludedNames }
        if !other.scenarios.isEmpty { c.scenarios = other.scenarios }
        if let s = other.strict { c.strict = s }
        if let r = other.reporter { c.reporter = r }
        if !other.reports.isEmpty { c.reports = other.reports }
        if let b = other.baseline { c.baseline = b }
        if let s = other.scan { c.scan = s }
        if !other.flags.isEmpty { c.flags = other.flags }
        if !other.unfollowed.isEmpty { c.unfollowed = other.unfollowed }
        return c
    }

    /// How `CheckRunner` should run under this configuration.
    public func checkOptions(scenarios: [FlagScenario] = []) -> CheckOptions {
        var disabled = Set<String>(), optIn = Set(self.optIn)
        var severities: [String: Severity] = [:]
        for (id, s) in rules {
            if s.enabled == false { disabled.insert(id) }
            if s.enabled == true { optIn.insert(id) }
            if let sev = s.severity { severities[id] = sev }
        }
        return CheckOptions(
            scenarios: scenarios, disabledRules: disabled, optInRules: optIn, severityOverrides: severities,
            excludedModules: Set(excludedModules), excludedNames: Set(excludedNames))
    }

    /// The configured scenarios as flag values over `registry`'s defaults (empty when none are
    /// configured), and a warning for every flag the registry does not declare.
    public func flagScenarios(for registry: Registry) -> (scenarios: [FlagScenario], warnings: [Diagnostic]) {
        let known = Set(registry.flags.map(\.name))
        var warnings: [Diagnostic] = []
        let out = scenarios.map { s in
            for flag in s.flags.keys.sorted() where !known.contains(flag) {
                warnings.append(Diagnostic(
                    .warning, "scenario '\(s.name)' sets flag '\(flag)', which the registry does not declare\(NameSuggestion.hint(for: flag, in: known))",
                    at: nil))
            }
            return FlagScenario.defaults(of: registry, overrides: s.flags, name: s.name)
        }
        return (out, warnings)
    }

    /// `registry` with the configured entries added (those it does not already have).
    public func addingEntries(to registry: Registry) -> Registry {
        var r = registry
        for setting in flags {
            let matching = r.flags.indices.filter { r.flags[$0].name == setting.name }
            if matching.isEmpty {
                r.flags.append(FeatureFlag(
                    name: setting.name, defaultValue: setting.defaultValue ?? false, runtime: setting.defaultValue == nil,
                    owner: setting.owner, origin: ElementOrigin(registry: setting.location)))
            }
            for i in matching {
                if let d = setting.defaultValue { r.flags[i].defaultValue = d; r.flags[i].runtime = false }
                if let o = setting.owner { r.flags[i].owner = o }
            }
        }
        let present = Set(r.entries.map(\.target))
        for e in entries where !present.contains(e.target) { r.entries.append(e) }
        // The scan found no entry and said so (`kind: entry`); the configuration names one now.
        if !entries.isEmpty { r.unfollowed.removeAll { $0.kind == .entry } }
        return r
    }

    /// `registry` with what `unfollowed:` states about its unfollowed calls, and a warning for each
    /// statement that names no such call (the call was followed, moved, or never there).
    public func applyingCallStatements(to registry: Registry) -> (registry: Registry, warnings: [Diagnostic]) {
        guard !unfollowed.isEmpty else { return (registry, []) }
        var r = registry
        var warnings: [Diagnostic] = []
        for statement in unfollowed {
            var matched = false
            for i in r.unfollowed.indices {
                guard let at = r.unfollowed[i].origin.primary, statement.matches(at) else { continue }
                // A presentation's `opens:` names the screens it shows; a navigate call's, its routes.
                if r.unfollowed[i].kind == .navigate { r.unfollowed[i].routes = statement.opens } else { r.unfollowed[i].screens = statement.opens }
                matched = true
            }
            if !matched {
                warnings.append(Diagnostic(
                    .warning, "unfollowed: no navigation call the scan could not follow is at \(statement.at) (navgraph scan --explain lists them)",
                    at: statement.location))
            }
        }
        return (r, warnings)
    }
}
