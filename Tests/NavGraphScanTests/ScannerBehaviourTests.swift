import Foundation
import NavGraphKit
import XCTest
@testable import NavGraphScan

final class ScannerBehaviourTests: XCTestCase {
    /// The same files given in any order, file by file or as a folder, give byte-identical output.
    func testDeterministicWhateverTheOrder() throws {
        let dir = try Fixture.directory("Modern") + "/Sources"
        let files = SwiftSourceScanner.swiftFiles(under: dir)
        XCTAssertGreaterThan(files.count, 3)
        let whole = try SwiftSourceScanner().scan(paths: [dir])
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<3 {
            let shuffled = try SwiftSourceScanner().scan(paths: files.shuffled(using: &rng))
            // File by file there is no scanned folder, so modules come from the Sources/ layout alone: the same.
            XCTAssertEqual(RegistryWriter.yaml(shuffled.registry), RegistryWriter.yaml(whole.registry))
            XCTAssertEqual(shuffled.diagnostics, whole.diagnostics)
        }
    }

    func testProgressReportsEveryFile() throws {
        let dir = try Fixture.directory("Modern") + "/Sources"
        let count = SwiftSourceScanner.swiftFiles(under: dir).count
        let calls = Counter()
        _ = try SwiftSourceScanner().scan(paths: [dir]) { done, total in calls.add(done, total) }
        XCTAssertEqual(calls.values.map(\.0).sorted(), Array(1...count))
        XCTAssertTrue(calls.values.allSatisfy { $0.1 == count })
    }

    func testModuleMapWinsOverTheFolderLayout() throws {
        let dir = try Fixture.directory("Modern") + "/Sources"
        let config = ScanConfiguration(moduleMap: [dir + "/Shop": "Storefront"])
        let r = try SwiftSourceScanner(configuration: config).scan(paths: [dir])
        XCTAssertEqual(r.registry.features.first { $0.name == "ShopFeature" }?.module, "Storefront")
        XCTAssertEqual(r.registry.features.first { $0.name == "WishlistFeature" }?.module, "Wishlist")
    }

    func testConfigurationReadsAScanSectionAddingToTheDefaults() throws {
        let json = #"{"featureProtocols": ["Builder"], "navigateRouteLabels": ["destination"], "strict": true, "moduleMap": {"App/Core": "Core"}}"#
        let section = try ConfigurationLoader.load(text: "scan: " + json, file: "nav.json").configuration.scan
        let (config, problems) = ScanConfiguration.read(section)
        XCTAssertEqual(problems, [])
        XCTAssertEqual(config.featureProtocols, ["Feature", "Builder"])
        XCTAssertEqual(config.navigateRouteLabels, ["toRoute", "to", "destination"])
        XCTAssertTrue(config.strict)
        XCTAssertEqual(config.moduleMap, ["App/Core": "Core"])
        XCTAssertEqual(config.handlerProtocols, ["RouteHandler"])
    }

    func testAnnotationParsing() {
        XCTAssertEqual(try Annotation.parse(comment: "// navgraph:navigates product_detail modal")?.get(), .navigates(route: "product_detail", style: "modal"))
        XCTAssertEqual(try Annotation.parse(comment: "/// navgraph:entry")?.get(), .entry)
        XCTAssertEqual(try Annotation.parse(comment: "// navgraph:ignore a-b, c-d — because")?.get(), .ignore(["a-b", "c-d"]))
        XCTAssertEqual(try Annotation.parse(comment: "// navgraph:ignore a-b -- because")?.get(), .ignore(["a-b"]))
        XCTAssertNil(Annotation.parse(comment: "// an ordinary comment"))
        XCTAssertThrowsError(try Annotation.parse(comment: "// navgraph:navigate x")?.get())
    }

    func testAnyRouteStringsAreRecognised() {
        XCTAssertTrue(FactExtractor.looksLikeAnyRoute(#"product|{"id":1}"#))
        XCTAssertTrue(FactExtractor.looksLikeAnyRoute("product|{}"))
        XCTAssertFalse(FactExtractor.looksLikeAnyRoute("a | b"))
        XCTAssertFalse(FactExtractor.looksLikeAnyRoute("|{}"))
        XCTAssertFalse(FactExtractor.looksLikeAnyRoute("x|[1]"))
    }
}

private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [(Int, Int)] = []
    func add(_ a: Int, _ b: Int) { lock.lock(); stored.append((a, b)); lock.unlock() }
    var values: [(Int, Int)] { lock.lock(); defer { lock.unlock() }; return stored }
}
