import Foundation
import NavGraphSupport
import NavGraphModel

/// One step of a registry document for the fast reader (`FastRegistryDecoder`): a scalar, or the start
/// or end of a mapping or list. Positions are marks (numbers); a `SourceLocation` is made only for
/// what the model keeps.
package struct RegistryEvent {
    package enum Kind: UInt8 { case scalar, mappingStart, mappingEnd, sequenceStart, sequenceEnd }
    package var kind: Kind
    /// Scalars only: the text (interned) and whether it was unquoted (`plain`, so `"true"` stays a string).
    package var text: String = ""
    package var plain = false
    /// Scalars only: the text's id in the source's `names` (-1 for a JSON literal).
    package var name: Int32 = -1
    package var mark: RegistryMark
}

/// Where an event starts: JSON keeps the byte offset (its location is that offset; `line` is not
/// read for it); YAML keeps libyaml's line and column.
package struct RegistryMark {
    package var line: Int
    /// JSON: the byte offset of the event; YAML: the zero-based column.
    package var offset: Int
}

/// A source of registry events. `next()` returns nil whenever the input is anything but plain, valid
/// registry data (a syntax error, an escape, an anchor, a tag…): the caller then reads the file again
/// with the positioned reader, which reports every problem.
package protocol RegistryEventSource {
    mutating func next() -> RegistryEvent?
    /// True when the document ends after its root value (only white space, or the end of the YAML document).
    mutating func finish() -> Bool
    mutating func location(_ mark: RegistryMark) -> SourceLocation
    /// Every scalar read so far, with its id (`RegistryEvent.name`).
    var names: NameTable { get }
    /// The next item of the list being read, when it is a `PlainObject` with keys from `keys`, read
    /// straight from the bytes into `object`; false, with nothing read, for anything else (and for a
    /// source that has no such reading: only JSON has).
    mutating func plainObject(_ keys: PlainKeys, into object: inout PlainObject) -> Bool
}

extension RegistryEventSource {
    package mutating func plainObject(_ keys: PlainKeys, into object: inout PlainObject) -> Bool { false }
}

/// The keys a `PlainObject` may have, as bytes (at most 16).
package struct PlainKeys: Sendable {
    package let keys: [[UInt8]]
    /// The key whose list items may also be objects of `itemKeys`: the first a name, the second a
    /// string or `null` (a navigation's `route` and `style`).
    package let objectItems: Int
    package let itemKeys: [[UInt8]]
    /// The key whose value may be an object of name pairs (a handler's `routes`).
    package let pairs: Int

    package init(_ names: [String], objectItems: (key: String, keys: [String])? = nil, pairs: String? = nil) {
        precondition(names.count <= 16)
        keys = names.map { Array($0.utf8) }
        self.objectItems = objectItems.flatMap { names.firstIndex(of: $0.key) } ?? -1
        self.pairs = pairs.flatMap { names.firstIndex(of: $0) } ?? -1
        itemKeys = objectItems?.keys.map { Array($0.utf8) } ?? []
        precondition(itemKeys.count == 0 || itemKeys.count == 2)
    }

    /// The index of the key spelled by `bytes[from..<to]`.
    package func index(_ bytes: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) -> Int? { Self.index(keys, bytes, from, to) }

    package static func index(_ keys: [[UInt8]], _ bytes: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) -> Int? {
        let n = to - from
        for (k, key) in keys.enumerated() where key.count == n {
            if key.withUnsafeBufferPointer({ memcmp($0.baseAddress!, bytes.baseAddress! + from, n) == 0 }) { return k }
        }
        return nil
    }
}

/// A list item in its commonest shape: an object whose keys come from a `PlainKeys` list, each at most
/// once, and whose values are each a non-empty quoted string without escapes, `null`, or a list of
/// such strings. The fast reader builds a feature or route from it without an event per scalar (the
/// events, their retained strings and the keys' string compares were most of a 100k read); any other
/// shape is read event by event, which gives up where it must.
package struct PlainObject {
    package static let null: Int32 = -2
    package static let list: Int32 = -3
    /// An object of name pairs: its keys are items (`items`, `itemAt`), its values `itemSecond`.
    package static let pairs: Int32 = -6
    /// Where the object's `{` is (a byte offset).
    package var at = 0
    /// Bit k: key k is present.
    package var present: UInt16 = 0
    /// Per key: the name id of its string, `null`, `list` or `pairs`.
    package var value = [Int32](repeating: 0, count: 16)
    /// Per key: where its value starts.
    package var valueAt = [Int](repeating: 0, count: 16)
    /// Per key with a list: its items' range in `items` and `itemAt`.
    package var listStart = [Int](repeating: 0, count: 16)
    package var listEnd = [Int](repeating: 0, count: 16)
    /// The items of every list, in order: name ids and where each starts.
    package var items: [Int32] = []
    package var itemAt: [Int] = []
    /// Per item: `PlainObject.string` for a string item; for an object item (`PlainKeys.objectItems`)
    /// its second key's value: a name id, `null`, or `PlainObject.absent`.
    package var itemSecond: [Int32] = []
    package static let string: Int32 = -4
    package static let absent: Int32 = -5

    package func has(_ key: Int) -> Bool { present & (1 << UInt16(key)) != 0 }
}

/// JSON events straight from the bytes. Accepts exactly what `JSONReader` accepts (RFC 8259, one value)
/// except strings with escapes, which it leaves to the positioned reader.
package struct JSONEventSource: SplitEventSource {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let text: SourceFiles.TextID
    package private(set) var names = NameTable()
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
    package private(set) var jumped = false

    package init(bytes: UnsafeBufferPointer<UInt8>, file: String) {
        self.bytes = bytes
        self.text = SourceFiles.register(bytes, path: file, style: .json)
        names = NameTable(expected: bytes.count / NameTable.bytesPerName)
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            i = 3
        }
    }

    /// The whole document, except the features list's items from the cut `handOff` gives on (another
    /// reader's). The cut is asked for when the top-level `features` key is read, so the skim that
    /// finds it runs on the other thread while this one reads what comes before; with no cut, this
    /// source reads the whole document.
    package init(bytes: UnsafeBufferPointer<UInt8>, file: String, skipping handOff: SplitHandOff) {
        self.init(bytes: bytes, file: file)
        self.handOff = handOff
    }

    /// Only the features list's items from `split`'s cut on: item events, then the list's end. The
    /// text is the one the first reader registered (its locations are offsets into it too).
    package init(bytes: UnsafeBufferPointer<UInt8>, text: SourceFiles.TextID, from split: FeatureSplit) {
        self.bytes = bytes
        self.text = text
        names = NameTable(expected: (split.listEnd - split.itemStart) / NameTable.bytesPerName)
        i = split.itemStart
        stack = [false]
    }

    package mutating func dropNames() { names = NameTable() }

    package var registeredText: SourceFiles.TextID { text }
    /// The byte the next event starts at (or after).
    package var position: Int { i }

    /// It ended on the list's own `]`.
    package func endedAt(_ split: FeatureSplit) -> Bool { i == split.listEnd + 1 }

    /// The byte offset in the registered text: line and column (characters, not bytes, as
    /// `JSONReader` counts them) are computed only when the location is printed or compared.
    package mutating func location(_ mark: RegistryMark) -> SourceLocation {
        SourceLocation(text, offset: mark.offset)
    }

    /// Only the offset: a JSON location is computed from it (lines are counted when printed).
    private var mark: RegistryMark { RegistryMark(line: 0, offset: i) }

    private mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x09 || bytes[i] == 0x0D { i += 1 }
    }

    package mutating func next() -> RegistryEvent? {
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
                if let s = skip {
                    // The cut is a guess (`FeatureSplit.json`): it holds only at an item of the
                    // top-level features list, the one this reader is in. A features value that is
                    // no list has no cut.
                    if stack.count == 1 {
                        if c != UInt8(ascii: "[") { skip = nil }
                    } else if stack.count == 2, stack.last == false, i == s.itemStart {
                        // The other reader's items: on to the list's `]`.
                        i = s.listEnd
                        skip = nil
                        jumped = true
                        state = .afterValue
                        continue
                    }
                }
                return value(c)
            }
        }
    }

    private mutating func close(_ object: Bool) -> RegistryEvent {
        let at = mark
        i += 1
        // The features list closed without reaching the cut: no jump, this reader reads it all.
        if stack.count == 2 { skip = nil }
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
        let start = i + 1
        guard let end = stringEnd(start) else { return nil }
        i = end + 1
        return names.intern(UnsafeBufferPointer(rebasing: bytes[start..<end]))
    }

    /// Where the string whose text starts at `start` ends (its closing quote), when it has no escape
    /// or control character.
    private func stringEnd(_ start: Int) -> Int? {
        var j = start
        while j < bytes.count {
            let c = bytes[j]
            if c == UInt8(ascii: "\"") { return j }
            if c < 0x20 || c == UInt8(ascii: "\\") { return nil }
            j += 1
        }
        return nil
    }

    private func spaceEnd(_ from: Int) -> Int {
        var j = from
        while j < bytes.count, bytes[j] == 0x20 || bytes[j] == 0x0A || bytes[j] == 0x09 || bytes[j] == 0x0D { j += 1 }
        return j
    }

    /// A non-empty quoted string at `j` (its quote): its id and where it ends (after the quote).
    private mutating func plainString(_ j: Int) -> (id: Int32, end: Int)? {
        guard j < bytes.count, bytes[j] == UInt8(ascii: "\""), let end = stringEnd(j + 1), end > j + 1 else { return nil }
        return (names.intern(UnsafeBufferPointer(rebasing: bytes[(j + 1)..<end])), end + 1)
    }

    /// `{"first": "name", "second": "text" or null}` at `j`, in either order, the second key optional.
    private mutating func plainItemObject(_ start: Int, _ keys: [[UInt8]]) -> (first: Int32, second: Int32, end: Int)? {
        var first: Int32?, second = PlainObject.absent
        var j = spaceEnd(start + 1)
        while true {
            guard let k = plainKey(&j, keys) else { return nil }
            if k == 0 {
                guard first == nil, let (id, end) = plainString(j) else { return nil }
                first = id
                j = end
            } else {
                guard second == PlainObject.absent else { return nil }
                if let (id, end) = plainString(j) {
                    second = id
                    j = end
                } else if let end = nullEnd(j) {
                    second = PlainObject.null
                    j = end
                } else {
                    return nil
                }
            }
            guard let more = nextItem(&j, UInt8(ascii: "}")) else { return nil }
            if !more { break }
        }
        guard let first else { return nil }
        return (first, second, j)
    }

    /// A key from `keys` at `j` and its colon: the key's index, with `j` moved to the value.
    private func plainKey(_ j: inout Int, _ keys: [[UInt8]]) -> Int? {
        guard j < bytes.count, bytes[j] == UInt8(ascii: "\""), let keyEnd = stringEnd(j + 1),
            let k = PlainKeys.index(keys, bytes, j + 1, keyEnd)
        else { return nil }
        j = spaceEnd(keyEnd + 1)
        guard j < bytes.count, bytes[j] == UInt8(ascii: ":") else { return nil }
        j = spaceEnd(j + 1)
        return k
    }

    /// The items of the list or object whose bracket is at `j`, each read by `item` (from its first
    /// byte, leaving `j` after it), up to `close`, with `j` left after that; false when anything is off.
    private mutating func container(_ j: inout Int, _ close: UInt8, _ item: (inout Self, inout Int) -> Bool) -> Bool {
        j = spaceEnd(j + 1)
        if j < bytes.count, bytes[j] == close {
            j += 1
            return true
        }
        while true {
            guard item(&self, &j) else { return false }
            guard let more = nextItem(&j, close) else { return false }
            if !more { return true }
        }
    }

    /// After an item of a container that ends at `j`: true with `j` at the next item (past a `,`),
    /// false with `j` past the container's `close`, nil for anything else.
    private func nextItem(_ j: inout Int, _ close: UInt8) -> Bool? {
        j = spaceEnd(j)
        guard j < bytes.count else { return nil }
        if bytes[j] == close {
            j += 1
            return false
        }
        guard bytes[j] == UInt8(ascii: ",") else { return nil }
        j = spaceEnd(j + 1)
        return true
    }

    /// The end of a `null` literal at `j`.
    private func nullEnd(_ j: Int) -> Int? {
        guard j < bytes.count, bytes[j] == UInt8(ascii: "n") else { return nil }
        let end = JSONReader.wordEnd(bytes, from: j)
        guard end - j == 4, bytes[j + 1] == UInt8(ascii: "u"), bytes[j + 2] == UInt8(ascii: "l"), bytes[j + 3] == UInt8(ascii: "l")
        else { return nil }
        return end
    }

    package mutating func plainObject(_ keys: PlainKeys, into o: inout PlainObject) -> Bool {
        // Where `next()` would be before the item's `{`: after a `,`, at the list's start, or at a value.
        guard stack.last == false else { return false }
        var j = spaceEnd(i)
        switch state {
        case .afterValue:
            guard j < bytes.count, bytes[j] == UInt8(ascii: ",") else { return false }
            j = spaceEnd(j + 1)
        case .afterOpenArray, .value: break
        default: return false
        }
        guard j < bytes.count, bytes[j] == UInt8(ascii: "{") else { return false }
        // The first reader's jump over the other reader's items happens event by event.
        if let s = skip, j == s.itemStart { return false }
        o.at = j
        o.present = 0
        o.items.removeAll(keepingCapacity: true)
        o.itemAt.removeAll(keepingCapacity: true)
        o.itemSecond.removeAll(keepingCapacity: true)
        j = spaceEnd(j + 1)
        guard j < bytes.count, bytes[j] != UInt8(ascii: "}") else { return false }
        while true {
            // A key from the list, once.
            guard let k = plainKey(&j, keys.keys) else { return false }
            let bit: UInt16 = 1 << UInt16(k)
            guard o.present & bit == 0 else { return false }
            o.present |= bit
            guard j < bytes.count else { return false }
            o.valueAt[k] = j
            switch bytes[j] {
            case UInt8(ascii: "\""):
                guard let (id, end) = plainString(j) else { return false }
                o.value[k] = id
                j = end
            case UInt8(ascii: "n"):
                guard let end = nullEnd(j) else { return false }
                o.value[k] = PlainObject.null
                j = end
            case UInt8(ascii: "["):
                o.value[k] = PlainObject.list
                o.listStart[k] = o.items.count
                let objectItems = k == keys.objectItems
                guard container(&j, UInt8(ascii: "]"), { (s, j) in
                    let id: Int32, end: Int
                    if objectItems, j < s.bytes.count, s.bytes[j] == UInt8(ascii: "{") {
                        guard let item = s.plainItemObject(j, keys.itemKeys) else { return false }
                        (id, end) = (item.first, item.end)
                        o.itemSecond.append(item.second)
                    } else {
                        guard let item = s.plainString(j) else { return false }
                        (id, end) = item
                        o.itemSecond.append(PlainObject.string)
                    }
                    o.items.append(id)
                    o.itemAt.append(j)
                    j = end
                    return true
                }) else { return false }
                o.listEnd[k] = o.items.count
            case UInt8(ascii: "{") where k == keys.pairs:
                // `{"name": "name", …}`: the keys as items, the values as their seconds.
                o.value[k] = PlainObject.pairs
                o.listStart[k] = o.items.count
                guard container(&j, UInt8(ascii: "}"), { (s, j) in
                    guard let (key, keyEnd) = s.plainString(j) else { return false }
                    let keyAt = j
                    j = s.spaceEnd(keyEnd)
                    guard j < s.bytes.count, s.bytes[j] == UInt8(ascii: ":") else { return false }
                    j = s.spaceEnd(j + 1)
                    guard let (value, end) = s.plainString(j) else { return false }
                    o.items.append(key)
                    o.itemAt.append(keyAt)
                    o.itemSecond.append(value)
                    j = end
                    return true
                }) else { return false }
                o.listEnd[k] = o.items.count
            default:
                return false
            }
            guard let more = nextItem(&j, UInt8(ascii: "}")) else { return false }
            if !more { break }
        }
        i = j
        state = .afterValue
        return true
    }

    package mutating func finish() -> Bool {
        guard stack.isEmpty, state == .afterValue else { return false }
        skipSpace()
        return i == bytes.count
    }
}
