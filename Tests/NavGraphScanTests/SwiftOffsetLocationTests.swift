import NavGraphKit
import SwiftParser
import SwiftSyntax
import XCTest

/// The scanner makes its locations as byte offsets into the file's registered text; printed, they
/// must say what swift-syntax's `SourceLocationConverter` (which the scanner used before) says:
/// lines end at `\n`, `\r` or `\r\n`, columns count UTF-8 bytes, a byte order mark is on line 1.
final class SwiftOffsetLocationTests: XCTestCase {
    static let pieces = [
        "struct A {", "}", " ", "\t", "\n", "\r\n", "\r", "let x = 1", "// é 🚀 comment", "\"Café 🍰\"",
        "func f() {", "/* multi\nline */", "\"\"\"\nmulti\r\nline\n\"\"\"", "router.navigate(to: Route())", "é", "🍰",
    ]

    /// Every token of `source`: the offset location's line and column are the converter's.
    func assertAgree(_ source: String, file: StaticString = #filePath, line: UInt = #line) {
        let tree = Parser.parse(source: source)
        let converter = SourceLocationConverter(fileName: "t.swift", tree: tree)
        var text = source
        let registered = text.withUTF8 { SourceLocation.Text(swiftSource: $0, path: "t.swift") }
        for token in tree.tokens(viewMode: .sourceAccurate) {
            for position in [token.position, token.positionAfterSkippingLeadingTrivia, token.endPosition] {
                let expected = converter.location(for: position)
                let got = SourceLocation(registered, utf8Offset: position.utf8Offset)
                if got.line != expected.line || got.column != expected.column {
                    XCTFail("offset \(position.utf8Offset) of \(Array(source.utf8)): \(got.line):\(got.column), swift-syntax says \(expected.line):\(expected.column)", file: file, line: line)
                    return
                }
            }
        }
    }

    func testHandWrittenSources() {
        assertAgree("")
        assertAgree("\u{FEFF}struct A {}\r\nlet é = \"🚀\"\rlet b = 2\n")
        assertAgree("let a = 1\r\r\n\n\rlet b = \"Crème 🍰\"  // ✓\r\n  func f() {}")
        assertAgree("struct A {\n  let s = \"\"\"\r\n  multi\r  line\n  \"\"\"\n}\n")
    }

    /// Random sources from pieces (valid or not: the parser recovers, and every token is checked).
    func testRandomSources() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(n))
        }
        for _ in 0..<300 {
            let source = (0..<next(40)).map { _ in Self.pieces[next(Self.pieces.count)] }.joined()
            assertAgree(next(5) == 0 ? "\u{FEFF}" + source : source)
        }
    }
}
