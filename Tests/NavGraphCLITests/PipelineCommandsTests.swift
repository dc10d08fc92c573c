import Foundation
import NavGraphKit
import NavGraphPipeline
import NavGraphScan
import XCTest

/// `scan`, `diff` and `render`'s findings as library calls: what the commands print comes from these.
final class PipelineCommandsTests: XCTestCase {
    private func example(_ path: String) -> String { NavGraphBinary.repoRoot.appendingPathComponent(path).path }

    private func configuration(_ yaml: String) throws -> Configuration {
        Configuration.defaults.applying(try ConfigurationLoader.load(text: yaml, file: "nav.yml").configuration)
    }

    func testScanLayersTheCommandLineOverTheScanSection() throws {
        let config = try configuration("scan:\n  stylez: [components]\n")
        var heard: [String] = []
        let request = Pipeline.ScanRequest(
            paths: [example("Examples/RenamedDialect")], configuration: config, options: .init(target: "ShopSample"),
            cache: ScanCacheChoice(enabled: false))
        let outcome = try Pipeline.scan(request, onSettings: { heard += $0.map(\.description) })
        XCTAssertEqual(heard, ["nav.yml:2:3: warning: unknown key 'stylez' in scan; did you mean 'styles'?"])
        XCTAssertEqual(outcome.result.summary.target, "ShopSample")
        XCTAssertTrue(outcome.registryYAML?.contains("feature: SampleBuilder") == true, outcome.registryYAML ?? "no YAML")

        var explain = request
        explain.explain = true
        XCTAssertNil(try Pipeline.scan(explain).registryYAML, "--explain wants the call sites, not the YAML")
    }

    func testScanProblemsComeOutInTheCommandsOrder() throws {
        // The section's warnings are heard before its errors are thrown (the errors alone).
        let broken = try configuration("scan:\n  strict: maybe\n  stylez: [components]\n")
        var heard: [String] = []
        let paths = [example("Examples/VIPERShop")]
        XCTAssertThrowsError(try Pipeline.scan(.init(paths: paths, configuration: broken), onSettings: { heard += $0.map(\.description) })) { error in
            XCTAssertEqual((error as? InputError)?.diagnostics.map(\.description), ["nav.yml:2:11: error: scan.strict must be true or false, found a string"])
        }
        XCTAssertEqual(heard, ["nav.yml:3:3: warning: unknown key 'stylez' in scan; did you mean 'styles'?"])

        // A bad --style or --module-map is a usage error, after the section's warnings.
        heard = []
        let warned = try configuration("scan:\n  stylez: [components]\n")
        for (options, message) in [
            (Pipeline.ScanOptions(styles: ["auto", "vipers"]), "--style vipers: not a routing style (auto, "),
            (Pipeline.ScanOptions(moduleMap: ["no-such-file"]), "--module-map: 'no-such-file' is neither PATH_PREFIX=Module nor a readable file"),
            (Pipeline.ScanOptions(moduleMap: ["=Mod"]), "--module-map: '=Mod' in the command line is not PATH_PREFIX=Module"),
        ] {
            XCTAssertThrowsError(try Pipeline.scan(.init(paths: paths, configuration: warned, options: options), onSettings: { heard += $0.map(\.description) })) { error in
                XCTAssertTrue((error as? Pipeline.UsageError)?.description.hasPrefix(message) == true, "\(error)")
            }
        }
        XCTAssertEqual(heard.count, 3)
    }

    func testDiffOfTwoPathsComparesTheirAnalyses() throws {
        let base = example("Examples/diff/base.yml"), head = example("Examples/diff/removed-handler/head.yml")
        let outcome = try Pipeline.diff(.init(base: .path(base), head: head))
        XCTAssertEqual(outcome.diff.baseLabel, base)
        XCTAssertEqual(outcome.diff.headLabel, head)
        XCTAssertEqual(outcome.base.registry.features.count, try Pipeline.analyze(.init(configuration: configuration(path: base))).registry.features.count)
        XCTAssertFalse(outcome.diff.isEmpty, "removing a handler changes the navigation")
        XCTAssertTrue(try Pipeline.diff(.init(base: .path(base), head: base)).diff.isEmpty)
        // Outside a git repository a revision base is bad input, and nothing is left behind.
        let outside = try NavGraphBinary.temporaryDirectory(self)
        try outside.write("a.yml", "navgraph: 1\nfeatures: [{name: A}]\n")
        XCTAssertThrowsError(try Pipeline.diff(.init(base: .revision("HEAD"), head: outside.appendingPathComponent("a.yml").path))) { error in
            XCTAssertTrue((error as? InputError)?.diagnostics.first?.message.hasPrefix("navgraph diff --base: ") == true, "\(error)")
        }
    }

    private func configuration(path: String) -> Configuration {
        var c = Configuration.defaults
        c.registries = [path]
        return c
    }

    /// `render -f html` runs the checks once: under one scenario the diagram's findings are read out
    /// of the page's `ScenarioFindings`, and they must be what `findings()` gives.
    func testTheDiagramsFindingsAreThePagesStartScenariosUnderOneScenario() throws {
        let dir = try NavGraphBinary.temporaryDirectory(self)
        // A run-time flag, a flag only a feature follows (undeclared), and a declared one switched off.
        try dir.write("flags.yml", """
            navgraph: 1
            flags: {beta: false, live: {default: runtime}}
            entries: [{feature: Home}]
            features:
              - {name: Home, navigates: [{route: BetaRoute}, {route: LiveRoute}, {route: GhostRoute}]}
              - {name: Beta, enabled: "flag:beta"}
              - {name: Live, enabled: "flag:live", fallback: Home}
              - {name: Ghost, enabled: "flag:ghost"}
              - {name: Late, enabled: runtime}
            routes: [{id: BetaRoute}, {id: LiveRoute}, {id: GhostRoute}]
            handlers: [{name: H, routes: {BetaRoute: Beta, LiveRoute: Live, GhostRoute: Ghost}}]
            """)
        let files = ["Examples/Broken.yml", "Examples/ShopApp.yml", "Examples/RouterServiceExample.yml"].map(example)
            + [dir.appendingPathComponent("flags.yml").path]
        var compared = 0
        for file in files {
            for overrides in [[:], ["beta_profile": false, "new_checkout": true], ["beta": true, "live": false]] {
                let analysis = try Pipeline.analyze(.init(configuration: configuration(path: file), flagOverrides: overrides))
                let found = analysis.renderFindings(page: true)
                XCTAssertEqual(found.diagram, analysis.findings(), "\(file) \(overrides)")
                XCTAssertEqual(found.page?.scenarios.count, analysis.scenarioFindings().scenarios.count)
                XCTAssertEqual(analysis.renderFindings(page: false).diagram, analysis.findings())
                XCTAssertNil(analysis.renderFindings(page: false).page)
                compared += found.diagram.count
            }
        }
        XCTAssertGreaterThan(compared, 20, "the registries have findings to compare")
        // Several scenarios: the diagram marks them merged (a run of its own), not the start scenario's.
        let all = try Pipeline.analyze(.init(configuration: configuration(path: files[0]), allFlagCombinations: true))
        XCTAssertGreaterThan(all.scenarios.count, 1)
        XCTAssertEqual(all.renderFindings(page: true).diagram, all.findings())
    }
}
