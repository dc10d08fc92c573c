import Foundation
import NavGraphKit
import XCTest
@testable import NavGraphScan

/// The scan cache's second level (`ScanResultCache`, docs/scanning.md): an unchanged tree gets the
/// whole result from one entry, byte-identical to an uncached scan; any change misses it and still
/// gives the uncached answer; a damaged entry is a warning and a miss, never a result.
final class ScanResultCacheTests: XCTestCase {
    private func output(_ r: ScanResult) -> String { ScanCacheTesting.output(r) }
    private func entries(in dir: String) -> [String] { ScanCacheTesting.files(in: dir, prefix: "scan-") }

    private func scan(_ paths: [String], cache: String?, configuration: ScanConfiguration = .init(), version: String = "test") throws -> ScanResult {
        try ScanCacheTesting.scan(paths, cache: cache, configuration: configuration, version: version)
    }

    /// A copy of an example app in a fresh folder, and a cache folder beside it.
    private func copy(_ app: String) throws -> (app: String, cache: String) {
        let work = try ScanCacheTesting.temporaryDirectory(self)
        try FileManager.default.copyItem(atPath: ExampleAppsTests.examples + "/" + app, toPath: work + "/" + app)
        return (work + "/" + app, work + "/cache")
    }

    // MARK: The byte format

    /// A new stored property of a result or registry type must be written by the entry too
    /// (ResultCoding.swift); these counts are what it writes.
    func testEveryStoredPropertyOfTheResultIsCached() {
        func count(_ v: Any) -> Int { Mirror(reflecting: v).children.count }
        let l = SourceLocation(file: "f", line: 1, column: 1)
        // `cacheNotes` is the one field not stored (it is about the run, not the tree).
        XCTAssertEqual(count(ScanResult(registry: Registry(), diagnostics: [])), 7)
        XCTAssertEqual(count(ScanSummary()), 27)
        XCTAssertEqual(count(CallSiteExplanation(location: l, kind: .navigate, written: "")), 6)
        XCTAssertEqual(count(CallSiteExplanation.Resolved(route: "", features: [], site: l, chain: [])), 4)
        XCTAssertEqual(count(CallSiteExplanation.Unresolved(reason: "", chain: [])), 3)
        XCTAssertEqual(count(Diagnostic(.note, "", at: nil)), 3)
        // A plain value: the loader's name ids travel beside it (`LoadedRegistry`), not in it.
        XCTAssertEqual(count(Registry()), 10)
        XCTAssertEqual(count(UnfollowedCall(call: "")), 8)
        XCTAssertEqual(count(ElementOrigin()), 2)
        XCTAssertEqual(count(Entry(target: .feature(""))), 3)
        XCTAssertEqual(count(FeatureFlag(name: "", defaultValue: true)), 5)
        XCTAssertEqual(count(ProvidedDependency(name: "")), 2)
        XCTAssertEqual(count(Route(id: "")), 7)
        XCTAssertEqual(count(Route.Parameter(name: "", type: "")), 2)
        XCTAssertEqual(count(RouteHandler(name: "")), 5)
        XCTAssertEqual(count(RouteHandler.Mapping(route: "", feature: "")), 3)
        XCTAssertEqual(count(Feature(name: "")), 12)
        XCTAssertEqual(count(Navigation(route: "")), 3)
        XCTAssertEqual(count(Presentation(feature: "")), 3)
        XCTAssertEqual(count(UnusedFallback(declared: "", requirement: "")), 3)
        XCTAssertEqual(count(DependencyRef(name: "")), 4)
        XCTAssertEqual(count(DependencyBinding(protocol: "")), 6)
        XCTAssertEqual(count(DeepLink()), 5)
    }

    /// Every example's result, with every optional field set somewhere, written, read back and
    /// written again gives the same bytes and an equal value.
    func testResultsOfEveryExampleRoundTrip() throws {
        for app in ScanCacheTesting.apps {
            var result = try scan([ExampleAppsTests.examples + "/" + app], cache: nil)
            result.cacheNotes = []
            var w = CacheWriter()
            w.value(result)
            let decoded: ScanResult = try w.bytes.withUnsafeBytes { raw in
                var r = CacheReader(raw)
                let decoded = try ScanResult(from: &r)
                XCTAssertTrue(r.isAtEnd, app)
                return decoded
            }
            XCTAssertEqual(decoded, result, app)
            var again = CacheWriter()
            again.value(decoded)
            XCTAssertEqual(again.bytes, w.bytes, app)
        }
        // The fields the examples may not set: a value with all of them.
        let l = SourceLocation(file: "a.swift", line: 3, column: 4)
        let o = ElementOrigin(registry: l, source: SourceLocation(file: "b.swift", line: 1, column: 2))
        var feature = Feature(
            name: "F", module: "M", enabled: .flag("x"), enabledOrigin: o, fallback: "G", fallbackOrigin: o,
            dependencies: [DependencyRef(name: "D", lazy: true, used: false, origin: o)], navigates: [Navigation(route: "r", style: "push", origin: o)],
            origin: o, ignore: ["unused-route"])
        feature.unusedFallback = UnusedFallback(declared: "fallback(forRoute:)", requirement: "fallback(for:)", origin: o)
        let registry = Registry(
            app: "App", entries: [Entry(target: .route("r"), origin: o, ignore: ["a"])],
            flags: [FeatureFlag(name: "x", defaultValue: false, runtime: true, owner: "me", origin: o)],
            provided: [ProvidedDependency(name: "P", origin: o)],
            routes: [Route(id: "r", type: "R", module: "M", parameters: [.init(name: "p", type: "Int")], origin: o, ignore: ["b"], system: .featherweight)],
            handlers: [RouteHandler(name: "H", module: "M", routes: [.init(route: "r", feature: "F", origin: o)], origin: o, ignore: ["c"])],
            features: [feature],
            dependencies: [DependencyBinding(protocol: "D", implementation: "DI", module: "M", dependencies: [DependencyRef(name: "E")], origin: o, ignore: ["d"])],
            deeplinks: [DeepLink(url: "app://x", route: "r", anyRoute: "r|{}", origin: o, ignore: ["e"])])
        var full = ScanResult(registry: registry, diagnostics: [Diagnostic(.error, "m", at: l), Diagnostic(.warning, "n", at: nil)], fileCount: 7)
        full.summary.target = "App"
        full.summary.styles = [.components, .routerService]
        full.summary.learned = ["feature protocol Builder"]
        full.summary.resultFromCache = true
        var site = CallSiteExplanation(location: l, kind: .navigate, written: "x")
        site.resolved = [.init(route: "r", features: ["F"], site: l, chain: ["via"])]
        site.unresolved = [.init(reason: "why", chain: ["a", "b"])]
        full.explanations = [site]
        full.registryYAML = "features:\n  - name: F\n"
        var w = CacheWriter()
        w.value(full)
        let decoded: ScanResult = try w.bytes.withUnsafeBytes { raw in
            var r = CacheReader(raw)
            return try ScanResult(from: &r)
        }
        XCTAssertEqual(decoded, full)
    }

    // MARK: Scans

    /// Every example app: the second scan takes its whole result from the entry, and prints
    /// byte-identical registries, diagnostics, explanations and summary lines to an uncached scan;
    /// the entry alone answers (the facts pack is not even read).
    func testWholeScanOfEveryExampleIsByteIdentical() throws {
        for app in ScanCacheTesting.apps {
            let dir = ExampleAppsTests.examples + "/" + app
            let cache = try ScanCacheTesting.temporaryDirectory(self)
            let plain = try scan([dir], cache: nil)
            let first = try ScanCacheTesting.scan([dir], cache: cache, keepsYAML: true)
            XCTAssertFalse(first.summary.resultFromCache, app)
            XCTAssertEqual(entries(in: cache).count, 1, app)
            // No pack: the second scan cannot have parsed anything and still be the same.
            for pack in ScanCacheTesting.files(in: cache, prefix: "facts-") { try FileManager.default.removeItem(atPath: pack) }
            let second = try ScanCacheTesting.scan([dir], cache: cache, keepsYAML: true)
            // The YAML `navgraph scan` prints comes back made, and is what the registry writes.
            XCTAssertEqual(second.registryYAML, RegistryWriter.yaml(plain.registry), app)
            XCTAssertEqual(first.registryYAML, second.registryYAML, app)
            XCTAssertTrue(second.summary.resultFromCache, app)
            XCTAssertEqual(second.summary.filesFromCache, second.summary.filesRead, app)
            XCTAssertEqual(second.cacheNotes, [], app)
            XCTAssertEqual(output(first), output(plain), app)
            XCTAssertEqual(output(second), output(plain), app)
            XCTAssertEqual(second.registry, plain.registry, app)
            XCTAssertEqual(second.diagnostics, plain.diagnostics, app)
            XCTAssertEqual(second.explanations, plain.explanations, app)
            XCTAssertEqual(second.fileCount, plain.fileCount, app)
            XCTAssertEqual(ScanCacheTesting.files(in: cache, prefix: "facts-"), [], "a hit writes no pack")
        }
    }

    /// Strict and learnt-dialect scans: their errors and learnt names come back from the entry too.
    func testStrictAndLearntScansComeBackWhole() throws {
        var strict = ScanConfiguration()
        strict.strict = true
        for (app, configuration) in [("VIPERShop", strict), ("RenamedDialect", ScanConfiguration())] {
            let dir = ExampleAppsTests.examples + "/" + app
            let cache = try ScanCacheTesting.temporaryDirectory(self)
            let plain = try scan([dir], cache: nil, configuration: configuration)
            _ = try scan([dir], cache: cache, configuration: configuration)
            let second = try scan([dir], cache: cache, configuration: configuration)
            XCTAssertTrue(second.summary.resultFromCache, app)
            XCTAssertEqual(output(second), output(plain), app)
            XCTAssertEqual(second.hasErrors, plain.hasErrors, app)
            XCTAssertEqual(second.summary.learned, plain.summary.learned, app)
        }
    }

    /// A byte of one file, a file added, a file removed, a manifest, the configuration, navgraph's
    /// version: each misses the entry, and the scan gives what an uncached scan of that tree gives;
    /// the scan after it hits the rewritten entry. A file touched without a change still hits.
    func testAnyChangeMissesTheEntryAndGivesTheUncachedAnswer() throws {
        let (app, cache) = try copy("CoordinatorApp")
        func expectMiss(_ what: String, configuration: ScanConfiguration = .init(), version: String = "test", line: UInt = #line) throws {
            let r = try scan([app], cache: cache, configuration: configuration, version: version)
            XCTAssertFalse(r.summary.resultFromCache, what, line: line)
            XCTAssertEqual(output(r), output(try scan([app], cache: nil, configuration: configuration)), what, line: line)
            XCTAssertEqual(r.cacheNotes, [], what, line: line)
            let again = try scan([app], cache: cache, configuration: configuration, version: version)
            XCTAssertTrue(again.summary.resultFromCache, what, line: line)
            XCTAssertEqual(output(again), output(r), what, line: line)
        }
        try expectMiss("the first scan")
        let n = try scan([app], cache: cache).summary.filesRead

        // One byte of one file that leaves its facts as they were: that file is parsed again, and the
        // entry's facts key gives the stored result (`ScanPlanCacheTests` has an edit that does not).
        let file = app + "/Modules/Catalog/Code/CatalogCoordinator.swift"
        let text = try String(contentsOfFile: file, encoding: .utf8)
        try (text + " ").write(toFile: file, atomically: true, encoding: .utf8)
        let edited = try scan([app], cache: cache)
        XCTAssertTrue(edited.summary.resultFromCache)
        XCTAssertEqual(edited.summary.filesFromCache, n - 1)
        XCTAssertEqual(output(edited), output(try scan([app], cache: nil)))
        XCTAssertTrue(try scan([app], cache: cache).summary.resultFromCache)

        // The same bytes written again (a new modification time): still a hit.
        try (text + " ").write(toFile: file, atomically: true, encoding: .utf8)
        XCTAssertTrue(try scan([app], cache: cache).summary.resultFromCache)

        // An edit that moves a location: the output changes, and the cached scan says so.
        try ("\n" + text).write(toFile: file, atomically: true, encoding: .utf8)
        try expectMiss("a line added")

        // A file added (a screen that navigates), then removed.
        let added = app + "/Modules/Catalog/Code/PromoFeature.swift"
        try """
            import RouterService
            struct PromoFeature: Feature {
                @Dependency var router: RouterServiceProtocol
                func build(fromRoute route: Route?) -> UIViewController { UIViewController() }
            }
            """.write(toFile: added, atomically: true, encoding: .utf8)
        try expectMiss("a file added")
        XCTAssertTrue(try scan([app], cache: cache).registry.features.contains { $0.name == "PromoFeature" })
        try FileManager.default.removeItem(atPath: added)
        try expectMiss("a file removed")
        XCTAssertFalse(try scan([app], cache: cache).registry.features.contains { $0.name == "PromoFeature" })

        // A manifest that renames a target (the modules of its files change).
        let manifest = app + "/Package.swift"
        let package = try String(contentsOfFile: manifest, encoding: .utf8)
        try package.replacingOccurrences(of: "name: \"Catalog\"", with: "name: \"Catalogue\"").write(toFile: manifest, atomically: true, encoding: .utf8)
        try expectMiss("a target renamed")
        XCTAssertTrue(try scan([app], cache: cache).registry.features.contains { $0.module == "Catalogue" })

        // The configuration, and another navgraph.
        var config = ScanConfiguration()
        config.navigateFunctions.append("go")
        try expectMiss("another configuration", configuration: config)
        var strict = ScanConfiguration()
        strict.strict = true
        try expectMiss("strict", configuration: strict)
        try expectMiss("another version", version: "other")
    }

    /// A file that cannot be read: the scan says so, and stores no entry (the next scan reads again).
    func testUnreadableFileStoresNoEntry() throws {
        let (app, cache) = try copy("SwiftUIRouter")
        let dangling = app + "/Gone.swift"
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: app + "/nowhere.swift")
        let first = try scan([app], cache: cache)
        XCTAssertTrue(first.diagnostics.contains { $0.message.contains("cannot read") }, "\(first.diagnostics)")
        XCTAssertEqual(entries(in: cache), [])
        let second = try scan([app], cache: cache)
        XCTAssertFalse(second.summary.resultFromCache)
        XCTAssertEqual(output(second), output(first))
    }

    /// Garbage, an empty file, truncations, a flipped byte in the payload or its checksum: the scan's
    /// output is the uncached one, a note says the entry was ignored, and the entry is rewritten.
    func testDamagedEntryIsIgnoredWithAWarning() throws {
        let dir = ExampleAppsTests.examples + "/CoordinatorApp"
        let cache = try ScanCacheTesting.temporaryDirectory(self)
        let expected = output(try scan([dir], cache: nil))
        _ = try scan([dir], cache: cache)
        let entry = try XCTUnwrap(entries(in: cache).first)
        let sound = [UInt8](try XCTUnwrap(FileManager.default.contents(atPath: entry)))
        XCTAssertTrue(try scan([dir], cache: cache).summary.resultFromCache)

        func damage(_ bytes: [UInt8], _ what: String, line: UInt = #line) throws {
            try Data(bytes).write(to: URL(fileURLWithPath: entry))
            let r = try scan([dir], cache: cache)
            XCTAssertFalse(r.summary.resultFromCache, what, line: line)
            XCTAssertEqual(output(r), expected, what, line: line)
            XCTAssertTrue(r.cacheNotes.contains { $0.contains("whole-scan entry") && $0.contains("ignored") }, "\(what): \(r.cacheNotes)", line: line)
            // The files' facts still come from the pack.
            XCTAssertEqual(r.summary.filesFromCache, r.summary.filesRead, what, line: line)
            let next = try scan([dir], cache: cache)
            XCTAssertTrue(next.summary.resultFromCache, what, line: line)
            XCTAssertEqual(next.cacheNotes, [], what, line: line)
        }
        try damage(Array("not an entry".utf8), "garbage")
        try damage([], "empty")
        try damage(Array(sound.prefix(ScanResultCache.magic.count + 10)), "cut in the key")
        try damage(Array(sound.prefix(sound.count / 2)), "cut in half")
        try damage(Array(sound.dropLast()), "one byte short")
        try damage(sound + [0], "one byte long")
        var flipped = sound
        flipped[sound.count - 5] ^= 0x20
        try damage(flipped, "a payload byte flipped")
        flipped = sound
        flipped[ScanResultCache.magic.count + 36] ^= 0x01
        try damage(flipped, "a checksum byte flipped")
        // A checksum that matches a payload that does not decode (a bug or a forgery): still a miss.
        var payload = CacheWriter()
        payload.uint(99)
        var forged = ScanResultCache.magic + Array(sound[ScanResultCache.magic.count..<(ScanResultCache.magic.count + 32)])
        forged += ContentHash.of(payload.bytes).bytes + [UInt8(payload.bytes.count)] + payload.bytes
        try damage(forged, "a payload that does not decode")
    }

    /// An entry of another tree state (its bytes key and its facts key differ) is a silent miss, not a warning.
    func testEntryOfAnotherTreeIsASilentMiss() throws {
        let (app, cache) = try copy("VIPERShop")
        _ = try scan([app], cache: cache)
        let entry = try XCTUnwrap(entries(in: cache).first)
        var bytes = [UInt8](try XCTUnwrap(FileManager.default.contents(atPath: entry)))
        bytes[ScanResultCache.magic.count] ^= 0xff
        bytes[ScanResultCache.magic.count + 16] ^= 0xff
        try Data(bytes).write(to: URL(fileURLWithPath: entry))
        let r = try scan([app], cache: cache)
        XCTAssertFalse(r.summary.resultFromCache)
        XCTAssertEqual(r.cacheNotes, [])
        XCTAssertEqual(output(r), output(try scan([app], cache: nil)))
    }
}
