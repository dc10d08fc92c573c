/// Escaping for the markup formats reporters write. Every name in a report comes from the
/// registry or the app's sources, so none of it is trusted.
public enum MarkupEscaping {
    /// Text for an XML attribute value or element content: the five entities, line breaks kept
    /// as character references, and characters XML 1.0 forbids replaced by U+FFFD.
    public static func xml(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            case "\t": out += "&#9;"
            default:
                let v = c.value
                let forbidden = v < 0x20 || (v >= 0x7F && v <= 0x84) || (v >= 0x86 && v <= 0x9F) || v == 0xFFFE || v == 0xFFFF
                if forbidden { out += "\u{FFFD}" } else { out.unicodeScalars.append(c) }
            }
        }
        return out
    }

    /// Text for one GitHub-flavoured Markdown table cell: no `|` that splits the cell, no HTML,
    /// no emphasis, code or link syntax, no @-mentions, line breaks as `<br>`.
    static func markdownCell(_ s: String) -> String {
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "@": out += "&#64;"
            case "\n": out += "<br>"
            case "\r": break
            case "|", "\\", "`", "*", "_", "[", "]", "~":
                out += "\\"
                out.unicodeScalars.append(c)
            default:
                if c.value < 0x20 || c.value == 0x7F { out += " " } else { out.unicodeScalars.append(c) }
            }
        }
        return out
    }
}

/// A short stable fingerprint (two FNV-1a 64-bit hashes, 32 hex digits) for identities such as
/// "rule + subject": the same input gives the same text on every platform and every run.
enum StableHash {
    static func hex(_ s: String) -> String {
        func fnv(_ seed: UInt64) -> UInt64 {
            var h = seed
            for b in s.utf8 {
                h ^= UInt64(b)
                h = h &* 0x100_0000_01B3
            }
            return h
        }
        func pad(_ v: UInt64) -> String {
            let t = String(v, radix: 16)
            return String(repeating: "0", count: 16 - t.count) + t
        }
        return pad(fnv(0xCBF2_9CE4_8422_2325)) + pad(fnv(0x84222325CBF29CE4))
    }
}
