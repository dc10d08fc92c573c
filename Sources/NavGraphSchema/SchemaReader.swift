import NavGraphSupport
import NavGraphModel

/// Reads typed values out of `RawNode`s, collecting every problem instead of stopping at the first.
package struct SchemaReader {
    package var diagnostics: [Diagnostic] = []

    package init() {}

    package mutating func error(_ message: String, at node: RawNode) {
        diagnostics.append(Diagnostic(.error, message, at: node.location))
    }

    /// The pairs of a mapping whose keys are all known and unrepeated; reports the rest.
    /// `what` names the element in messages ("feature", "route").
    package mutating func mapping(_ node: RawNode, _ what: String, allowed: [String]) -> [String: RawNode]? {
        guard case .mapping(let pairs, _) = node else {
            error("\(what) must be a mapping, found \(node.kindDescription)", at: node)
            return nil
        }
        var out: [String: RawNode] = [:]
        for (k, v) in pairs {
            guard case .scalar(let key, _, _) = k else {
                error("keys of \(what) must be strings, found \(k.kindDescription)", at: k)
                continue
            }
            if out[key] != nil {
                error("key '\(key)' is repeated in \(what)", at: k)
                continue
            }
            if !allowed.contains(key) {
                error("unknown key '\(key)' in \(what)\(NameSuggestion.hint(for: key, in: allowed))", at: k)
                continue
            }
            out[key] = v
        }
        return out
    }

    /// `mapping(_:_:allowed:)` with the keys of a `RegistryKey` enum (`what`: the element, `K.element` unless given).
    package mutating func mapping<K: RegistryKey>(_ node: RawNode, _ keys: K.Type, what: String? = nil) -> [K: RawNode]? {
        guard let m = mapping(node, what ?? K.element, allowed: K.names) else { return nil }
        var out: [K: RawNode] = [:]
        for (name, value) in m {
            if let key = K(rawValue: name) { out[key] = value }
        }
        return out
    }

    /// Every pair of a free-form mapping (names to values), reporting repeated keys.
    package mutating func pairs(_ node: RawNode, _ what: String) -> [(String, RawNode, RawNode)] {
        guard case .mapping(let pairs, _) = node else {
            error("\(what) must be a mapping, found \(node.kindDescription)", at: node)
            return []
        }
        var seen = Set<String>()
        var out: [(String, RawNode, RawNode)] = []
        for (k, v) in pairs {
            guard case .scalar(let key, _, _) = k, !key.isEmpty else {
                error("keys of \(what) must be non-empty strings", at: k)
                continue
            }
            guard seen.insert(key).inserted else {
                error("key '\(key)' is repeated in \(what)", at: k)
                continue
            }
            out.append((key, k, v))
        }
        return out
    }

    package mutating func list(_ node: RawNode, _ what: String) -> [RawNode] {
        if case .sequence(let items, _) = node { return items }
        error("\(what) must be a list, found \(node.kindDescription)", at: node)
        return []
    }

    /// A non-empty string (plain numbers and words are accepted as strings, booleans and null are not).
    package mutating func string(_ node: RawNode, _ what: String) -> String? {
        if case .scalar(let s, let plain, _) = node {
            if let value = SchemaReader.stringValue(s, plain: plain) { return value }
            error(s.isEmpty && !plain ? "\(what) must not be empty" : "\(what) must be a string, found \(node.kindDescription)", at: node)
            return nil
        }
        error("\(what) must be a string, found \(node.kindDescription)", at: node)
        return nil
    }

    /// A scalar's text when it reads as a string: not empty, and not a plain null or boolean.
    package static func stringValue(_ s: String, plain: Bool) -> String? {
        if plain && (RawNode.isNull(s) || RawNode.bool(s) != nil) { return nil }
        return s.isEmpty ? nil : s
    }

    package mutating func optionalString(_ node: RawNode?, _ what: String) -> String? {
        guard let node else { return nil }
        if case .scalar(let s, true, _) = node, RawNode.isNull(s) { return nil }
        return string(node, what)
    }

    package mutating func bool(_ node: RawNode, _ what: String) -> Bool? {
        if case .scalar(let s, true, _) = node, let b = RawNode.bool(s) { return b }
        error("\(what) must be true or false, found \(node.kindDescription)", at: node)
        return nil
    }

    package mutating func int(_ node: RawNode, _ what: String) -> Int? {
        if case .scalar(let s, true, _) = node, let i = Int(s) { return i }
        error("\(what) must be a whole number, found \(node.kindDescription)", at: node)
        return nil
    }

    /// A list of strings, or a single string taken as a one-element list.
    package mutating func strings(_ node: RawNode?, _ what: String) -> [String] {
        guard let node else { return [] }
        if case .scalar = node { return string(node, what).map { [$0] } ?? [] }
        return list(node, what).compactMap { string($0, "an item of \(what)") }
    }

    /// `source: "path:line:col"`.
    package mutating func sourceLocation(_ node: RawNode?) -> SourceLocation? {
        guard let node, let s = string(node, "source") else { return nil }
        guard let loc = SourceLocation(parsing: s) else {
            error("source must look like 'path/File.swift:line:column', found '\(s)'", at: node)
            return nil
        }
        return loc
    }
}
