import NavGraphSupport
import NavGraphModel

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

    // Both look at the length first: every plain YAML scalar a registry holds is asked, and a
    // `String` comparison does not stop at different lengths (22 comparisons per name were 8 % of
    // a YAML load's instructions).
    public static func isNull(_ s: String) -> Bool {
        let n = s.utf8.count
        return n == 0 || (n <= 4 && (s == "~" || s == "null" || s == "Null" || s == "NULL"))
    }

    public static func bool(_ s: String) -> Bool? {
        guard s.utf8.count <= 5 else { return nil }
        switch s {
        case "true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON": return true
        case "false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF": return false
        default: return nil
        }
    }
}
