import Foundation
import NavGraphKit
import XCTest
@testable import NavGraphScan

/// Each fixture app under Fixtures/ scans to exactly the registry in its expected.yml.
/// Set NAVGRAPH_RECORD=1 to print the actual YAML when a fixture changes on purpose.
final class GoldenTests: XCTestCase {
    func check(_ name: String, configuration: ScanConfiguration = .init(), file: StaticString = #filePath, line: UInt = #line) throws {
        let (yaml, result) = try Fixture.scan(name, configuration: configuration)
        if ProcessInfo.processInfo.environment["NAVGRAPH_RECORD"] != nil { print("----- \(name)\n" + yaml + "-----") }
        XCTAssertEqual(yaml, try Fixture.expected(name), file: file, line: line)
        let diagnostics = try Fixture.diagnostics(result, in: name)
        let expectedDiagnostics = (try? String(contentsOfFile: try Fixture.directory(name) + "/expected-diagnostics.txt", encoding: .utf8))?
            .split(separator: "\n").map(String.init) ?? []
        if ProcessInfo.processInfo.environment["NAVGRAPH_RECORD"] != nil { print(diagnostics.joined(separator: "\n")) }
        XCTAssertEqual(diagnostics, expectedDiagnostics, file: file, line: line)
    }

    func testModernRouterService() throws { try check("Modern") }

    func testLegacyDialect() throws { try check("Legacy") }

    func testRenamedProtocolsAndLabels() throws {
        try check("Renamed", configuration: ScanConfiguration(
            featureProtocols: ["Builder"], handlerProtocols: ["RouteHandling"],
            routerTypes: ["AppRouter"], routerProtocol: "Router"))
    }
}
