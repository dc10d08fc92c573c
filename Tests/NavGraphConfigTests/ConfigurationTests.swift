import Foundation
import XCTest
@testable import NavGraphKit
import NavGraphTestSupport
@testable import NavGraphSupport
@testable import NavGraphModel
@testable import NavGraphSchema
@testable import NavGraphGraph
@testable import NavGraphChecks
@testable import NavGraphOutputs
@testable import NavGraphConfig

final class ConfigurationTests: XCTestCase {
    static let full = """
        registries: [navigation/registry.yml, navigation/more]
        entries: [{feature: RootFeature}, {route: deep_link}]
        rules:
          unused-route: {enabled: false}
          missing-fallback: {severity: warning}
        opt-in: [superfluous-suppression]
        exclude: {modules: [DebugMenu], names: [LegacyFeature]}
        scenarios:
          siri_off: {siri_shortcuts: false}
          default:
        strict: true
        reporter: sarif
        reports: {junit: out/junit.xml, "github-actions": out/gh.txt}
        baseline: navgraph-baseline.json
        scan:
          moduleMap: {Sources/Shop: Shop}
          strict: true
          ignore: ["**/Generated/**", "yes"]
        """

    func load(_ text: String, file: String = ".navgraph.yml") throws -> (configuration: Configuration, warnings: [Diagnostic]) {
        try ConfigurationLoader.load(text: text, file: file)
    }

    func testReadsEverySection() throws {
        let (c, warnings) = try load(Self.full)
        XCTAssertEqual(warnings, [])
        XCTAssertEqual(c.registries, ["navigation/registry.yml", "navigation/more"])
        XCTAssertEqual(c.entries.map(\.target), [.feature("RootFeature"), .route("deep_link")])
        XCTAssertEqual(c.rules["unused-route"], .init(enabled: false))
        XCTAssertEqual(c.rules["missing-fallback"], .init(severity: .warning))
        XCTAssertEqual(c.optIn, ["superfluous-suppression"])
        XCTAssertEqual(c.excludedModules, ["DebugMenu"])
        XCTAssertEqual(c.excludedNames, ["LegacyFeature"])
        XCTAssertEqual(c.scenarios, [.init(name: "siri_off", flags: ["siri_shortcuts": false]), .init(name: "default", flags: [:])])
        XCTAssertEqual(c.strict, true)
        XCTAssertEqual(c.reporter, .sarif)
        XCTAssertEqual(c.reports, [.init(format: .junit, path: "out/junit.xml"), .init(format: .githubActions, path: "out/gh.txt")])
        XCTAssertEqual(c.baseline, "navgraph-baseline.json")
        guard case .mapping(let pairs, _)? = c.scan else { return XCTFail("scan is passed through as a mapping") }
        XCTAssertEqual(pairs.compactMap { if case .scalar(let k, _, _) = $0.key { return k } else { return nil } }, ["moduleMap", "strict", "ignore"])
    }

    /// A `flags:` block gives the defaults and owners of flags the scanned code reads (declared with a
    /// run-time default) and overrides a registry's.
    func testFlagsBlockDeclaresAndOverridesFlags() throws {
        let (c, warnings) = try load("""
            flags:
              new_checkout: {default: on, owner: payments}
              dark_mode: false
              beta: {owner: growth}
            """)
        XCTAssertEqual(warnings, [])
        var registry = Registry()
        registry.flags = [
            FeatureFlag(name: "new_checkout", defaultValue: false, runtime: true),
            FeatureFlag(name: "beta", defaultValue: false, runtime: true),
        ]
        let applied = c.addingEntries(to: registry)
        let byName = Dictionary(uniqueKeysWithValues: applied.flags.map { ($0.name, $0) })
        XCTAssertEqual(byName["new_checkout"]?.runtime, false)
        XCTAssertEqual(byName["new_checkout"]?.defaultValue, true)
        XCTAssertEqual(byName["new_checkout"]?.owner, "payments")
        XCTAssertEqual(byName["dark_mode"]?.defaultValue, false)
        XCTAssertEqual(byName["beta"]?.runtime, true, "an owner alone keeps the run-time default")
        let scenario = FlagScenario.defaults(of: applied)
        XCTAssertEqual(scenario.isEnabled(.flag("new_checkout")), true)
        XCTAssertNil(scenario.isEnabled(.flag("beta")), "a run-time flag is either value")
        XCTAssertEqual(FlagScenario.defaults(of: applied, overrides: ["beta": false]).isEnabled(.flag("beta")), false)
        XCTAssertEqual(FlagScenario.allCombinations(of: applied)?.count, 8)
    }

    func testUnknownKeysAreWarningsWithSuggestionAndPosition() throws {
        let (c, warnings) = try load("""
            registries: [a.yml]
            rulez:
              unused-route: {enabled: false}
            rules:
              unused-rout: {enable: false}
            exclude: {module: [X]}
            """)
        XCTAssertEqual(c.registries, ["a.yml"])
        XCTAssertEqual(warnings.map(\.description), [
            ".navgraph.yml:2:1: warning: unknown key 'rulez' in the configuration; did you mean 'rules'?; it is ignored",
            ".navgraph.yml:5:3: warning: unknown rule 'unused-rout'; did you mean 'unused-route'?; run 'navgraph rules' for the list",
            ".navgraph.yml:5:17: warning: unknown key 'enable' in rule 'unused-rout'; did you mean 'enabled'?; it is ignored",
            ".navgraph.yml:6:11: warning: unknown key 'module' in exclude; did you mean 'modules'?; it is ignored",
        ])
        XCTAssertTrue(c.rules.isEmpty, "an unknown rule id is not configured")
    }

    func testWrongTypesAreErrorsWithPositions() {
        XCTAssertThrowsError(try load("""
            strict: maybe
            reporter: sarf
            rules:
              unused-route: {severity: fatal}
            scenarios:
              off: {siri: perhaps}
            """)) { error in
            let messages = (error as! InputError).diagnostics.filter { $0.severity == .error }.map(\.description)
            XCTAssertEqual(messages, [
                ".navgraph.yml:1:9: error: strict must be true or false, found a string",
                ".navgraph.yml:2:11: error: unknown reporter 'sarf'; did you mean 'sarif'?; available: \(OutputFormat.identifiers.joined(separator: ", "))",
                ".navgraph.yml:4:28: error: severity must be one of note, warning, error, found 'fatal'",
                ".navgraph.yml:6:15: error: flag 'siri' must be true or false, found a string",
            ])
        }
    }

    func testPrecedenceCommandLineOverFileOverDefaults() throws {
        let (file, _) = try load("""
            registries: [file.yml]
            strict: true
            reporter: json
            baseline: file-baseline.json
            rules: {unused-route: {enabled: false, severity: note}}
            """)
        var cli = Configuration()
        cli.reporter = .sarif
        cli.registries = ["cli.yml"]
        cli.rules = ["unused-route": .init(enabled: true)]
        let fileOnly = Configuration.defaults.applying(file)
        XCTAssertEqual(Configuration.defaults.reporter, .xcode)
        XCTAssertEqual(Configuration.defaults.strict, false)
        XCTAssertEqual(fileOnly.reporter, .json, "file over defaults")
        XCTAssertEqual(fileOnly.strict, true, "file over defaults")
        let effective = fileOnly.applying(cli)
        XCTAssertEqual(effective.reporter, .sarif, "command line over file")
        XCTAssertEqual(effective.registries, ["cli.yml"])
        XCTAssertEqual(effective.strict, true, "unset on the command line: the file's value stays")
        XCTAssertEqual(effective.baseline, "file-baseline.json")
        XCTAssertEqual(effective.rules["unused-route"], .init(enabled: true, severity: .note), "merged per key")
        XCTAssertEqual(Configuration.defaults.applying(Configuration()).reporter, .xcode, "defaults when nothing is set")
    }

    func testCheckOptionsAndScenariosFromTheConfiguration() throws {
        let (c, _) = try load(Self.full)
        let o = c.checkOptions()
        XCTAssertEqual(o.disabledRules, ["unused-route"])
        XCTAssertEqual(o.optInRules, ["superfluous-suppression"])
        XCTAssertEqual(o.severityOverrides, ["missing-fallback": .warning])
        XCTAssertEqual(o.excludedModules, ["DebugMenu"])
        XCTAssertEqual(o.excludedNames, ["LegacyFeature"])
        let registry = try loadRegistry("""
            navgraph: 1
            flags: {siri_shortcuts: true, dark_mode: false}
            """)
        let (scenarios, warnings) = c.flagScenarios(for: registry)
        XCTAssertEqual(scenarios.map(\.name), ["siri_off", "default"])
        XCTAssertEqual(scenarios[0].values, ["siri_shortcuts": false, "dark_mode": false])
        XCTAssertEqual(scenarios[1].values, ["siri_shortcuts": true, "dark_mode": false])
        XCTAssertEqual(warnings, [])
        var typo = c
        typo.scenarios = [.init(name: "x", flags: ["siri_shortcut": false])]
        XCTAssertEqual(typo.flagScenarios(for: registry).warnings.map(\.message),
                       ["scenario 'x' sets flag 'siri_shortcut', which the registry does not declare; did you mean 'siri_shortcuts'?"])
    }

    func testConfiguredEntriesAreAddedOnce() throws {
        let registry = try loadRegistry("""
            navgraph: 1
            entries: [{feature: Home}]
            features: [{name: Home}, {name: Debug}]
            """)
        let (c, _) = try load("entries: [{feature: Home}, {feature: Debug}]")
        let merged = c.addingEntries(to: registry)
        XCTAssertEqual(merged.entries.map(\.target), [.feature("Home"), .feature("Debug")])
        XCTAssertTrue(runChecks(registry).contains { $0.ruleID == "unreachable-feature" && $0.subject.contains("Debug") })
        XCTAssertFalse(runChecks(merged).contains { $0.ruleID == "unreachable-feature" }, "a config entry makes Debug reachable")
    }

    func testConfiguredRulesChangeWhatTheRunnerReports() throws {
        let registry = try loadRegistry("""
            navgraph: 1
            entries: [{feature: Home}]
            routes: [{id: old}]
            features: [{name: Home}]
            """)
        let plain = runChecks(registry)
        XCTAssertTrue(plain.contains { $0.ruleID == "unused-route" && $0.severity == .warning })
        let (quiet, _) = try load("rules: {unused-route: {enabled: false}}")
        XCTAssertFalse(runChecks(registry, options: quiet.checkOptions()).contains { $0.ruleID == "unused-route" })
        let (loud, _) = try load("rules: {unused-route: {severity: error}}")
        XCTAssertTrue(runChecks(registry, options: loud.checkOptions()).contains { $0.ruleID == "unused-route" && $0.severity == .error })
    }

    func testDumpRoundTrips() throws {
        let (c, _) = try load(Self.full)
        let effective = Configuration.defaults.applying(c)
        let dumped = ConfigurationWriter.yaml(effective)
        let (reloaded, warnings) = try load(dumped)
        XCTAssertEqual(warnings, [])
        XCTAssertEqual(ConfigurationWriter.yaml(reloaded), dumped)
        XCTAssertEqual(reloaded.registries, effective.registries)
        XCTAssertEqual(reloaded.entries.map(\.target), effective.entries.map(\.target))
        XCTAssertEqual(reloaded.rules, effective.rules)
        XCTAssertEqual(reloaded.optIn, effective.optIn)
        XCTAssertEqual(reloaded.scenarios, effective.scenarios)
        XCTAssertEqual(reloaded.reports, effective.reports)
        XCTAssertEqual(reloaded.baseline, effective.baseline)
        XCTAssertEqual(reloaded.strict, true)
        XCTAssertEqual(reloaded.reporter, .sarif)
        XCTAssertTrue(dumped.contains("ignore: [\"**/Generated/**\", \"yes\"]"), "quoted scalars stay strings:\n\(dumped)")
        // The defaults alone also round-trip.
        let plain = ConfigurationWriter.yaml(.defaults)
        XCTAssertEqual(ConfigurationWriter.yaml(try load(plain).configuration), plain)
    }

    func testHostileNamesRoundTripThroughTheDump() throws {
        var c = Configuration.defaults
        c.registries = ["a b/#x.yml", "true", "quote\"and\\backslash", "line\nbreak"]
        c.excludedNames = ["- dash", ": colon", "{brace}"]
        c.scenarios = [.init(name: "on", flags: ["null": true])]
        let dumped = ConfigurationWriter.yaml(c)
        let reloaded = try load(dumped).configuration
        XCTAssertEqual(reloaded.registries, c.registries, dumped)
        XCTAssertEqual(reloaded.excludedNames, c.excludedNames, dumped)
        XCTAssertEqual(reloaded.scenarios, c.scenarios, dumped)
    }

    func testRelativePathsResolveAgainstTheConfigFolder() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent(".navgraph.yml")
        try "registries: [nav/r.yml, /abs/r.yml]\nbaseline: b.json\nreports: {sarif: out/x.sarif}\n".write(to: file, atomically: true, encoding: .utf8)
        let c = try ConfigurationLoader.load(file: file.path).configuration
        XCTAssertEqual(c.registries, [dir.appendingPathComponent("nav/r.yml").path, "/abs/r.yml"])
        XCTAssertEqual(c.baseline, dir.appendingPathComponent("b.json").path)
        XCTAssertEqual(c.reports.map(\.path), [dir.appendingPathComponent("out/x.sarif").path])
    }

    func testMalformedYAMLIsAnInputError() {
        XCTAssertThrowsError(try load("rules: {unused-route: [")) { error in
            XCTAssertTrue((error as! InputError).description.hasPrefix(".navgraph.yml:"), "\(error)")
        }
    }
}
