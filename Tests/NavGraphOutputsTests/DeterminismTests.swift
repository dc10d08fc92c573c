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
import NavGraphSynthetic

/// The same registry in any order gives byte-identical output.
final class DeterminismTests: XCTestCase {
    /// Every element of the broken example, with `source:` set so locations do not depend on
    /// where the element stands in the file, shuffled with several seeds.
    func testShuffledRegistryGivesIdenticalFindings() throws {
        var registry = try RegistryLoader().load(paths: [examplePath("Broken.yml")])
        registry = withSources(registry)
        let reference = XcodeReporter.generateReport(CheckReport(findings: runChecks(registry)))
        XCTAssertFalse(reference.isEmpty)
        var rng = SplitMix(seed: 42)
        for _ in 0..<8 {
            var shuffled = registry
            shuffled.entries.shuffle(using: &rng)
            shuffled.flags.shuffle(using: &rng)
            shuffled.routes.shuffle(using: &rng)
            shuffled.handlers.shuffle(using: &rng)
            shuffled.features.shuffle(using: &rng)
            shuffled.dependencies.shuffle(using: &rng)
            shuffled.deeplinks.shuffle(using: &rng)
            for i in shuffled.features.indices {
                shuffled.features[i].navigates.shuffle(using: &rng)
                shuffled.features[i].dependencies.shuffle(using: &rng)
                shuffled.features[i].presents.shuffle(using: &rng)
            }
            // Through text too: write, reload, check.
            let text = RegistryWriter.yaml(shuffled)
            let reloaded = try loadRegistry(text, file: "shuffled.yml")
            XCTAssertEqual(XcodeReporter.generateReport(CheckReport(findings: runChecks(shuffled))), reference)
            XCTAssertEqual(XcodeReporter.generateReport(CheckReport(findings: runChecks(reloaded))), reference)
            XCTAssertEqual(text, RegistryWriter.yaml(registry))
        }
    }

    func testFileOrderOnTheCommandLineDoesNotMatter() throws {
        let a = try RegistryLoader().load(paths: [examplePath("ShopApp.yml"), examplePath("RouterServiceExample.yml")])
        let b = try RegistryLoader().load(paths: [examplePath("RouterServiceExample.yml"), examplePath("ShopApp.yml")])
        XCTAssertEqual(a, b)
    }

    /// Gives every element a synthetic `source:` derived from its name.
    private func withSources(_ r: Registry) -> Registry {
        var r = r
        func loc(_ name: String, _ n: Int = 1) -> SourceLocation { SourceLocation(file: "Sources/\(name).swift", line: n, column: 1) }
        for i in r.entries.indices { r.entries[i].origin.source = loc("Entry\(r.entries[i].name)") }
        for i in r.flags.indices { r.flags[i].origin.source = loc("Flags", i + 1) }
        for i in r.routes.indices { r.routes[i].origin.source = loc("Route_\(r.routes[i].id)_\(r.routes[i].type ?? "")") }
        for i in r.handlers.indices {
            r.handlers[i].origin.source = loc(r.handlers[i].name)
            for j in r.handlers[i].routes.indices { r.handlers[i].routes[j].origin.source = loc(r.handlers[i].name, j + 2) }
        }
        for i in r.features.indices {
            let f = r.features[i]
            r.features[i].origin.source = loc("\(f.name)\(f.dependencies.count)\(f.ignore.count)")
            r.features[i].enabledOrigin = r.features[i].origin
            r.features[i].fallbackOrigin = r.features[i].origin
            for j in f.navigates.indices { r.features[i].navigates[j].origin.source = loc("\(f.name)_nav_\(f.navigates[j].route)") }
            for j in f.dependencies.indices { r.features[i].dependencies[j].origin.source = loc("\(f.name)_dep_\(f.dependencies[j].name)") }
            for j in f.presents.indices { r.features[i].presents[j].origin.source = loc("\(f.name)_presents_\(f.presents[j].feature)") }
        }
        for i in r.dependencies.indices {
            let b = r.dependencies[i]
            r.dependencies[i].origin.source = loc("\(b.protocol)_\(b.implementation ?? "")")
            for j in b.dependencies.indices { r.dependencies[i].dependencies[j].origin.source = loc("\(b.implementation ?? "")_dep_\(b.dependencies[j].name)") }
        }
        for i in r.deeplinks.indices { r.deeplinks[i].origin.source = loc("Deeplinks", i + 1 + r.deeplinks[i].displayName.count) }
        return r
    }
}
