import Foundation
import NavGraphKit
import XCTest
@testable import NavGraphScan

/// Fixture access and golden comparison shared by the scanner tests.
enum Fixture {
    /// The folder of a fixture app inside the test bundle.
    static func directory(_ name: String) throws -> String {
        let url = try XCTUnwrap(Bundle.module.url(forResource: "Fixtures", withExtension: nil), "Fixtures missing from the bundle")
        return url.appendingPathComponent(name).path
    }

    /// Scans a fixture and returns the registry as YAML with paths relative to the fixture folder.
    static func scan(_ name: String, configuration: ScanConfiguration = .init()) throws -> (yaml: String, result: ScanResult) {
        let dir = try directory(name)
        let result = try SwiftSourceScanner(configuration: configuration).scan(paths: [dir + "/Sources"])
        return (relative(RegistryWriter.yaml(result.registry), to: dir), result)
    }

    static func relative(_ text: String, to dir: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        var out = text.replacingOccurrences(of: dir + "/", with: "")
        let shown = SwiftSourceScanner.display(dir, cwd: cwd)
        out = out.replacingOccurrences(of: shown + "/", with: "")
        return out
    }

    static func expected(_ name: String) throws -> String {
        try String(contentsOfFile: try directory(name) + "/expected.yml", encoding: .utf8)
    }

    /// Diagnostics as `file:line:col: severity: message` with fixture-relative paths.
    static func diagnostics(_ result: ScanResult, in name: String) throws -> [String] {
        let dir = try directory(name)
        return result.diagnostics.map { relative($0.description, to: dir) }
    }
}
