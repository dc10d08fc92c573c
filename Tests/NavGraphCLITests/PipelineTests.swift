import Foundation
import NavGraphKit
import NavGraphPipeline
import NavGraphScan
import XCTest

/// The pipeline as a library call (what every command runs), and the `scan:` section read from
/// its positioned nodes.
final class PipelineTests: XCTestCase {
    private func scanSection(_ yaml: String) throws -> RawNode? {
        try ConfigurationLoader.load(text: "scan:\n" + yaml, file: "nav.yml").configuration.scan
    }

    func testScanSectionReadsYAMLBooleansAndAddsListsToTheDefaults() throws {
        let (c, problems) = ScanConfiguration.read(try scanSection("  strict: True\n  includeTests: yes\n  featureProtocols: [Builder]\n  styles: [auto, components]\n"))
        XCTAssertEqual(problems, [])
        XCTAssertTrue(c.strict)
        XCTAssertTrue(c.includeTests)
        XCTAssertEqual(c.featureProtocols, ["Feature", "Builder"])
        XCTAssertEqual(c.styles, [.components])
    }

    func testScanSectionProblemsArePositioned() throws {
        let (_, problems) = ScanConfiguration.read(try scanSection("  strict: maybe\n  stylez: [components]\n  styles: [viper]\n  moduleMap: [a]\n"))
        XCTAssertEqual(problems.map(\.description), [
            "nav.yml:2:11: error: scan.strict must be true or false, found a string",
            "nav.yml:3:3: warning: unknown key 'stylez' in scan; did you mean 'styles'?",
            "nav.yml:4:11: error: scan.styles: 'viper' is not a routing style (auto, routerservice, protocol-routes, featherweight, components, module-factory, route-enum)",
            "nav.yml:5:14: error: scan.moduleMap must be a mapping of path prefixes to module names, found a list",
        ])
    }

    func testAnalyzeLoadsChecksAndAppliesTheBaseline() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-pipeline-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("app.yml").path
        try """
            navgraph: 1
            flags: {beta: false}
            entries: [{feature: Home}]
            features:
              - {name: Home, navigates: [{route: BetaRoute}]}
              - {name: Beta, enabled: "flag:beta"}
              - {name: Orphan}
            routes: [{id: BetaRoute}]
            handlers: [{name: BetaHandler, routes: {BetaRoute: Beta}}]
            """.write(toFile: file, atomically: true, encoding: .utf8)
        var config = Configuration.defaults
        config.registries = [file]
        let analysis = try Pipeline.analyze(.init(configuration: config, flagOverrides: ["beta": true, "gamma": false]))
        XCTAssertEqual(analysis.scenarios.map(\.name), ["beta=on,gamma=off"])
        XCTAssertEqual(analysis.warnings.map(\.message), ["--flag gamma: the registry declares no such flag"])
        let all = analysis.findings()
        XCTAssertEqual(all.map(\.ruleID), ["missing-fallback", "unreachable-feature"])
        let (report, filtered) = analysis.check(options: config.checkOptions(), baseline: Baseline(findings: all))
        XCTAssertEqual(report.findings.count, 0)
        XCTAssertEqual(filtered.hidden, 2)

        config.registries = []
        XCTAssertThrowsError(try Pipeline.analyze(.init(configuration: config))) { XCTAssertTrue($0 is Pipeline.UsageError) }
    }
}
