import CYaml

/// One step of a registry document for the fast reader (`FastRegistryDecoder`): a scalar, or the start
/// or end of a mapping or list. Positions are marks (numbers); a `SourceLocation` is made only for
/// what the model keeps.
struct RegistryEvent {
    enum Kind: UInt8 { case scalar, mappingStart, mappingEnd, sequenceStart, sequenceEnd }
    var kind: Kind
    /// Scalars only: the text (interned) and whether it was unquoted (`plain`, so `"true"` stays a string).
    var text: String = ""
    var plain = false
    /// Scalars only: the text's id in the source's `names` (-1 for a JSON literal).
    var name: Int32 = -1
    var mark: RegistryMark
}

/// Where an event starts: JSON keeps the byte offset (its location is that offset; `line` is not
/// read for it); YAML keeps libyaml's line and column.
struct RegistryMark {
    var line: Int
    /// JSON: the byte offset of the event; YAML: the zero-based column.
    var offset: Int
}

/// A source of registry events. `next()` returns nil whenever the input is anything but plain, valid
/// registry data (a syntax error, an escape, an anchor, a tag…): the caller then reads the file again
/// with the positioned reader, which reports every problem.
protocol RegistryEventSource {
    mutating func next() -> RegistryEvent?
    /// True when the document ends after its root value (only white space, or the end of the YAML document).
    mutating func finish() -> Bool
    mutating func location(_ mark: RegistryMark) -> SourceLocation
    /// Every scalar read so far, with its id (`RegistryEvent.name`).
    var names: NameTable { get }
}

/// JSON events straight from the bytes. Accepts exactly what `JSONReader` accepts (RFC 8259, one value)
/// except strings with escapes, which it leaves to the positioned reader.
struct JSONEventSource: SplitEventSource {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let text: SourceFiles.TextID
    private(set) var names = NameTable()
    private var i = 0
    /// Open containers: true for an object.
    private var stack: [Bool] = []
    private enum State { case value, afterOpenObject, afterOpenArray, key, afterValue }
    private var state = State.value
    /// Split reading (`FeatureSplit`): the first reader jumps from the cut to the list's end.
    private var skip: FeatureSplit?
    /// Where the cut comes from: the other thread's skim, waited for at the top-level `features` key.
    private var handOff: SplitHandOff?
    /// Whether this source jumped over the other reader's items.
    private(set) var jumped = false

    init(bytes: UnsafeBufferPointer<UInt8>, file: String) {
        self.bytes = bytes
        self.text = SourceFiles.register(bytes, path: file, style: .json)
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            i = 3
        }
    }

    /// The whole document, except the features list's items from the cut `handOff` gives on (another
    /// reader's). The cut is asked for when the top-level `features` key is read, so the skim that
    /// finds it runs on the other thread while this one reads what comes before; with no cut, this
    /// source reads the whole document.
    init(bytes: UnsafeBufferPointer<UInt8>, file: String, skipping handOff: SplitHandOff) {
        self.init(bytes: bytes, file: file)
        self.handOff = handOff
    }

    /// Only the features list's items from `split`'s cut on: item events, then the list's end. The
    /// text is the one the first reader registered (its locations are offsets into it too).
    init(bytes: UnsafeBufferPointer<UInt8>, text: SourceFiles.TextID, from split: FeatureSplit) {
        self.bytes = bytes
        self.text = text
        i = split.itemStart
        stack = [false]
    }

    mutating func dropNames() { names = NameTable() }

    var registeredText: SourceFiles.TextID { text }
    /// The byte the next event starts at (or after).
    var position: Int { i }

    /// It ended on the list's own `]`.
    func endedAt(_ split: FeatureSplit) -> Bool { i == split.listEnd + 1 }

    /// The byte offset in the registered text: line and column (characters, not bytes, as
    /// `JSONReader` counts them) are computed only when the location is printed or compared.
    mutating func location(_ mark: RegistryMark) -> SourceLocation {
        SourceLocation(text, offset: mark.offset)
    }

    /// Only the offset: a JSON location is computed from it (lines are counted when printed).
    private var mark: RegistryMark { RegistryMark(line: 0, offset: i) }

    private mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x09 || bytes[i] == 0x0D { i += 1 }
    }

    mutating func next() -> RegistryEvent? {
        while true {
            skipSpace()
            guard i < bytes.count else { return nil }
            let c = bytes[i]
            switch state {
            case .afterValue:
                guard let top = stack.last else { return nil }
                if c == UInt8(ascii: ",") {
                    i += 1
                    state = top ? .key : .value
                    continue
                }
                if top ? c == UInt8(ascii: "}") : c == UInt8(ascii: "]") { return close(top) }
                return nil
            case .afterOpenObject:
                if c == UInt8(ascii: "}") { return close(true) }
                state = .key
                continue
            case .afterOpenArray:
                if c == UInt8(ascii: "]") { return close(false) }
                state = .value
                continue
            case .key:
                guard c == UInt8(ascii: "\"") else { return nil }
                let at = mark
                guard let key = string() else { return nil }
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return nil }
                i += 1
                state = .value
                if let h = handOff, stack.count == 1, names[key] == "features" {
                    skip = h.wait()
                    handOff = nil
                }
                return RegistryEvent(kind: .scalar, text: names[key], plain: false, name: key, mark: at)
            case .value:
                if let s = skip, i == s.itemStart {
                    // The other reader's items: on to the list's `]`.
                    i = s.listEnd
                    skip = nil
                    jumped = true
                    state = .afterValue
                    continue
                }
                return value(c)
            }
        }
    }

    private mutating func close(_ object: Bool) -> RegistryEvent {
        let at = mark
        i += 1
        stack.removeLast()
        state = .afterValue
        return RegistryEvent(kind: object ? .mappingEnd : .sequenceEnd, mark: at)
    }

    private mutating func value(_ c: UInt8) -> RegistryEvent? {
        let at = mark
        switch c {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let object = c == UInt8(ascii: "{")
            i += 1
            stack.append(object)
            state = object ? .afterOpenObject : .afterOpenArray
            return RegistryEvent(kind: object ? .mappingStart : .sequenceStart, mark: at)
        case UInt8(ascii: "\""):
            guard let s = string() else { return nil }
            state = .afterValue
            return RegistryEvent(kind: .scalar, text: names[s], plain: false, name: s, mark: at)
        default:
            let start = i
            i = JSONReader.wordEnd(bytes, from: i)
            let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
            guard JSONReader.isLiteral(word) else { return nil }
            state = .afterValue
            return RegistryEvent(kind: .scalar, text: word, plain: true, mark: at)
        }
    }

    /// The id of a string without escapes or control characters (anything else: nil, the positioned
    /// reader decides).
    private mutating func string() -> Int32? {
        i += 1
        let start = i
        while i < bytes.count {
            let c = bytes[i]
            if c == UInt8(ascii: "\"") {
                let s = names.intern(UnsafeBufferPointer(rebasing: bytes[start..<i]))
                i += 1
                return s
            }
            if c < 0x20 || c == UInt8(ascii: "\\") { return nil }
            i += 1
        }
        return nil
    }

    mutating func finish() -> Bool {
        guard stack.isEmpty, state == .afterValue else { return false }
        skipSpace()
        return i == bytes.count
    }
}

/// YAML events from libyaml (the copy Yams bundles), as `YAMLReader` reads them, without building
/// `RawNode`s. Anchors, aliases and tags are left to the positioned reader.
final class YAMLEventSource: RegistryEventSource {
    private var parser = yaml_parser_t()
    private var event = yaml_event_t()
    private var hasEvent = false
    private var started = false
    private let file: UInt32
    private(set) var names = NameTable()

    /// `bytes` must outlive the source.
    init?(bytes: UnsafeMutableBufferPointer<UInt8>, file: String) {
        self.file = SourceFiles.id(file)
        guard yaml_parser_initialize(&parser) == 1 else { return nil }
        started = true
        yaml_parser_set_input_string(&parser, bytes.baseAddress, bytes.count)
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
    }

    deinit {
        if hasEvent { yaml_event_delete(&event) }
        if started { yaml_parser_delete(&parser) }
    }

    private func pull() -> Bool {
        if hasEvent {
            yaml_event_delete(&event)
            hasEvent = false
        }
        guard yaml_parser_parse(&parser, &event) == 1 else { return false }
        hasEvent = true
        return true
    }

    func location(_ mark: RegistryMark) -> SourceLocation {
        SourceLocation(fileID: file, line: mark.line, column: mark.offset + 1)
    }

    func next() -> RegistryEvent? {
        while true {
            guard pull() else { return nil }
            let at = RegistryMark(line: Int(event.start_mark.line) + 1, offset: Int(event.start_mark.column))
            switch event.type {
            case YAML_STREAM_START_EVENT, YAML_DOCUMENT_START_EVENT:
                continue
            case YAML_SCALAR_EVENT:
                let s = event.data.scalar
                guard s.anchor == nil, s.tag == nil else { return nil }
                let id = names.intern(UnsafeBufferPointer(start: s.value, count: Int(s.length)))
                return RegistryEvent(kind: .scalar, text: names[id], plain: s.style == YAML_PLAIN_SCALAR_STYLE, name: id, mark: at)
            case YAML_SEQUENCE_START_EVENT:
                let s = event.data.sequence_start
                guard s.anchor == nil, s.tag == nil else { return nil }
                return RegistryEvent(kind: .sequenceStart, mark: at)
            case YAML_MAPPING_START_EVENT:
                let s = event.data.mapping_start
                guard s.anchor == nil, s.tag == nil else { return nil }
                return RegistryEvent(kind: .mappingStart, mark: at)
            case YAML_SEQUENCE_END_EVENT:
                return RegistryEvent(kind: .sequenceEnd, mark: at)
            case YAML_MAPPING_END_EVENT:
                return RegistryEvent(kind: .mappingEnd, mark: at)
            default:
                // Aliases, and a document or stream ending inside the root value.
                return nil
            }
        }
    }

    func finish() -> Bool {
        guard pull() else { return false }
        return event.type == YAML_DOCUMENT_END_EVENT
    }
}
