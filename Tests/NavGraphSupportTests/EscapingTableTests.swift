import Foundation
import XCTest

@testable import NavGraphKit
import NavGraphTestSupport
@testable import NavGraphSupport
@testable import NavGraphModel
@testable import NavGraphSchema
@testable import NavGraphGraph
@testable import NavGraphChecks
@testable import NavGraphOutputs
@testable import NavGraphConfig
import NavGraphSynthetic

/// Each output language's table, on hostile names: what comes out must mean the input in that
/// language (decoded back, it is the name, with what the language cannot carry replaced), and must
/// never hold the characters that would break out of the surrounding syntax.
final class EscapingTableTests: XCTestCase {
    /// Names with every ASCII control character, the syntax characters of every language, C1
    /// controls, line separators, non-characters, combining marks and astral scalars.
    private func hostileNames() -> [String] {
        var rng = SyntheticRegistry.RNG(state: 2026)  // the generator's SplitMix64: the same names on every run
        let pool: [Unicode.Scalar] = (0..<0x80).compactMap(Unicode.Scalar.init)
            + [0x85, 0x9B, 0xA0, 0x2028, 0x2029, 0xFFFE, 0xFFFF, 0x301, 0x1F600, 0xE9].compactMap(Unicode.Scalar.init)
        var names = ["Home", "Login_2", "", "a\r\nb", "trail\\", "&lt;", "x|y", "%0A"]
        for _ in 0..<300 {
            var s = String.UnicodeScalarView()
            for _ in 0..<Int(rng.next() % 12) { s.append(pool[Int(rng.next() % UInt64(pool.count))]) }
            names.append(String(s))
        }
        return names
    }

    func testJSONRoundTripsEveryName() throws {
        for name in hostileNames() {
            let literal = JSONValue.quote(name)
            let back = try JSONSerialization.jsonObject(with: Data(literal.utf8), options: [.fragmentsAllowed]) as? String
            XCTAssertEqual(back, name, literal)
            XCTAssertFalse(literal.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{2028}" || $0 == "\u{2029}" }, literal)
        }
    }

    func testXMLDecodesToTheNameWithForbiddenCharactersReplaced() {
        for name in hostileNames() {
            let escaped = Escaping.xml(name)
            XCTAssertFalse(escaped.contains("<") || escaped.contains(">") || escaped.contains("\"") || escaped.contains("'"), escaped)
            // Decoded scalar by scalar (a combining mark after `;` would hide an entity from
            // String's grapheme-based search).
            let entities: [String: Unicode.Scalar] = ["#10": "\n", "#13": "\r", "#9": "\t", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "amp": "&"]
            var decoded = String.UnicodeScalarView()
            var entity: String?
            for c in escaped.unicodeScalars {
                if var e = entity {
                    if c == ";" {
                        decoded.append(entities[e] ?? "?")
                        entity = nil
                    } else {
                        e.unicodeScalars.append(c)
                        entity = e
                    }
                } else if c == "&" {
                    entity = ""
                } else {
                    decoded.append(c)
                }
            }
            let expected = String(String.UnicodeScalarView(name.unicodeScalars.map { c -> Unicode.Scalar in
                let v = c.value
                let forbidden = (v < 0x20 && v != 0x0A && v != 0x0D && v != 0x09) || (0x7F...0x84).contains(v)
                    || (0x86...0x9F).contains(v) || v == 0xFFFE || v == 0xFFFF
                return forbidden ? "\u{FFFD}" : c
            }))
            XCTAssertEqual(String(decoded), expected)
        }
    }

    func testTerminalAndWorkflowTextCarryNoControlCharacters() {
        for name in hostileNames() {
            for (language, out) in [("terminal", Escaping.terminal(name)), ("workflow", Escaping.workflowData(name)), ("property", Escaping.workflowProperty(name))] {
                XCTAssertFalse(out.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "\(language): \(out.debugDescription)")
            }
            XCTAssertFalse(Escaping.workflowProperty(name).contains(":") || Escaping.workflowProperty(name).contains(","))
        }
        XCTAssertEqual(Escaping.terminal("a\u{1B}[31mb\nc"), "a\\u{1b}[31mb\\nc")
        XCTAssertEqual(Escaping.workflowData("50%\r\n"), "50%25%0D%0A")
    }

    func testMarkupCellsAndLabelsCannotBreakOut() {
        for name in hostileNames() {
            let cell = Escaping.markdownCell(name)
            // Every `|` is escaped, and nothing can open HTML or a line.
            XCTAssertFalse(cell.replacingOccurrences(of: "\\|", with: "").contains("|"), cell)
            XCTAssertFalse(cell.contains("\n") || cell.replacingOccurrences(of: "<br>", with: "").contains("<"), cell)
            let label = Escaping.mermaid(name)
            XCTAssertFalse(label.contains("\"") || label.contains("|") || label.contains("`") || label.contains("<") || label.contains("\n"), label)
            let dot = Escaping.dot(name)
            XCTAssertFalse(dot.unicodeScalars.contains { $0.value < 0x20 }, dot.debugDescription)
            // Every backslash is doubled, so none escapes what follows.
            XCTAssertEqual(dot.replacingOccurrences(of: "\\\\", with: "").replacingOccurrences(of: "\\n", with: "").contains("\\"), false, dot)
        }
        XCTAssertEqual(Escaping.dot("a\\b&c\r\nd\ne\u{7}"), "a\\\\b&amp;c\\nd\\ne?")
        XCTAssertEqual(Escaping.scriptJSON(#"{"a":"</script>&\#u{2028}"}"#), #"{"a":"\u003c/script\u003e\u0026\u2028"}"#)
    }

    func testPlainNamesComeBackUntouched() {
        for language in [Escaping.xml, Escaping.dot, Escaping.json, Escaping.markdownCell, Escaping.mermaid, Escaping.terminal, Escaping.workflowData] {
            XCTAssertEqual(language("ProductDetailFeature.v2"), "ProductDetailFeature.v2")
            XCTAssertEqual(language("Café"), "Café")
        }
    }

    /// The fast path tests eight bytes at a time: every character that a table escapes is caught at
    /// every position of a word (and in the tail), and plain text of any length comes back as it is.
    func testEveryEscapedCharacterIsFoundAtEveryPosition() {
        let tables: [(String, EscapeTable)] = [
            ("xml", Escaping.xml), ("dot", Escaping.dot), ("json", Escaping.json), ("scriptJSON", Escaping.scriptJSON),
            ("markdownCell", Escaping.markdownCell), ("mermaid", Escaping.mermaid), ("workflowData", Escaping.workflowData),
            ("workflowProperty", Escaping.workflowProperty), ("terminal", Escaping.terminal),
        ]
        let characters: [Unicode.Scalar] = (0..<0x80).compactMap(Unicode.Scalar.init)
            + [0x85, 0x9B, 0xA0, 0xE9, 0x2028, 0x2029, 0xFFFE, 0x1F600].compactMap(Unicode.Scalar.init)
        for (language, table) in tables {
            for length in 0..<40 {
                let plain = String(repeating: "a", count: length)
                XCTAssertEqual(table(plain), plain, language)
            }
            for c in characters {
                let alone = table(String(Character(c)))
                for position in 0..<18 {
                    let before = String(repeating: "b", count: position), after = String(repeating: "c", count: 17 - position)
                    XCTAssertEqual(table(before + String(Character(c)) + after), before + alone + after, "\(language): U+\(String(c.value, radix: 16)) at \(position)")
                }
            }
        }
    }
}

