import Yams
import NavGraphSupport
import NavGraphModel

/// Reads YAML into `RawNode`s, every node with its position.
///
/// Block YAML (what registries and configurations are written in) is read by `BlockYAMLEventSource`,
/// whose events and marks are libyaml's (its tests hold it to Yams' parse); there repeated keys
/// survive, so the loader reports every one in one pass. Anything else — flow collections over
/// lines, anchors, escapes, tags, syntax errors — goes to Yams' public parser (`Yams.Parser`, which
/// composes libyaml's events into `Node`s). Yams refuses a mapping with a repeated key as a whole; outside
/// block YAML that is reported as one error at the first repeated key.
package enum YAMLReader {
    /// The first document of `text`; nil for an empty document.
    package static func read(_ text: String, file: String) throws(InputError) -> RawNode? {
        let bytes = input(text)
        if let node = bytes.withUnsafeBufferPointer({ blockTree($0, file: file) }) { return node }
        return try composed(String(decoding: bytes, as: UTF8.self), file: file)
    }

    /// The bytes both YAML readers hand their parser: the text's UTF-8 without a leading byte-order
    /// mark (told the input is UTF-8, libyaml reads a mark as content and the document came out empty;
    /// the JSON readers skip the mark themselves).
    package static func input(_ text: String) -> [UInt8] {
        var bytes = Array(text.utf8)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        return bytes
    }

    /// The tree of a document the block reader reads to its end; nil when it gives up (or the document
    /// is empty: Yams says so).
    package static func blockTree(_ bytes: UnsafeBufferPointer<UInt8>, file: String) -> RawNode? {
        guard var source = BlockYAMLEventSource(bytes: bytes, file: file) else { return nil }
        var tree = TreeBuilder()
        while let event = source.next() {
            guard tree.root == nil else { return nil }
            let at = source.location(event.mark)
            switch event.kind {
            case .scalar: tree.add(.scalar(event.text, plain: event.plain, at: at))
            case .mappingStart: tree.open(mapping: true, at: at)
            case .sequenceStart: tree.open(mapping: false, at: at)
            case .mappingEnd, .sequenceEnd: guard tree.close() else { return nil }
            }
        }
        guard source.finish(), tree.stack.isEmpty else { return nil }
        return tree.root
    }

    /// Yams' parse of the first document, as a `RawNode` tree; its errors as diagnostics.
    static func composed(_ text: String, file: String) throws(InputError) -> RawNode? {
        let fileID = SourceFiles.id(file)
        func location(_ mark: Mark?) -> SourceLocation {
            SourceLocation(fileID: fileID, line: mark?.line ?? 1, column: mark?.column ?? 1)
        }
        func convert(_ node: Node) throws(InputError) -> RawNode {
            switch node {
            case .scalar(let s):
                return .scalar(s.string, plain: s.style == .plain, at: location(s.mark))
            case .mapping(let m):
                var pairs: [(key: RawNode, value: RawNode)] = []
                pairs.reserveCapacity(m.count)
                for (k, v) in m { pairs.append((try convert(k), try convert(v))) }
                return .mapping(pairs, at: location(m.mark))
            case .sequence(let s):
                var items: [RawNode] = []
                items.reserveCapacity(s.count)
                for item in s { items.append(try convert(item)) }
                return .sequence(items, at: location(s.mark))
            case .alias(let a):
                throw InputError([Diagnostic(.error, "unknown alias '*\(a.anchor.rawValue)'", at: location(a.mark))])
            }
        }
        let root: Node?
        do {
            root = try Parser(yaml: text, resolver: .basic, constructor: .default).nextRoot()
        } catch {
            throw InputError([diagnostic(error, text: text, at: location)])
        }
        return try root.map { (n) throws(InputError) in try convert(n) }
    }

    /// A Yams error as libyaml says it: "malformed YAML: problem (context)" at the problem's mark.
    private static func diagnostic(_ error: any Error, text: String, at location: (Mark?) -> SourceLocation) -> Diagnostic {
        switch error as? YamlError {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            if problem == "found undefined alias" {
                return Diagnostic(.error, "unknown alias '\(alias(in: text, at: mark))'", at: location(mark))
            }
            let text = context.map { "\(problem) (\($0.text))" } ?? problem
            return Diagnostic(.error, "malformed YAML: \(text)", at: location(mark))
        case .duplicatedKeysInMapping(let duplicates, let context):
            let keys = duplicates.map { "'\($0)'" }.joined(separator: ", ")
            return Diagnostic(.error, "key \(keys) is repeated in a mapping", at: location(context.mark))
        case .reader(let problem, _, _, _):
            return Diagnostic(.error, "malformed YAML: \(problem)", at: location(nil))
        default:
            return Diagnostic(.error, "malformed YAML: \(error)", at: location(nil))
        }
    }

    /// The alias written at `mark` (`*name`): Yams' error gives only its place.
    private static func alias(in text: String, at mark: Mark) -> String {
        guard let line = text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(mark.line - 1).first else { return "*" }
        let rest = line.dropFirst(mark.column - 1)
        return String(rest.prefix { !" \t\r,[]{}".contains($0) })
    }

    /// Nodes from events: open collections innermost last.
    private struct TreeBuilder {
        var root: RawNode?
        var stack: [Open] = []
        /// Kept as a struct in an array and mutated in place: appending to an enum payload copied the
        /// whole list on every item (quadratic: 100k features took minutes).
        struct Open {
            var isMapping: Bool
            var pairs: [(key: RawNode, value: RawNode)] = []
            var items: [RawNode] = []
            var pendingKey: RawNode?
            var location: SourceLocation
        }

        mutating func open(mapping: Bool, at location: SourceLocation) {
            stack.append(Open(isMapping: mapping, location: location))
        }

        /// False when nothing is open or a mapping ends on a key without its value.
        mutating func close() -> Bool {
            guard let top = stack.popLast(), top.pendingKey == nil else { return false }
            add(top.isMapping ? .mapping(top.pairs, at: top.location) : .sequence(top.items, at: top.location))
            return true
        }

        mutating func add(_ node: RawNode) {
            let last = stack.count - 1
            guard last >= 0 else {
                root = node
                return
            }
            if !stack[last].isMapping {
                stack[last].items.append(node)
            } else if let key = stack[last].pendingKey {
                stack[last].pairs.append((key, node))
                stack[last].pendingKey = nil
            } else {
                stack[last].pendingKey = node
            }
        }
    }
}
