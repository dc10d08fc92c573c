import Foundation
import XCTest

/// Runs the built `navgraph` binary (a sibling of the test bundle in the products folder).
enum NavGraphBinary {
    static let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The products folder: where SwiftPM puts both the test bundle and `navgraph`.
    static var productsDirectory: URL {
        #if os(macOS)
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            return bundle.bundleURL.deletingLastPathComponent()
        }
        #endif
        return Bundle.main.bundleURL
    }

    static var url: URL { productsDirectory.appendingPathComponent("navgraph") }

    struct MissingBinary: Error {}

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The scan cache of this test run (`NAVGRAPH_CACHE_DIR` of every navgraph the tests start).
    static let cacheDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-cli-tests-cache-\(ProcessInfo.processInfo.processIdentifier)").path

    /// Runs navgraph with `arguments` in `directory` (the repository root by default).
    static func run(_ arguments: [String], in directory: URL? = nil, environment extra: [String: String] = [:]) throws -> Result {
        guard FileManager.default.isExecutableFile(atPath: url.path) else {
            // A missing binary is a failure, not a skip: every CLI test would pass without running.
            XCTFail("navgraph binary not found at \(url.path); run swift build first")
            throw MissingBinary()
        }
        let p = Process()
        p.executableURL = url
        p.arguments = arguments
        p.currentDirectoryURL = directory ?? repoRoot
        // Scans of Examples/ cache their facts in a temporary folder, never in the repository.
        var environment = ProcessInfo.processInfo.environment
        if environment["NAVGRAPH_CACHE_DIR"] == nil { environment["NAVGRAPH_CACHE_DIR"] = cacheDirectory }
        p.environment = environment.merging(extra) { _, new in new }
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        // Read both pipes before waiting, so a large report cannot fill a pipe and block.
        final class Box: @unchecked Sendable { var data = Data() }
        let errBox = Box()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errBox.data = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        let errData = errBox.data
        p.waitUntilExit()
        return Result(status: p.terminationStatus, stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self))
    }

    /// A fresh temporary folder, removed by the test's teardown.
    static func temporaryDirectory(_ test: XCTestCase) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        test.addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        return dir
    }
}

extension URL {
    func write(_ name: String, _ text: String) throws {
        let url = appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    func read(_ name: String) throws -> String { try String(contentsOf: appendingPathComponent(name), encoding: .utf8) }
}
