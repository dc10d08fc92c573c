import Foundation
import XCTest

final class ConfigCommandTests: XCTestCase {
    func testDumpRoundTripsAndShowsPrecedence() throws {
        let dir = try NavGraphBinary.temporaryDirectory(self)
        try dir.write(".navgraph.yml", """
            registries: [navigation/registry.yml]
            entries: [{feature: RootFeature}]
            rules:
              unused-route: {enabled: false}
              missing-fallback: {severity: warning}
            exclude: {modules: [DebugMenu], names: [LegacyFeature]}
            scenarios:
              siri_off: {siri_shortcuts: false}
            strict: false
            reporter: xcode
            reports: {sarif: out/navgraph.sarif}
            baseline: navgraph-baseline.json
            scan: {moduleMap: {Sources/Shop: Shop}}
            """)
        let first = try NavGraphBinary.run(["config", "--dump"], in: dir)
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(first.stderr, "")
        XCTAssertTrue(first.stdout.contains("unused-route: {enabled: false}"), first.stdout)
        XCTAssertTrue(first.stdout.contains("reporter: xcode"), first.stdout)

        try dir.write("dumped.yml", first.stdout)
        let second = try NavGraphBinary.run(["config", "--dump", "--config", "dumped.yml"], in: dir)
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertEqual(second.stdout, first.stdout, "the dump reloads to the same configuration")

        let cli = try NavGraphBinary.run(["config", "--dump", "--reporter", "sarif", "--strict", "other.yml"], in: dir)
        XCTAssertTrue(cli.stdout.contains("reporter: sarif\n"), cli.stdout)
        XCTAssertTrue(cli.stdout.contains("strict: true\n"), cli.stdout)
        XCTAssertTrue(cli.stdout.contains("registries: [other.yml]\n"), cli.stdout)
        XCTAssertTrue(cli.stdout.contains("baseline: navgraph-baseline.json\n"), "unset on the command line: from the file")
    }

    func testValidationWarnsOnUnknownKeysAndFailsOnBadValues() throws {
        let dir = try NavGraphBinary.temporaryDirectory(self)
        try dir.write(".navgraph.yml", "registries: [a.yml]\nexclud: {modules: [X]}\n")
        var r = try NavGraphBinary.run(["config"], in: dir)
        XCTAssertEqual(r.status, 0)
        XCTAssertTrue(r.stderr.contains(".navgraph.yml:2:1: warning: unknown key 'exclud' in the configuration; did you mean 'exclude'?"), r.stderr)

        try dir.write(".navgraph.yml", "strict: sometimes\n")
        r = try NavGraphBinary.run(["config"], in: dir)
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains(".navgraph.yml:1:9: error: strict must be true or false"), r.stderr)

        r = try NavGraphBinary.run(["check"], in: try NavGraphBinary.temporaryDirectory(self))
        XCTAssertEqual(r.status, 2, "no paths and no config is a usage error")
    }
}
