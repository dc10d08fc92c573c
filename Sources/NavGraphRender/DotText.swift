/// User text made safe for a graphviz label or tooltip (an "escString").
///
/// Graphviz quotes `"` itself when it writes DOT, and XML-escapes `<`, `>` and `"` in SVG, but
/// it does not escape `\` (a trailing one makes invalid DOT; `\n`, `\N`, `\G`, `\l` are
/// interpreted) and passes text that looks like an entity (`&lt;`) through. So: `\` → `\\`,
/// `&` → `&amp;`, line breaks → `\n`, and other control characters (invalid in XML) → `?`.
enum DotText {
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var lastWasCR = false
        for s in text.unicodeScalars {
            defer { lastWasCR = s == "\r" }
            switch s {
            case "\\": out += "\\\\"
            case "&": out += "&amp;"
            case "\r": out += "\\n"
            case "\n": if !lastWasCR { out += "\\n" }
            case "\t": out += " "
            default:
                if s.value < 0x20 || s.value == 0x7f || (0xfffe...0xffff).contains(s.value) {
                    out += "?"
                } else {
                    out.unicodeScalars.append(s)
                }
            }
        }
        return out
    }
}
