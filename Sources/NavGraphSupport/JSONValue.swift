/// A JSON document built in code and written byte-for-byte the same on every platform:
/// keys sorted, two-space indentation, every string escaped (names in reports are untrusted).
public indirect enum JSONValue: Sendable, Equatable {
    case string(String)
    case int(Int)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([String: JSONValue])

    /// Pretty-printed text with sorted keys and a final newline.
    public var text: String {
        var out = ""
        write(to: &out)
        return out
    }

    /// The same text as `text`, written piece by piece.
    public func write<Sink: ReportSink>(to out: inout Sink) {
        write(into: &out, indent: "")
        out.write("\n")
    }

    private func write<Sink: ReportSink>(into out: inout Sink, indent: String) {
        switch self {
        case .string(let s): out.write(JSONValue.quote(s))
        case .int(let i): out.write(String(i))
        case .bool(let b): out.write(b ? "true" : "false")
        case .null: out.write("null")
        case .array(let items):
            if items.isEmpty { out.write("[]"); return }
            let inner = indent + "  "
            out.write("[\n")
            for (i, item) in items.enumerated() {
                out.write(inner)
                item.write(into: &out, indent: inner)
                out.write(i == items.count - 1 ? "\n" : ",\n")
            }
            out.write(indent + "]")
        case .object(let members):
            if members.isEmpty { out.write("{}"); return }
            let inner = indent + "  "
            out.write("{\n")
            let keys = members.keys.sorted()
            for (i, key) in keys.enumerated() {
                out.write(inner + JSONValue.quote(key) + ": ")
                members[key]!.write(into: &out, indent: inner)
                out.write(i == keys.count - 1 ? "\n" : ",\n")
            }
            out.write(indent + "}")
        }
    }

    /// A JSON string literal: quotes, backslashes and every control character escaped, and
    /// U+2028/U+2029 too, so the text is also safe inside JavaScript.
    public static func quote(_ s: String) -> String { "\"" + Escaping.json(s) + "\"" }

    /// `quote(s)` written to `out` without building the quoted string.
    package static func writeQuoted<Sink: ReportSink>(_ s: String, to out: inout Sink) {
        out.write("\"")
        out.write(Escaping.json(s))
        out.write("\"")
    }
}

extension JSONValue {
    package static func strings(_ items: [String]) -> JSONValue { .array(items.map { .string($0) }) }
}
