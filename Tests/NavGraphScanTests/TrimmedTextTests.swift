import Foundation
import SwiftParser
import SwiftSyntax
import XCTest

@testable import NavGraphScan

/// `trimmedText` (the node's bytes minus its outer trivia) must be exactly swift-syntax's
/// `trimmedDescription` on every node, comments and line breaks inside included.
final class TrimmedTextTests: XCTestCase {
    func testSameTextAsTrimmedDescriptionOnEveryNode() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var sources = [
            "struct A<T: P> { /* c */ var x: [String: Int]? // t\n  let y: (Int) -> Void = { _ in }\n}\n",
            "  func f(a b: @escaping () -> Void /* d */ = {}) -> some View { return x.y(z: 1) }  ",
            "#if DEBUG\nlet v = 1\n#endif\n", "", "let broken = (",
        ]
        for example in ["Examples/VIPERShop", "Examples/ProtocolRoutesApp", "Examples/FeatherweightApp"] {
            let dir = root.appendingPathComponent(example)
            let files = FileManager.default.enumerator(at: dir, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
            XCTAssertFalse(files.isEmpty, "no Swift files in \(example)")
            for f in files.sorted(by: { $0.path < $1.path }).prefix(6) { sources.append(try String(contentsOf: f, encoding: .utf8)) }
        }
        var compared = 0
        for source in sources {
            let tree = Parser.parse(source: source)
            for node in [Syntax(tree)] + tree.children(viewMode: .sourceAccurate).flatMap(Self.descendants) {
                XCTAssertEqual(node.trimmedText, node.trimmedDescription)
                compared += 1
            }
        }
        XCTAssertGreaterThan(compared, 1000)
    }

    private static func descendants(_ node: Syntax) -> [Syntax] {
        var out: [Syntax] = []
        var stack = [node]
        while let n = stack.popLast() {
            out.append(n)
            stack += n.children(viewMode: .sourceAccurate)
        }
        return out
    }
}
