/// Makes untrusted names safe to print: no control characters (so no escape sequences that
/// recolour or move the terminal) and no line breaks that forge extra report lines.
public enum TerminalText {
    public static func singleLine(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for c in s.unicodeScalars {
            switch c.value {
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += " "
            case 0..<0x20, 0x7F, 0x80..<0xA0: out += "\\u{\(String(c.value, radix: 16))}"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }
}
