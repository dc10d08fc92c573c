import XCTest
@testable import NavGraphScan

/// `SemanticIndex` builds its types half on a second thread from `filesForTwoThreads` files on:
/// the same index as the one-thread build, whose answers are known here.
final class SemanticIndexTests: XCTestCase {
    /// `n` files: a protocol refining another, then per file a struct conforming to it, an
    /// extension of the previous file's struct, and a function that calls the next file's function.
    func facts(_ n: Int) -> [FileFacts] {
        var files = [FactExtractor.extract(
            path: "P.swift", module: "App", source: "protocol Base {}\nprotocol Screen: Base {}\n", config: ScanConfiguration())]
        for i in 0..<n {
            let source = """
                struct S\(i): Screen { let id = \(i) }
                extension S\(max(i - 1, 0)) { func extra\(i)() {} }
                func step\(i)() { step\(i + 1)() }
                """
            files.append(FactExtractor.extract(path: "F\(i).swift", module: "App", source: source, config: ScanConfiguration()))
        }
        return files
    }

    func testTheTypesHalfOnASecondThreadGivesTheOneThreadIndex() {
        for n in [3, SemanticIndex.filesForTwoThreads + 7] {
            let index = SemanticIndex(files: facts(n))
            XCTAssertEqual(index.types.count, n + 2, "\(n) files: each struct once, its extension folded in")
            XCTAssertEqual(index.conformers["Base"], Set((0..<n).map { "S\($0)" }), "\(n) files")
            XCTAssertEqual(index.typesByName["S0"]?.count, 1, "\(n) files")
            let s0 = index.typesByName["S0"]!.first!
            XCTAssertEqual(index.types[s0].isExtension, false)
            // Functions are numbered across files: each file's `step` after the extension's `extra`.
            XCTAssertEqual(index.functions.count, 2 * n, "\(n) files")
            XCTAssertEqual(index.function(0, inFile: "F1.swift").map { index.functions[$0].name }, "extra1")
            // A call's function is the global one: `step(n)()` is written in the last file's `step`.
            let last = index.callsWithoutArguments.filter { $0.callee.name == "step\(n)" }
            XCTAssertEqual(last.count, 1, "\(n) files")
            XCTAssertEqual(last.first?.function, index.function(1, inFile: "F\(n - 1).swift"), "\(n) files")
            XCTAssertEqual(last.first?.function.map { index.functions[$0].name }, "step\(n - 1)", "\(n) files")
            XCTAssertTrue(index.isProtocol("Screen") && !index.isProtocol("S0") && index.hasType(named: "S0") && !index.hasType(named: "T"))
        }
    }
}
