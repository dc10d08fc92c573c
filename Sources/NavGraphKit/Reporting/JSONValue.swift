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
        write(into: &out, indent: "")
        return out + "\n"
    }

    private func write(into out: inout String, indent: String) {
        switch self {
        case .string(let s): out += JSONValue.quote(s)
        case .int(let i): out += String(i)
        case .bool(let b): out += b ? "true" : "false"
        case .null: out += "null"
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            let inner = indent + "  "
            out += "[\n"
            for (i, item) in items.enumerated() {
                out += inner
                item.write(into: &out, indent: inner)
                out += i == items.count - 1 ? "\n" : ",\n"
            }
            out += indent + "]"
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            let inner = indent + "  "
            out += "{\n"
            let keys = members.keys.sorted()
            for (i, key) in keys.enumerated() {
                out += inner + JSONValue.quote(key) + ": "
                members[key]!.write(into: &out, indent: inner)
                out += i == keys.count - 1 ? "\n" : ",\n"
            }
            out += indent + "}"
        }
    }

    /// A JSON string literal: quotes, backslashes and every control character escaped, and
    /// U+2028/U+2029 too, so the text is also safe inside JavaScript.
    public static func quote(_ s: String) -> String { "\"" + Escaping.json(s) + "\"" }
}

extension JSONValue {
    /// `{"file", "line", "column"}`, or null.
    static func location(_ l: SourceLocation?) -> JSONValue {
        guard let l else { return .null }
        return .object(["file": .string(l.file), "line": .int(l.line), "column": .int(l.column)])
    }

    static func strings(_ items: [String]) -> JSONValue { .array(items.map { .string($0) }) }
}
