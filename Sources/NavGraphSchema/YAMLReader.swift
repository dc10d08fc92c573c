import CYaml
import NavGraphSupport
import NavGraphModel

/// Reads YAML into `RawNode`s with libyaml's event API (the copy Yams bundles).
///
/// We read events rather than Yams' composed `Node`s because Yams' composer stops at the first
/// repeated key; here repeated keys survive, so the loader reports every problem in one pass.
package enum YAMLReader {
    /// The first document of `text`; nil for an empty document.
    package static func read(_ text: String, file: String) throws(InputError) -> RawNode? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw InputError([Diagnostic(.error, "could not start the YAML parser", at: SourceLocation(file: file, line: 1, column: 1))])
        }
        defer { yaml_parser_delete(&parser) }
        var bytes = input(text)
        return try bytes.withUnsafeMutableBufferPointer { (buf) throws(InputError) -> RawNode? in
            yaml_parser_set_input_string(&parser, buf.baseAddress, buf.count)
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            var builder = Builder(file: file)
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else {
                    throw InputError([builder.parserError(parser)])
                }
                defer { yaml_event_delete(&event) }
                let done = try builder.consume(&event)
                if done { break }
            }
            return builder.root
        }
    }

    /// The bytes both YAML readers hand libyaml: the text's UTF-8 without a leading byte-order mark
    /// (told the input is UTF-8, libyaml reads a mark as content and the document came out empty;
    /// the JSON readers skip the mark themselves).
    package static func input(_ text: String) -> [UInt8] {
        var bytes = Array(text.utf8)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        return bytes
    }

    private struct Builder {
        let file: String
        var root: RawNode?
        var rootSeen = false
        var anchors: [String: RawNode] = [:]
        /// An open container: mapping pairs (`isMapping`) or sequence items, with its start and anchor.
        /// Kept as a struct in an array and mutated in place: appending to an enum payload copied the
        /// whole list on every item (quadratic: 100k features took minutes).
        struct Open {
            var isMapping: Bool
            var pairs: [(key: RawNode, value: RawNode)] = []
            var items: [RawNode] = []
            var pendingKey: RawNode?
            var location: SourceLocation
            var anchor: String?
        }
        var stack: [Open] = []

        init(file: String) { self.file = file }

        func loc(_ mark: yaml_mark_t) -> SourceLocation {
            SourceLocation(file: file, line: Int(mark.line) + 1, column: Int(mark.column) + 1)
        }

        func parserError(_ p: yaml_parser_t) -> Diagnostic {
            let problem = p.problem.map { String(cString: $0) } ?? "malformed YAML"
            let context = p.context.map { String(cString: $0) }
            let mark = p.problem_mark
            let text = context.map { "\(problem) (\($0))" } ?? problem
            return Diagnostic(.error, "malformed YAML: \(text)", at: loc(mark))
        }

        static func string(_ p: UnsafeMutablePointer<yaml_char_t>?) -> String? {
            guard let p else { return nil }
            return String(cString: UnsafeRawPointer(p).assumingMemoryBound(to: CChar.self))
        }

        /// Returns true when the first document is complete.
        mutating func consume(_ event: inout yaml_event_t) throws(InputError) -> Bool {
            let start = loc(event.start_mark)
            switch event.type {
            case YAML_STREAM_START_EVENT, YAML_DOCUMENT_START_EVENT:
                return false
            case YAML_DOCUMENT_END_EVENT, YAML_STREAM_END_EVENT:
                return true
            case YAML_SCALAR_EVENT:
                let s = event.data.scalar
                let value = String(
                    decoding: UnsafeBufferPointer(start: s.value, count: Int(s.length)), as: UTF8.self)
                let node = RawNode.scalar(value, plain: s.style == YAML_PLAIN_SCALAR_STYLE, at: start)
                if let a = Builder.string(s.anchor) { anchors[a] = node }
                add(node)
            case YAML_ALIAS_EVENT:
                let name = Builder.string(event.data.alias.anchor) ?? ""
                guard let node = anchors[name] else {
                    throw InputError([Diagnostic(.error, "unknown alias '*\(name)'", at: start)])
                }
                add(node)
            case YAML_SEQUENCE_START_EVENT:
                stack.append(Open(isMapping: false, location: start, anchor: Builder.string(event.data.sequence_start.anchor)))
            case YAML_MAPPING_START_EVENT:
                stack.append(Open(isMapping: true, location: start, anchor: Builder.string(event.data.mapping_start.anchor)))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard let top = stack.popLast() else { return false }
                let node: RawNode = top.isMapping ? .mapping(top.pairs, at: top.location) : .sequence(top.items, at: top.location)
                if let anchor = top.anchor { anchors[anchor] = node }
                add(node)
            default:
                return false
            }
            return false
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
