import Foundation
import NavGraphKit
import XCTest
@testable import NavGraphScan

/// The re-creation of RouterService's ExampleProject in Examples/ExampleProject scans to the
/// registry beside it (Examples/ExampleProject/registry.yml).
final class ExampleProjectTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let example = root.appendingPathComponent("Examples/ExampleProject").path

    func testExampleProjectScansToItsRegistry() throws {
        let result = try SwiftSourceScanner().scan(paths: [Self.example + "/Sources"])
        XCTAssertEqual(result.diagnostics, [])
        let yaml = Fixture.relative(RegistryWriter.yaml(result.registry), to: Self.example)
        if ProcessInfo.processInfo.environment["NAVGRAPH_PRINT"] != nil { print("-----\n" + yaml + "-----") }
        let expected = try String(contentsOfFile: Self.example + "/registry.yml", encoding: .utf8)
        XCTAssertEqual(yaml, expected)
    }
}
