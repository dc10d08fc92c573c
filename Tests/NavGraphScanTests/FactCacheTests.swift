import Foundation
import NavGraphKit
import NavGraphPlatform
import XCTest
@testable import NavGraphScan

/// The scan cache (`.navgraph-cache/`, docs/scanning.md): a cached scan gives byte-identical output,
/// a changed file re-parses only itself, and a damaged or foreign cache is never trusted nor fatal.
final class FactCacheTests: XCTestCase {
    static let apps = ScanCacheTesting.apps

    private func temporaryDirectory() throws -> String { try ScanCacheTesting.temporaryDirectory(self) }
    private func output(_ r: ScanResult) -> String { ScanCacheTesting.output(r) }
    private func packs(in dir: String) -> [String] { ScanCacheTesting.files(in: dir, prefix: "facts-") }

    /// Removes the whole-scan entries (`ScanResultCacheTests` tests them), so the next scan reads
    /// the per-file level.
    private func forgetWholeScans(in dir: String) {
        for f in ScanCacheTesting.files(in: dir, prefix: "scan-") { try? FileManager.default.removeItem(atPath: f) }
    }

    private func scan(_ paths: [String], cache: String?, configuration: ScanConfiguration = .init(), version: String = "test") throws -> ScanResult {
        try ScanCacheTesting.scan(paths, cache: cache, configuration: configuration, version: version)
    }

    // MARK: The hash

    /// The reference MurmurHash3 x64 128-bit values (from the `mmh3` Python package: h1, h2).
    func testContentHashMatchesReferenceVectors() {
        XCTAssertEqual(ContentHash.of(""), ContentHash(high: 0, low: 0))
        XCTAssertEqual(ContentHash.of("a").description, "85555565f6597889e6b53a48510e895a")
        XCTAssertEqual(ContentHash.of("hello").description, "cbd8a7b341bd9b025b1e906a48ae1d19")
        XCTAssertEqual(ContentHash.of("navgraph scan cache").description, "1ceaa93215626bdcb2cfa9e0b06e651c")
        XCTAssertEqual(ContentHash.of(Array(0..<31)).description, "053dd3e1a32cd0949ee59aefb4005490")
        XCTAssertEqual(ContentHash.of(Array(0..<16)).description, "444924b591903f30ab906456762fe845")
        XCTAssertEqual(ContentHash.of(Array(0..<9)).description, "fbb4cb0f6e812d3278de751d0200ffb9")
        XCTAssertEqual(ContentHash.of("hello", seed: 42).description, "c4b8b3c960af6f082334b875b0efbc7a")
    }

    /// Every one-bit change of a 1 KiB text, and every prefix of it, hashes differently; a bit flip
    /// changes about half of the 128 bits.
    func testContentHashSeparatesNearInputs() {
        var bytes = [UInt8](repeating: 0, count: 1024)
        for i in bytes.indices { bytes[i] = UInt8(truncatingIfNeeded: i &* 31 &+ 7) }
        let base = ContentHash.of(bytes)
        var seen: Set<ContentHash> = [base]
        var changedBits = 0
        for bit in 0..<(bytes.count * 8) {
            var b = bytes
            b[bit / 8] ^= 1 << UInt8(bit % 8)
            let h = ContentHash.of(b)
            XCTAssertTrue(seen.insert(h).inserted, "collision at bit \(bit)")
            changedBits += (h.high ^ base.high).nonzeroBitCount + (h.low ^ base.low).nonzeroBitCount
        }
        for n in 0..<bytes.count { XCTAssertTrue(seen.insert(ContentHash.of(Array(bytes[0..<n]))).inserted, "collision at prefix \(n)") }
        // Trailing zero bytes count (the length is mixed in).
        XCTAssertNotEqual(ContentHash.of([1]), ContentHash.of([1, 0]))
        let average = Double(changedBits) / Double(bytes.count * 8)
        XCTAssertEqual(average, 64, accuracy: 2, "avalanche")
    }

    // MARK: The byte format

    /// A new stored property of a fact type must be written by the cache too (FactCoding.swift);
    /// this count is what it writes.
    func testEveryStoredPropertyIsCached() {
        let l = SourceLocation(file: "f", line: 1, column: 1)
        func count(_ v: Any) -> Int { Mirror(reflecting: v).children.count }
        XCTAssertEqual(count(FileFacts(path: "", module: nil)), 19)
        XCTAssertEqual(count(TypeFacts(name: "", isExtension: false, isProtocol: false, module: nil, location: l)), 32)
        XCTAssertEqual(count(FunctionFacts(owner: nil, name: "", parameters: [], isStatic: false, inProtocol: false, returnType: nil, location: l, module: nil)), 13)
        XCTAssertEqual(count(FunctionFacts.Parameter(label: "", name: "", typeName: "")), 8)
        XCTAssertEqual(count(CallFact(callee: .init(receiver: .implicit, name: ""), arguments: [], function: nil, enclosingTypes: [], location: l, module: nil)), 9)
        XCTAssertEqual(count(NavigateFact(target: .routeID(""), style: nil, location: l, enclosingTypes: [], module: nil, function: nil)), 6)
        XCTAssertEqual(count(EntryFact(target: .feature(""), location: l, ignore: [])), 6)
        XCTAssertEqual(count(DependencyRegistrationFact(protocolName: "", implementation: nil, location: l, ignore: [], module: nil)), 5)
        XCTAssertEqual(count(RegistrationFact(typeName: "", location: l, ignore: [])), 3)
        XCTAssertEqual(count(DeepLinkFact(anyRoute: "", location: l, ignore: [])), 3)
        XCTAssertEqual(count(TypeAliasFact(owner: nil, name: "", types: [], location: l)), 4)
        XCTAssertEqual(count(EnumCaseFact(name: "", rawValue: nil, location: l)), 3)
        XCTAssertEqual(count(StringFact(value: "", location: l)), 2)
        XCTAssertEqual(count(MemberFact(name: "", type: TypeRef(name: "", lazy: false), typeText: "", location: l)), 4)
        XCTAssertEqual(count(TypeRef(name: "", lazy: false)), 2)
        XCTAssertEqual(count(InjectedFact(name: "", type: "", location: l, viaDependenciesStruct: false)), 4)
        XCTAssertEqual(count(DestinationFact(routeTypes: nil, feature: "", location: l)), 3)
        XCTAssertEqual(count(PropertyValue(value: .ref(""), function: nil)), 4)
        XCTAssertEqual(count(SwitchFact(subject: .ref(""), cases: [], function: nil, enclosingTypes: [], location: l, module: nil)), 6)
        XCTAssertEqual(count(SwitchFact.Case(patterns: [], isDefault: false, values: [], location: l, end: l)), 5)
        XCTAssertEqual(count(TableFact(entries: [], function: nil, enclosingTypes: [], location: l, module: nil)), 6)
        XCTAssertEqual(count(TableFact.Entry(key: .ref(""), value: .ref(""), location: l)), 3)
        XCTAssertEqual(count(SubscriptFact(base: .ref(""), key: "", function: nil, location: l)), 4)
        XCTAssertEqual(count(ScanWarning(.syntaxError, "", at: nil)), 3)
        XCTAssertEqual(count(l), 3)
        XCTAssertEqual(count(ScanConfiguration()), ScanConfigurationFingerprint.fieldCount)
    }

    /// The facts of every example file, written, read back and written again, give the same bytes.
    func testFactsOfEveryExampleRoundTrip() throws {
        var files = 0
        for app in Self.apps {
            let dir = ExampleAppsTests.examples + "/" + app
            for path in SwiftSourceScanner.swiftFiles(under: dir).sorted() {
                let source = try String(contentsOfFile: path, encoding: .utf8)
                let facts = FactExtractor.extract(path: path, module: app, source: source, config: ScanConfiguration())
                var w = CacheWriter()
                w.value(facts)
                let decoded: FileFacts = try w.bytes.withUnsafeBytes { raw in
                    var r = CacheReader(raw)
                    let f = try FileFacts(from: &r)
                    XCTAssertTrue(r.isAtEnd)
                    return f
                }
                var again = CacheWriter()
                again.value(decoded)
                XCTAssertEqual(w.bytes, again.bytes, path)
                files += 1
            }
        }
        XCTAssertGreaterThan(files, 50)
    }

    /// Truncated or altered bytes throw (or decode to something); they never trap.
    func testDamagedBytesNeverTrap() throws {
        let path = ExampleAppsTests.examples + "/CoordinatorApp/Modules/Catalog/Code/CatalogCoordinator.swift"
        let facts = FactExtractor.extract(path: path, module: "Catalog", source: try String(contentsOfFile: path, encoding: .utf8), config: ScanConfiguration())
        var w = CacheWriter()
        w.value(facts)
        let bytes = w.bytes
        var failures = 0
        for n in stride(from: 0, to: bytes.count, by: 7) {
            let cut = Array(bytes[0..<n])
            if (try? cut.withUnsafeBytes { raw -> FileFacts in var r = CacheReader(raw); return try FileFacts(from: &r) }) == nil { failures += 1 }
        }
        XCTAssertEqual(failures, (bytes.count + 6) / 7, "every truncation is detected")
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            var b = bytes
            for _ in 0..<3 { b[Int.random(in: 0..<b.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator) }
            _ = try? b.withUnsafeBytes { raw -> FileFacts in var r = CacheReader(raw); return try FileFacts(from: &r) }
        }
        // Nesting deeper than any parse gives is refused, not recursed into.
        let deep = [UInt8](repeating: 5, count: 100_000) + [1, 0, 1, 0x61]
        XCTAssertThrowsError(try deep.withUnsafeBytes { raw -> ValueExpr in var r = CacheReader(raw); return try ValueExpr(from: &r) })
    }

    // MARK: Scans

    /// Every example app: the first scan with a cache, the second (all from the cache) and a scan
    /// without a cache print byte-identical registries, diagnostics and explanations.
    func testCachedScansOfEveryExampleAreByteIdentical() throws {
        for app in Self.apps {
            let dir = ExampleAppsTests.examples + "/" + app
            let cache = try temporaryDirectory()
            let plain = try scan([dir], cache: nil)
            let first = try scan([dir], cache: cache)
            XCTAssertEqual(first.summary.filesFromCache, 0, app)
            XCTAssertEqual(packs(in: cache).count, 1, app)
            let second = try scan([dir], cache: cache)
            XCTAssertEqual(second.summary.filesFromCache, second.summary.filesRead, app)
            XCTAssertGreaterThan(second.summary.filesRead, 0, app)
            XCTAssertEqual(output(first), output(plain), app)
            XCTAssertEqual(output(second), output(plain), app)
            XCTAssertEqual(second.cacheNotes, [], app)
            // Without the whole-scan entry: every file's facts from the pack, the same output.
            forgetWholeScans(in: cache)
            let third = try scan([dir], cache: cache)
            XCTAssertFalse(third.summary.resultFromCache, app)
            XCTAssertEqual(third.summary.filesFromCache, third.summary.filesRead, app)
            XCTAssertEqual(output(third), output(plain), app)
            // The folder keeps git out by itself.
            XCTAssertEqual(try String(contentsOfFile: cache + "/.gitignore", encoding: .utf8).split(separator: "\n").last, "*")
        }
        // The repository's Examples/ get no cache folder from a scan given a cache directory.
        XCTAssertFalse(FileManager.default.fileExists(atPath: ExampleAppsTests.examples + "/CoordinatorApp/" + ScanCacheOptions.folderName))
    }

    /// The cache's files are replaced through a temporary renamed over them (not synced: entries
    /// carry checksums): the bytes land whole, no temporary is left, and a folder that cannot be
    /// written gives the reason and leaves nothing behind.
    func testCacheFilesAreReplacedWholeWithoutTemporaries() throws {
        let dir = try temporaryDirectory()
        let path = dir + "/entry.bin"
        XCTAssertNil(FileBytes.replaceUnsynced(path, with: Array("old".utf8)))
        let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        XCTAssertNil(FileBytes.replaceUnsynced(path, with: bytes))
        XCTAssertEqual(FileBytes.read(path), bytes)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["entry.bin"])
        XCTAssertNotNil(FileBytes.replaceUnsynced(dir + "/missing/entry.bin", with: bytes))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["entry.bin"])
        // A scan with the cache on leaves only its own files in the folder.
        let cache = try temporaryDirectory()
        _ = try scan([ExampleAppsTests.examples + "/CoordinatorApp"], cache: cache)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: cache).filter { $0.hasSuffix(".tmp") }, [])
    }

    /// A copy of an app: changing one file re-parses that file only, and the result equals an
    /// uncached scan of the changed tree; another configuration or tool version misses.
    func testChangedFileReparsesOnlyItself() throws {
        let work = try temporaryDirectory()
        let app = work + "/CoordinatorApp"
        try FileManager.default.copyItem(atPath: ExampleAppsTests.examples + "/CoordinatorApp", toPath: app)
        let cache = work + "/cache"
        let first = try scan([app], cache: cache)
        let n = first.summary.filesRead
        let file = app + "/Modules/Catalog/Code/CatalogCoordinator.swift"
        let text = try String(contentsOfFile: file, encoding: .utf8)
        try ("\n" + text).write(toFile: file, atomically: true, encoding: .utf8)
        let second = try scan([app], cache: cache)
        XCTAssertEqual(second.summary.filesFromCache, n - 1)
        XCTAssertEqual(output(second), output(try scan([app], cache: nil)))
        XCTAssertNotEqual(output(second), output(first), "the edit moves a location")
        // Another configuration: its own pack, every file parsed.
        var config = ScanConfiguration()
        config.navigateFunctions.append("go")
        XCTAssertEqual(try scan([app], cache: cache, configuration: config).summary.filesFromCache, 0)
        // Another navgraph version: the pack is not read.
        XCTAssertEqual(try scan([app], cache: cache, version: "other").summary.filesFromCache, 0)
        forgetWholeScans(in: cache)
        XCTAssertEqual(try scan([app], cache: cache, version: "other").summary.filesFromCache, n)
    }

    /// A re-scan after one file changed appends that file's facts to the pack instead of rewriting
    /// it; once the entries no scan uses pass an eighth of the pack, it is rewritten whole with the
    /// live ones only. Every scan's output is the uncached scan's.
    func testChangedFileIsAppendedUntilThePackIsCompacted() throws {
        let work = try temporaryDirectory()
        let app = work + "/CoordinatorApp"
        try FileManager.default.copyItem(atPath: ExampleAppsTests.examples + "/CoordinatorApp", toPath: app)
        let cache = work + "/cache"
        let n = try scan([app], cache: cache).summary.filesRead
        let pack = try XCTUnwrap(packs(in: cache).first)
        let file = app + "/Modules/Catalog/Code/CatalogCoordinator.swift"
        var before = try XCTUnwrap(FileBytes.read(pack))
        let sound = before.count
        var rewritten = false
        for edit in 1...n {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            try ("\n" + text).write(toFile: file, atomically: true, encoding: .utf8)
            let r = try scan([app], cache: cache)
            XCTAssertEqual(r.summary.filesFromCache, n - 1, "edit \(edit)")
            XCTAssertEqual(output(r), output(try scan([app], cache: nil)), "edit \(edit)")
            let after = try XCTUnwrap(FileBytes.read(pack))
            if !(after.starts(with: before) && after.count > before.count) {
                // Compacted: the live entries only, about the first pack's size.
                rewritten = true
                XCTAssertLessThan(after.count, sound + sound / 4, "edit \(edit)")
                XCTAssertGreaterThanOrEqual(edit, 2, "the first stale entry is appended")
                break
            }
            before = after
        }
        XCTAssertTrue(rewritten, "stale entries past an eighth of \(n) files rewrite the pack")
    }

    /// A renamed dialect is read twice (the second time with the learnt names); both passes hit.
    func testLearntDialectIsCachedToo() throws {
        let dir = ExampleAppsTests.examples + "/RenamedDialect"
        let cache = try temporaryDirectory()
        let first = try scan([dir], cache: cache)
        XCTAssertFalse(first.summary.learned.isEmpty)
        forgetWholeScans(in: cache)
        let second = try scan([dir], cache: cache)
        XCTAssertFalse(second.summary.resultFromCache)
        XCTAssertEqual(second.summary.filesFromCache, second.summary.filesRead)
        XCTAssertEqual(output(second), output(first))
    }

    /// Garbage, a truncated pack, an altered payload, a foreign file: the scan's output is the same,
    /// at most a note says the cache was ignored, and the pack is rewritten sound.
    func testDamagedOrForeignCacheIsIgnored() throws {
        let dir = ExampleAppsTests.examples + "/VIPERShop"
        let cache = try temporaryDirectory()
        let expected = output(try scan([dir], cache: nil))
        _ = try scan([dir], cache: cache)
        let pack = try XCTUnwrap(packs(in: cache).first)
        let sound = try XCTUnwrap(FileManager.default.contents(atPath: pack))

        func damage(_ bytes: [UInt8], note: String?, file: StaticString = #filePath, line: UInt = #line) throws {
            try Data(bytes).write(to: URL(fileURLWithPath: pack))
            forgetWholeScans(in: cache)
            let r = try scan([dir], cache: cache)
            XCTAssertEqual(output(r), expected, file: file, line: line)
            if let note {
                XCTAssertTrue(r.cacheNotes.contains { $0.contains(note) }, "\(r.cacheNotes)", file: file, line: line)
            }
            // Rewritten: the next scan takes everything from the pack.
            forgetWholeScans(in: cache)
            let next = try scan([dir], cache: cache)
            XCTAssertEqual(next.summary.filesFromCache, next.summary.filesRead, file: file, line: line)
            XCTAssertEqual(next.cacheNotes, [], file: file, line: line)
        }
        try damage(Array("not a cache at all".utf8), note: "not a navgraph scan cache")
        try damage([], note: "not a navgraph scan cache")
        try damage(Array(sound.prefix(sound.count - 40)), note: "damaged")
        var altered = [UInt8](sound)
        altered[altered.count - 20] ^= 0x55
        try damage(altered, note: "damaged entry")
        // A pack of another build (same magic, other identity): ignored without a word.
        var foreign = Array(FactCache.magic)
        var w = CacheWriter()
        w.int(FactCache.formatVersion); w.string("0.0.0"); w.string("elsewhere")
        foreign += [UInt8(w.bytes.count)] + w.bytes
        try damage(foreign, note: nil)
    }

    /// A cache folder that cannot be created is a note; the scan goes on.
    func testUnwritableCacheIsANote() throws {
        let work = try temporaryDirectory()
        let blocker = work + "/file"
        try Data("x".utf8).write(to: URL(fileURLWithPath: blocker))
        let r = try scan([ExampleAppsTests.examples + "/SwiftUIRouter"], cache: blocker + "/cache")
        XCTAssertEqual(output(r), output(try scan([ExampleAppsTests.examples + "/SwiftUIRouter"], cache: nil)))
        XCTAssertTrue(r.cacheNotes.contains { $0.contains("cannot write the scan cache") }, "\(r.cacheNotes)")
    }
}
