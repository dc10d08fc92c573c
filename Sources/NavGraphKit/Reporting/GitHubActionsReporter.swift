/// GitHub Actions workflow commands: each finding becomes an annotation on the file and line
/// (`::error file=…,line=…,col=…,title=…::message`).
public enum GitHubActionsReporter: Reporter {
    public static let identifier = "github-actions"
    public static let summary = "GitHub Actions annotations (::error file=…,line=…::message)"

    public static func generateReport(_ report: CheckReport) -> String {
        var out = ""
        for f in report.findings {
            var props: [String] = []
            if let l = f.location {
                props += ["file=\(property(l.file))", "line=\(l.line)", "col=\(l.column)"]
            }
            props.append("title=\(property("navgraph \(f.ruleID)"))")
            var text = "[\(f.ruleID)] \(f.message)"
            for n in f.notes { text += "\n" + (n.location.map { "\($0): " } ?? "") + "note: " + n.message }
            out += "::\(command(f.severity)) \(props.joined(separator: ","))::\(data(text))\n"
        }
        return out
    }

    static func command(_ s: Severity) -> String {
        switch s {
        case .error: return "error"
        case .warning: return "warning"
        case .note: return "notice"
        }
    }

    /// The message part: `%`, CR and LF escaped (as the Actions toolkit does); other control
    /// characters, which would reach the raw log, written out as `\u{…}`.
    static func data(_ s: String) -> String {
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default:
                if c.value < 0x20 || c.value == 0x7F || (0x80..<0xA0).contains(c.value) {
                    out += "\\u{\(String(c.value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(c)
                }
            }
        }
        return out
    }

    /// A property value: also `:` and `,`, which would end the value.
    static func property(_ s: String) -> String {
        var out = ""
        for c in data(s) {
            switch c {
            case ":": out += "%3A"
            case ",": out += "%2C"
            default: out.append(c)
            }
        }
        return out
    }
}
