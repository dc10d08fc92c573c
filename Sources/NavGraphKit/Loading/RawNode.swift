/// A parsed YAML or JSON document before it means anything: every node keeps its position.
///
/// Both readers (`YAMLReader`, `JSONReader`) produce this tree, so the registry schema is read
/// by one piece of code (`RegistryLoader`) whatever the file format.
public indirect enum RawNode: Sendable {
    /// A scalar; `plain` is false for quoted strings (so `"true"` stays a string).
    case scalar(String, plain: Bool, at: SourceLocation)
    /// Pairs in document order; repeated keys are kept so the loader can report them.
    case mapping([(key: RawNode, value: RawNode)], at: SourceLocation)
    case sequence([RawNode], at: SourceLocation)

    public var location: SourceLocation {
        switch self {
        case .scalar(_, _, let l), .mapping(_, let l), .sequence(_, let l): return l
        }
    }

    /// What the node is, for "expected X, found Y" messages.
    public var kindDescription: String {
        switch self {
        case .scalar(let s, let plain, _):
            if plain {
                if RawNode.isNull(s) { return "null" }
                if RawNode.bool(s) != nil { return "a boolean" }
                if Int(s) != nil || Double(s) != nil { return "a number" }
            }
            return "a string"
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        }
    }

    public static func isNull(_ s: String) -> Bool { s.isEmpty || s == "~" || s == "null" || s == "Null" || s == "NULL" }

    public static func bool(_ s: String) -> Bool? {
        switch s {
        case "true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON": return true
        case "false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF": return false
        default: return nil
        }
    }
}
