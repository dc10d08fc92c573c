import Foundation
import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph
import NavGraphChecks
import NavGraphOutputs

/// Reads `.navgraph.yml` with the registry's own YAML reader and schema helpers, so every
/// problem has file:line:col. Unknown keys and unknown rule ids are warnings with a "did you
/// mean"; values of the wrong type are errors (thrown together as one `InputError`).
public enum ConfigurationLoader {
    package static let topKeys = [
        "registries", "entries", "rules", "opt-in", "exclude", "scenarios", "strict", "reporter", "reports",
        "baseline", "scan", "flags", "unfollowed",
    ]
    package static let callStatementKeys = ["at", "opens"]
    package static let flagKeys = ["default", "owner"]
    package static let ruleKeys = ["enabled", "severity"]
    package static let excludeKeys = ["modules", "names"]
    package static let entryKeys = ["feature", "route"]

    /// Loads a config file. Relative paths in it (registries, reports, baseline) are resolved
    /// against the file's folder, so the result is relative to the current directory.
    public static func load(file: String) throws(InputError) -> (configuration: Configuration, warnings: [Diagnostic]) {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw InputError([Diagnostic(.error, "cannot read config file \(file)", at: nil)])
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw InputError([Diagnostic(.error, "\(file) is not UTF-8 text", at: SourceLocation(file: file, line: 1, column: 1))])
        }
        let (config, warnings) = try load(text: text, file: file)
        return (resolvingPaths(config, file: file), warnings)
    }

    /// `config` with its relative paths (registries, reports, baseline) resolved against the folder
    /// of `file`, as `load(file:)` gives them (`navgraph init` loads the text it is about to write).
    public static func resolvingPaths(_ config: Configuration, file: String) -> Configuration {
        var config = config
        let dir = (file as NSString).deletingLastPathComponent
        if !dir.isEmpty && dir != "." {
            func resolve(_ p: String) -> String { p.hasPrefix("/") ? p : (dir as NSString).appendingPathComponent(p) }
            config.registries = config.registries.map(resolve)
            config.baseline = config.baseline.map(resolve)
            config.reports = config.reports.map { Configuration.ReportOutput(format: $0.format, path: resolve($0.path)) }
        }
        return config
    }

    /// Parses config text; `file` names it in locations. Paths are kept as written.
    public static func load(text: String, file: String) throws(InputError) -> (configuration: Configuration, warnings: [Diagnostic]) {
        guard let root = try YAMLReader.read(text, file: file) else { return (Configuration(), []) }
        var reader = ConfigurationReader()
        guard let top = reader.known(root, "the configuration", topKeys) else { throw InputError(reader.r.diagnostics) }
        reader.read(top)
        let byPosition = { (a: Diagnostic, b: Diagnostic) in
            (a.location ?? SourceLocation(file: "", line: 0, column: 0)) < (b.location ?? SourceLocation(file: "", line: 0, column: 0))
        }
        let warnings = reader.warnings.sorted(by: byPosition)
        if !reader.r.diagnostics.isEmpty { throw InputError(reader.r.diagnostics.sorted(by: byPosition) + warnings) }
        return (reader.config, warnings)
    }

    package static func severity(_ node: RawNode, _ r: inout SchemaReader) -> Severity? {
        guard let s = r.string(node, "severity") else { return nil }
        if let sev = Severity(rawValue: s) { return sev }
        let names = Severity.allCases.map(\.rawValue)
        r.error("severity must be one of \(names.joined(separator: ", ")), found '\(s)'\(NameSuggestion.hint(for: s, in: names))", at: node)
        return nil
    }
}

/// One reading of a configuration's top-level mapping, key by key: the configuration so far, the
/// schema reader's errors and the warnings (unknown keys and rule ids, with a "did you mean").
private struct ConfigurationReader {
    var config = Configuration()
    var r = SchemaReader()
    var warnings: [Diagnostic] = []
    let ruleIDs = CheckRunner.allDescriptions.map(\.id)

    /// Each key of the top level, in the schema's order.
    mutating func read(_ top: [String: RawNode]) {
        config.registries = r.strings(top["registries"], "registries")
        if let node = top["entries"] { entries(node) }
        if let node = top["rules"] { rules(node) }
        if let node = top["opt-in"] { optIn(node) }
        if let node = top["exclude"], let m = known(node, "exclude", ConfigurationLoader.excludeKeys) {
            config.excludedModules = r.strings(m["modules"], "exclude.modules")
            config.excludedNames = r.strings(m["names"], "exclude.names")
        }
        if let node = top["scenarios"] { scenarios(node) }
        if let node = top["strict"], !node.isNull { config.strict = r.bool(node, "strict") }
        if let node = top["reporter"], !node.isNull, let name = r.string(node, "reporter") {
            switch OutputFormat.named(name) {
            case .success(let f): config.reporter = f
            case .failure(let e): r.error(e.diagnostics[0].message, at: node)
            }
        }
        if let node = top["reports"] { reports(node) }
        if let node = top["baseline"] { config.baseline = r.optionalString(node, "baseline") }
        if let node = top["flags"] { flags(node) }
        if let node = top["unfollowed"] { unfollowed(node) }
        if let node = top["scan"] {
            if case .mapping = node { config.scan = node } else { r.error("scan must be a mapping, found \(node.kindDescription)", at: node) }
        }
    }

    /// The mapping without its unknown keys, which become warnings.
    mutating func known(_ node: RawNode, _ what: String, _ allowed: [String]) -> [String: RawNode]? {
        guard case .mapping(let pairs, let at) = node else { return r.mapping(node, what, allowed: allowed) }
        var kept: [(key: RawNode, value: RawNode)] = []
        for p in pairs {
            if case .scalar(let key, _, _) = p.key, !allowed.contains(key) {
                warnings.append(Diagnostic(.warning, "unknown key '\(key)' in \(what)\(NameSuggestion.hint(for: key, in: allowed)); it is ignored", at: p.key.location))
            } else {
                kept.append(p)
            }
        }
        return r.mapping(.mapping(kept, at: at), what, allowed: allowed)
    }

    /// Whether `id` names a rule; a warning when it does not.
    mutating func checkRuleID(_ id: String, at node: RawNode) -> Bool {
        if ruleIDs.contains(id) { return true }
        warnings.append(Diagnostic(.warning, "unknown rule '\(id)'\(NameSuggestion.hint(for: id, in: ruleIDs)); run 'navgraph rules' for the list", at: node.location))
        return false
    }

    /// `entries:` — each `{feature: NAME}` or `{route: ID}`.
    mutating func entries(_ node: RawNode) {
        for item in r.list(node, "entries") {
            guard let m = r.mapping(item, "an entry", allowed: ConfigurationLoader.entryKeys) else { continue }
            let origin = ElementOrigin(registry: item.location)
            switch (m["feature"], m["route"]) {
            case (let f?, nil): if let n = r.string(f, "feature") { config.entries.append(Entry(target: .feature(n), origin: origin)) }
            case (nil, let rt?): if let n = r.string(rt, "route") { config.entries.append(Entry(target: .route(n), origin: origin)) }
            case (_?, _?): r.error("an entry names either 'feature' or 'route', not both", at: item)
            case (nil, nil): r.error("an entry needs 'feature' or 'route'", at: item)
            }
        }
    }

    /// `rules:` — per rule id, `enabled` and `severity`.
    mutating func rules(_ node: RawNode) {
        for (id, keyNode, value) in r.pairs(node, "rules") {
            guard let m = known(value, "rule '\(id)'", ConfigurationLoader.ruleKeys) else { continue }
            var setting = Configuration.RuleSetting()
            if let e = m["enabled"] { setting.enabled = r.bool(e, "enabled") }
            if let s = m["severity"] { setting.severity = ConfigurationLoader.severity(s, &r) }
            if checkRuleID(id, at: keyNode) { config.rules[id] = setting }
        }
    }

    /// `opt-in:` — a rule id or a list of them.
    mutating func optIn(_ node: RawNode) {
        for item in (node.isScalar ? [node] : r.list(node, "opt-in")) {
            if let id = r.string(item, "an item of opt-in"), checkRuleID(id, at: item) { config.optIn.append(id) }
        }
    }

    /// `scenarios:` — per name its flags; no flags: the registry's defaults under that name.
    mutating func scenarios(_ node: RawNode) {
        for (name, _, value) in r.pairs(node, "scenarios") {
            var flags: [String: Bool] = [:]
            if case .scalar(let s, true, _) = value, RawNode.isNull(s) {
                // `default:` with no flags: the registry's defaults under that name.
            } else {
                for (flag, _, v) in r.pairs(value, "scenario '\(name)'") { flags[flag] = r.bool(v, "flag '\(flag)'") }
            }
            config.scenarios.append(Configuration.Scenario(name: name, flags: flags))
        }
    }

    /// `reports:` — per reporter name the path of its file.
    mutating func reports(_ node: RawNode) {
        for (name, keyNode, value) in r.pairs(node, "reports") {
            guard let path = r.string(value, "the path of report '\(name)'") else { continue }
            switch OutputFormat.named(name) {
            case .success(let f): config.reports.append(.init(format: f, path: path))
            case .failure(let e): r.error(e.diagnostics[0].message, at: keyNode)
            }
        }
    }

    /// `flags:` — per flag its default, or `{default, owner}`.
    mutating func flags(_ node: RawNode) {
        for (name, _, value) in r.pairs(node, "flags") {
            if case .mapping = value {
                guard let m = known(value, "flag '\(name)'", ConfigurationLoader.flagKeys) else { continue }
                let d = m["default"].flatMap { r.bool($0, "default of flag '\(name)'") }
                config.flags.append(Configuration.FlagSetting(
                    name: name, defaultValue: d, owner: r.optionalString(m["owner"], "owner of flag '\(name)'"),
                    location: value.location))
            } else if let b = r.bool(value, "flag '\(name)'") {
                config.flags.append(Configuration.FlagSetting(name: name, defaultValue: b, owner: nil, location: value.location))
            }
        }
    }

    /// `unfollowed:` — calls the scan cannot follow, each `{at: FILE:LINE[:COLUMN], opens: ROUTES}`.
    mutating func unfollowed(_ node: RawNode) {
        for item in r.list(node, "unfollowed") {
            guard let m = known(item, "an unfollowed call", ConfigurationLoader.callStatementKeys) else { continue }
            guard let atNode = m["at"], let opensNode = m["opens"] else {
                r.error("an unfollowed call needs 'at' (FILE:LINE of the call) and 'opens' (the routes it can open)", at: item)
                continue
            }
            guard let at = r.string(atNode, "at") else { continue }
            let parts = at.split(separator: ":", omittingEmptySubsequences: false)
            var numbers = parts.reversed().prefix(2).prefix { Int($0) != nil }.map { Int($0)! }
            numbers.reverse()
            guard !numbers.isEmpty, parts.count > numbers.count else {
                r.error("at must look like 'path/File.swift:line' or 'path/File.swift:line:column', found '\(at)'", at: atNode)
                continue
            }
            let file = parts.dropLast(numbers.count).joined(separator: ":")
            config.unfollowed.append(Configuration.CallStatement(
                file: file, line: numbers[0], column: numbers.count > 1 ? numbers[1] : nil, opens: r.strings(opensNode, "opens"),
                location: item.location))
        }
    }
}

extension RawNode {
    package var isNull: Bool {
        if case .scalar(let s, true, _) = self { return RawNode.isNull(s) }
        return false
    }

    package var isScalar: Bool {
        if case .scalar = self { return true }
        return false
    }
}
