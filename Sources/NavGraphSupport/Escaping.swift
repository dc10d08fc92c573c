import Foundation

/// Every output language's escaping, one table each. Names in navgraph's output come from
/// registries and app sources, so none of them is trusted: each writer passes every name through
/// the table of the language it writes, and nothing else escapes by hand.
///
/// A table says, per ASCII character, what to write instead (nil: the character itself), and per
/// range of other scalars how to write them. Text that needs nothing is returned as it is, without
/// a copy: most names are plain identifiers.
public struct EscapeTable: Sendable {
    /// How a scalar outside ASCII (or a control character without its own entry) is written.
    public enum Replacement: Sendable {
        /// This text instead.
        case text(String)
        /// `\u{hex}` (Swift style: terminals, workflow commands).
        case braces
        /// `\uXXXX` (JSON and JavaScript).
        case json4
    }

    /// For each ASCII code point, the text to write instead; nil keeps the character.
    private var ascii: [String?]
    /// Non-ASCII scalars to replace, by range.
    private var ranges: [(ClosedRange<UInt32>, Replacement)]
    /// A line feed right after a carriage return is dropped (CRLF becomes one line break).
    private var collapseCRLF = false
    /// Per UTF-8 byte: 1 when text holding it may need escaping (an ASCII entry, or any byte of a
    /// non-ASCII scalar when some are replaced), for the fast path's scan.
    private var suspect: [UInt8] = []
    /// The suspect bytes as word tests, when they are every byte below `low`, every byte from
    /// `high` on and at most four others (JSON's: controls, DEL and up, `"` and `\`): the fast path
    /// then tests eight bytes at a time.
    private var words = WordTest()

    /// `words` as plain integers (read once per word: no array, no reference counting).
    private struct WordTest {
        var enabled = false
        /// `low` in every byte (0: no byte is suspect for being low).
        var low: UInt64 = 0
        /// 128: every byte from 0x80 on is suspect; 127: from 0x7F on; 0: none.
        var high: UInt64 = 0
        /// Up to four suspect bytes, each in every byte, and how many.
        var s0: UInt64 = 0, s1: UInt64 = 0, s2: UInt64 = 0, s3: UInt64 = 0
        var count = 0
    }

    /// `entries` for single characters; `controls` for every ASCII control character (and DEL)
    /// without an entry; `ranges` for scalars outside ASCII.
    package init(_ entries: [Unicode.Scalar: String], controls: Replacement?, ranges: [(ClosedRange<UInt32>, Replacement)] = [], collapseCRLF: Bool = false) {
        ascii = Array(repeating: nil, count: 128)
        if let controls {
            for v in UInt32(0)..<0x20 { ascii[Int(v)] = Self.write(controls, v) }
            ascii[0x7F] = Self.write(controls, 0x7F)
        }
        for (scalar, text) in entries {
            assert(scalar.value < 128, "entries are ASCII; use ranges for other scalars")
            ascii[Int(scalar.value)] = text
        }
        self.ranges = ranges
        self.collapseCRLF = collapseCRLF
        updateSuspects()
    }

    private mutating func updateSuspects() {
        suspect = (0..<256).map { b in b < 128 ? (ascii[b] == nil ? 0 : 1) : (ranges.isEmpty ? 0 : 1) }
        var low = 0
        while low < 128 && suspect[low] != 0 { low += 1 }
        var high = 256
        while high > 128 && suspect[high - 1] != 0 { high -= 1 }
        if high == 128 && suspect[127] != 0 { high = 127 }
        let specials = (low..<high).filter { suspect[$0] != 0 }
        words = WordTest()
        if specials.count <= 4 {
            let ones: UInt64 = 0x0101_0101_0101_0101
            words.enabled = true
            words.low = ones &* UInt64(low)
            words.high = high == 128 || high == 127 ? UInt64(high) : 0
            let s = specials.map { ones &* UInt64($0) } + [0, 0, 0, 0]
            (words.s0, words.s1, words.s2, words.s3) = (s[0], s[1], s[2], s[3])
            words.count = specials.count
        }
    }

    /// This table with more (or different) ASCII entries.
    package func adding(_ entries: [Unicode.Scalar: String]) -> EscapeTable {
        var t = self
        for (scalar, text) in entries { t.ascii[Int(scalar.value)] = text }
        t.updateSuspects()
        return t
    }

    private static func write(_ r: Replacement, _ v: UInt32) -> String {
        switch r {
        case .text(let s): return s
        case .braces: return "\\u{\(String(v, radix: 16))}"
        case .json4:
            let hex = String(v, radix: 16)
            return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
    }

    private func replacement(_ v: UInt32) -> String? {
        if v < 128 { return ascii[Int(v)] }
        for (range, r) in ranges where range.contains(v) { return Self.write(r, v) }
        return nil
    }

    /// Whether some byte of `x` is suspect under `words` (exact: the classic tests for a byte below
    /// n, above n and equal to c never miss one; a hit only sends the text to the slow path).
    @inline(__always)
    private static func mayHold(_ x: UInt64, _ w: WordTest) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        // Each term sets a byte's high bit where that byte may be suspect; they are masked together.
        var hit: UInt64 = 0
        if w.low != 0 { hit |= (x &- w.low) & ~x }
        if w.high == 128 { hit |= x } else if w.high == 127 { hit |= (x &+ ones) | x }
        if w.count > 0 { let v = x ^ w.s0; hit |= (v &- ones) & ~v }
        if w.count > 1 { let v = x ^ w.s1; hit |= (v &- ones) & ~v }
        if w.count > 2 { let v = x ^ w.s2; hit |= (v &- ones) & ~v }
        if w.count > 3 { let v = x ^ w.s3; hit |= (v &- ones) & ~v }
        return hit & highs != 0
    }

    /// `text` escaped for this language.
    public func callAsFunction(_ text: String) -> String {
        // Fast path: nothing to replace (checked on the UTF-8 bytes in place against the suspect
        // table; any non-ASCII byte sends the text to the slow path only when this language
        // replaces some non-ASCII scalars). Reports with thousands of scenario names in a finding
        // write megabytes of plain text through here (C's `strcspn` with a set this big rebuilt its
        // table on every call: a seventh of an all-flag-combinations check).
        let clean = suspect.withUnsafeBufferPointer { suspect in
            text.utf8.withContiguousStorageIfAvailable { bytes in
                var i = 0
                let words = self.words
                if words.enabled, let base = bytes.baseAddress {
                    let raw = UnsafeRawPointer(base)
                    while i + 8 <= bytes.count {
                        if Self.mayHold(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self), words) { return false }
                        i += 8
                    }
                }
                while i < bytes.count {
                    if suspect[Int(bytes[i])] != 0 { return false }
                    i += 1
                }
                return true
            } ?? text.utf8.allSatisfy { suspect[Int($0)] == 0 }
        }
        if clean { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        var lastWasCR = false
        for scalar in text.unicodeScalars {
            defer { lastWasCR = scalar == "\r" }
            if collapseCRLF && lastWasCR && scalar == "\n" { continue }
            if let r = replacement(scalar.value) { out += r } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }
}

/// The tables, one per output language.
public enum Escaping {
    /// XML and SVG attribute values and element content (JUnit, Checkstyle, SARIF's neighbours,
    /// HTML text): the five entities, line breaks and tabs as character references, and the
    /// characters XML 1.0 forbids as U+FFFD.
    public static let xml = EscapeTable(
        ["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&apos;", "\n": "&#10;", "\r": "&#13;", "\t": "&#9;"],
        controls: .text("\u{FFFD}"),
        ranges: [(0x80...0x84, .text("\u{FFFD}")), (0x86...0x9F, .text("\u{FFFD}")), (0xFFFE...0xFFFF, .text("\u{FFFD}"))])

    /// A graphviz label or tooltip (an "escString"). Graphviz quotes `"` itself when it writes DOT
    /// and XML-escapes `<`, `>`, `"` in SVG, but it interprets `\` (`\n`, `\N`, `\G`, `\l`; a
    /// trailing one makes invalid DOT) and passes entity-like text (`&lt;`) through. So `\` → `\\`,
    /// `&` → `&amp;`, line breaks (CRLF as one) → `\n`, a tab → a space, other control characters
    /// (invalid in XML) → `?`.
    public static let dot = EscapeTable(
        ["\\": "\\\\", "&": "&amp;", "\r": "\\n", "\n": "\\n", "\t": " "],
        controls: .text("?"), ranges: [(0xFFFE...0xFFFF, .text("?"))], collapseCRLF: true)

    /// The inside of a JSON string literal: quote, backslash and every control character escaped,
    /// and U+2028/U+2029 too, so the text is also safe inside JavaScript.
    public static let json = EscapeTable(
        ["\"": "\\\"", "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"],
        controls: .json4, ranges: [(0x2028...0x2029, .json4)])

    /// JSON text embedded in an HTML `<script>` block: nothing can end the block or open markup
    /// (`<`, `>`, `&` as `\uXXXX`; they only occur inside JSON strings, where the escape means the
    /// same character), and the JavaScript line separators U+2028/2029 escaped.
    public static let scriptJSON = EscapeTable(
        ["<": "\\u003c", ">": "\\u003e", "&": "\\u0026"], controls: nil, ranges: [(0x2028...0x2029, .json4)])

    /// One GitHub-flavoured Markdown table cell: no `|` that splits the cell, no HTML, no emphasis,
    /// code or link syntax, no @-mentions; a line break is `<br>`, a carriage return dropped,
    /// other control characters a space.
    public static let markdownCell = EscapeTable(
        [
            "&": "&amp;", "<": "&lt;", ">": "&gt;", "@": "&#64;", "\n": "<br>", "\r": "",
            "|": "\\|", "\\": "\\\\", "`": "\\`", "*": "\\*", "_": "\\_", "[": "\\[", "]": "\\]", "~": "\\~",
        ], controls: .text(" "))

    /// Mermaid label text: `"`, `<`, `>`, `&`, `#`, `` ` ``, `|` (which would end an edge label) as
    /// entity codes, control characters (line breaks included) as spaces.
    public static let mermaid = EscapeTable(
        ["\"": "#quot;", "<": "#lt;", ">": "#gt;", "&": "#amp;", "#": "#35;", "`": "#96;", "|": "#124;"],
        controls: .text(" "))

    /// The message of a GitHub Actions workflow command: `%`, CR and LF escaped as the Actions
    /// toolkit does; other control characters, which would reach the raw log, as `\u{…}`.
    public static let workflowData = EscapeTable(
        ["%": "%25", "\r": "%0D", "\n": "%0A"], controls: .braces, ranges: [(0x80...0x9F, .braces)])

    /// A workflow command property value: also `:` and `,`, which would end the value.
    public static let workflowProperty = workflowData.adding([":": "%3A", ",": "%2C"])

    /// A name printed on a terminal: no control characters (no escape sequences that recolour
    /// or move the cursor) and no line breaks that forge extra report lines.
    public static let terminal = EscapeTable(
        ["\n": "\\n", "\r": "\\r", "\t": " "], controls: .braces, ranges: [(0x80...0x9F, .braces)])
}
