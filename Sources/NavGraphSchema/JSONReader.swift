import NavGraphSupport
import NavGraphModel

/// A small, fast JSON reader that keeps the line and column of every value.
///
/// Foundation's JSONSerialization forgets positions; findings and load errors need them.
/// Strict RFC 8259: one value, no trailing commas, no comments. Repeated keys are kept.
package struct JSONReader {
    private let bytes: [UInt8]
    private let file: String
    private var i = 0
    private var line = 1
    private var lineStart = 0

    package static func read(_ text: String, file: String) throws(InputError) -> RawNode {
        var reader = JSONReader(bytes: Array(text.utf8), file: file)
        reader.skipSpace()
        let node = try reader.value(depth: 0)
        reader.skipSpace()
        if reader.i < reader.bytes.count { throw reader.fail("unexpected text after the JSON value") }
        return node
    }

    private init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            i = 3
            lineStart = 3
        }
    }

    private var colPos = 0
    private var colCount = 1

    /// The current position. Columns count characters, not bytes, as editors do; counted
    /// incrementally so a long minified line stays linear.
    private var here: SourceLocation {
        mutating get {
            if colPos < lineStart || colPos > i {
                colPos = lineStart
                colCount = 1
            }
            let end = min(i, bytes.count)
            while colPos < end {
                if bytes[colPos] & 0xC0 != 0x80 { colCount += 1 }
                colPos += 1
            }
            return SourceLocation(file: file, line: line, column: colCount)
        }
    }

    private mutating func fail(_ message: String) -> InputError {
        InputError([Diagnostic(.error, "malformed JSON: \(message)", at: here)])
    }

    private mutating func skipSpace() { JSONReader.skipSpace(bytes, &i, &line, &lineStart) }

    /// Skips JSON white space from `i`, counting lines (both JSON readers use it).
    package static func skipSpace<Bytes: RandomAccessCollection<UInt8>>(
        _ bytes: Bytes, _ i: inout Int, _ line: inout Int, _ lineStart: inout Int
    ) where Bytes.Index == Int {
        while i < bytes.endIndex {
            switch bytes[i] {
            case 0x20, 0x09, 0x0D: i += 1
            case 0x0A:
                i += 1
                line += 1
                lineStart = i
            default: return
            }
        }
    }

    private mutating func value(depth: Int) throws(InputError) -> RawNode {
        guard depth < 512 else { throw fail("nested more than 512 levels deep") }
        guard i < bytes.count else { throw fail("unexpected end of input") }
        let at = here
        switch bytes[i] {
        case UInt8(ascii: "{"):
            i += 1
            var pairs: [(key: RawNode, value: RawNode)] = []
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "}") {
                i += 1
                return .mapping(pairs, at: at)
            }
            while true {
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw fail("expected a string key") }
                let keyAt = here
                let key = try string()
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw fail("expected ':' after a key") }
                i += 1
                skipSpace()
                let v = try value(depth: depth + 1)
                pairs.append((.scalar(key, plain: false, at: keyAt), v))
                skipSpace()
                guard i < bytes.count else { throw fail("unexpected end of input in an object") }
                if bytes[i] == UInt8(ascii: ",") {
                    i += 1
                    continue
                }
                if bytes[i] == UInt8(ascii: "}") {
                    i += 1
                    return .mapping(pairs, at: at)
                }
                throw fail("expected ',' or '}'")
            }
        case UInt8(ascii: "["):
            i += 1
            var items: [RawNode] = []
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
                i += 1
                return .sequence(items, at: at)
            }
            while true {
                skipSpace()
                items.append(try value(depth: depth + 1))
                skipSpace()
                guard i < bytes.count else { throw fail("unexpected end of input in an array") }
                if bytes[i] == UInt8(ascii: ",") {
                    i += 1
                    continue
                }
                if bytes[i] == UInt8(ascii: "]") {
                    i += 1
                    return .sequence(items, at: at)
                }
                throw fail("expected ',' or ']'")
            }
        case UInt8(ascii: "\""):
            return .scalar(try string(), plain: false, at: at)
        default:
            let startIndex = i
            i = JSONReader.wordEnd(bytes, from: i)
            let word = String(decoding: bytes[startIndex..<i], as: UTF8.self)
            if JSONReader.isLiteral(word) { return .scalar(word, plain: true, at: at) }
            i = startIndex
            throw fail(word.isEmpty ? "expected a value" : "unexpected '\(word.prefix(20))'")
        }
    }

    /// Where a bare word (a literal or number) that starts at `i` ends: at a delimiter or white space.
    package static func wordEnd<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, from i: Int) -> Int where Bytes.Index == Int {
        var i = i
        while i < bytes.endIndex {
            let c = bytes[i]
            if c == UInt8(ascii: ",") || c == UInt8(ascii: "}") || c == UInt8(ascii: "]") || c == 0x20 || c == 0x0A
                || c == 0x09 || c == 0x0D
            { break }
            i += 1
        }
        return i
    }

    /// `true`, `false`, `null` or a number (as Swift's `Double` reads it, without a leading `+` or `.`).
    package static func isLiteral(_ word: String) -> Bool {
        (word == "true" || word == "false" || word == "null" || Double(word) != nil) && !word.hasPrefix("+")
            && !word.hasPrefix(".")
    }

    private mutating func string() throws(InputError) -> String {
        i += 1  // opening quote
        var out: [UInt8] = []
        var start = i
        while i < bytes.count {
            let c = bytes[i]
            if c == UInt8(ascii: "\"") {
                out.append(contentsOf: bytes[start..<i])
                i += 1
                return String(decoding: out, as: UTF8.self)
            }
            if c < 0x20 { throw fail("control character in a string") }
            if c == UInt8(ascii: "\\") {
                out.append(contentsOf: bytes[start..<i])
                i += 1
                guard i < bytes.count else { break }
                switch bytes[i] {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if scalar >= 0xD800 && scalar < 0xDC00,
                        i + 2 < bytes.count, bytes[i + 1] == UInt8(ascii: "\\"), bytes[i + 2] == UInt8(ascii: "u")
                    {
                        i += 2
                        let low = try hex4()
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low &- 0xDC00)
                    }
                    let u = Unicode.Scalar(scalar) ?? "\u{FFFD}"
                    out.append(contentsOf: Array(String(Character(u)).utf8))
                default: throw fail("invalid escape in a string")
                }
                i += 1
                start = i
                continue
            }
            i += 1
        }
        throw fail("unterminated string")
    }

    private mutating func hex4() throws(InputError) -> UInt32 {
        guard i + 4 < bytes.count else { throw fail("short \\u escape") }
        var v: UInt32 = 0
        for k in 1...4 {
            let c = bytes[i + k]
            let d: UInt32
            switch c {
            case 0x30...0x39: d = UInt32(c - 0x30)
            case 0x41...0x46: d = UInt32(c - 0x41 + 10)
            case 0x61...0x66: d = UInt32(c - 0x61 + 10)
            default: throw fail("invalid \\u escape")
            }
            v = v * 16 + d
        }
        i += 4
        return v
    }
}
