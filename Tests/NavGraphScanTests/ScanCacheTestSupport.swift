import Foundation
import NavGraphKit
import XCTest
@testable import NavGraphScan

/// What the scan cache's tests share (`FactCacheTests`, `ScanResultCacheTests`).
enum ScanCacheTesting {
    static let apps = ["ExampleProject", "VIPERShop", "CoordinatorApp", "RenamedDialect", "SwiftUIRouter",
                       "ProtocolRoutesApp", "FeatherweightApp", "ModuleFactoryApp", "ComponentsApp", "MixedRoutingApp"]

    /// A fresh folder, removed when `test` ends.
    static func temporaryDirectory(_ test: XCTestCase) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-cache-test-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        test.addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        return dir
    }

    /// Everything a scan prints: the registry, the diagnostics, the explanations, the summary line.
    static func output(_ r: ScanResult) -> String {
        RegistryWriter.yaml(r.registry) + r.diagnostics.map(\.description).joined(separator: "\n") + "\n"
            + r.explanations.map { "\($0)" }.joined(separator: "\n") + "\n" + r.summary.line + "\n" + r.summary.learned.joined(separator: ";")
    }

    static func scan(
        _ paths: [String], cache: String?, configuration: ScanConfiguration = .init(), version: String = "test", keepsYAML: Bool = false
    ) throws -> ScanResult {
        let options = cache.map { dir in
            var o = ScanCacheOptions(directory: dir, toolVersion: version)
            o.keepsRegistryYAML = keepsYAML
            return o
        }
        return try SwiftSourceScanner(configuration: configuration, cache: options).scan(paths: paths)
    }

    /// The cache's files named `prefix…` (`facts-`: per-file packs, `scan-`: whole-scan entries).
    static func files(in dir: String, prefix: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasPrefix(prefix) }.map { dir + "/" + $0 }
    }
}
