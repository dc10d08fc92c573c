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

/// Small apps written to a temporary folder and scanned, with their edges, warnings and findings as
/// `kind file:line` strings (the style tests).
enum StyleScan {
    static func write(_ files: [String: String], to dir: String) throws {
        for (path, text) in files {
            let full = dir + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: true, encoding: .utf8)
        }
    }

    static func edges(_ r: ScanResult) -> [String] {
        r.registry.features.flatMap { f in f.navigates.map { "\(f.name) -> \($0.route)" } }.sorted()
    }

    static func warnings(_ r: ScanResult) -> [String] {
        r.diagnostics.map { d in
            let kind = d.message.split(separator: "[").last.map { String($0.dropLast()) } ?? ""
            return "\(kind) " + ((d.location?.file as NSString?)?.lastPathComponent ?? "-") + ":\(d.location?.line ?? 0)"
        }.sorted()
    }

    static func findings(_ r: ScanResult) -> [String] {
        let graph = NavGraph(registry: r.registry)
        let options = CheckOptions(scenarios: [FlagScenario.defaults(of: r.registry)])
        return CheckRunner(options: options).run(graph).map { f in
            "\(f.ruleID) " + ((f.location?.file as NSString?)?.lastPathComponent ?? "-") + ":\(f.location?.line ?? 0)"
        }.sorted()
    }

    /// Scans an example app; its registry must equal the registry.yml beside it.
    static func example(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> ScanResult {
        let dir = ExampleAppsTests.examples + "/" + name
        let result = try SwiftSourceScanner().scan(paths: [dir])
        let yaml = Fixture.relative(RegistryWriter.yaml(result.registry), to: dir)
        XCTAssertEqual(yaml, try String(contentsOfFile: dir + "/registry.yml", encoding: .utf8), "scan of \(name)", file: file, line: line)
        return result
    }
}
