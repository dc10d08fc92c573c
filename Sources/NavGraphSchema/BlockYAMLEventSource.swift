import Foundation
import NavGraphSupport
import NavGraphModel

/// YAML events read straight from the bytes, for the block-style YAML that registries are written in
/// (by hand, by `navgraph scan`, by `generate`): block mappings and lists, one-line plain and quoted
/// scalars, one-line flow collections (`{route: x, style: modal}`, `[a, b]`) and comments.
///
/// The events, their text and their marks are exactly libyaml's (`YAMLEventSource`) for every document
/// this source reads to the end: `BlockYAMLEventSourceTests` compares the two event by event on
/// registries, layouts and thousands of mutated documents. At anything outside that subset — a
/// control character, a tab, a `\r`, a multi-line scalar or flow collection, an empty value,
/// an escape, an anchor, a tag, a block scalar, a directive, a second document — `next()` returns nil
/// and the loader reads the file with libyaml as before; so this source never has to judge an error.
///
/// Offsets are marks, as for JSON: the text is registered with `SourceFiles` (its lines end at `\n`
/// and its columns count characters, which for the text `canRead` lets through is how libyaml counts).
/// Like `JSONEventSource`, a big document is read on two threads (`FeatureSplit.yaml`).
package struct BlockYAMLEventSource: SplitEventSource {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let text: SourceFiles.TextID
    package private(set) var names = NameTable()

    /// The start of the next line to read.
    private var i = 0
    /// The block collections open, innermost last.
    private var stack: [Level] = []
    private struct Level {
        var indent: Int
        var sequence: Bool
        /// A list whose `-` are in the column of its mapping's keys (`key:\n- a`).
        var indentless: Bool
    }
    /// What the next content line has to give.
    private var pending = Pending.root
    private enum Pending: Equatable {
        case none
        /// The document's root value.
        case root
        /// The value of a key of the mapping at this indent (`key:` ended its line).
        case value(Int)
        /// The item of the list at this indent (`-` ended its line).
        case item(Int)
    }
    /// The current line's events, handed out one by one.
    private var queue: [RegistryEvent] = []
    private var head = 0
    private var ended = false
    private var failed = false
    /// A `---` started the document.
    private var explicitStart = false

    /// Split reading, as `JSONEventSource` does it.
    private var skip: FeatureSplit?
    private var handOff: SplitHandOff?
    package private(set) var jumped = false

    /// Nil when the text holds a character this source does not read (`canRead`): libyaml reads it.
    package init?(bytes: UnsafeBufferPointer<UInt8>, file: String) {
        guard Self.canRead(bytes) else { return nil }
        self.bytes = bytes
        // For this text (no `\r`, no other line break, no byte-order mark) the JSON style's lines and
        // columns are libyaml's.
        text = SourceFiles.register(bytes, path: file, style: .json)
        names = NameTable(expected: bytes.count / NameTable.bytesPerName)
        queue.reserveCapacity(8)
    }

    /// The whole document but the features list's items from `handOff`'s cut on.
    package init?(bytes: UnsafeBufferPointer<UInt8>, file: String, skipping handOff: SplitHandOff) {
        self.init(bytes: bytes, file: file)
        self.handOff = handOff
    }

    /// Only the features list's items from `split`'s cut on: item events, then the list's end.
    package init(bytes: UnsafeBufferPointer<UInt8>, text: SourceFiles.TextID, from split: FeatureSplit) {
        self.bytes = bytes
        self.text = text
        names = NameTable(expected: (split.listEnd - split.itemStart) / NameTable.bytesPerName)
        var start = split.itemStart
        while start > 0, bytes[start - 1] == 0x20 { start -= 1 }
        i = start
        let indent = split.itemStart - start
        stack = [Level(indent: 0, sequence: false, indentless: false), Level(indent: indent, sequence: true, indentless: indent == 0)]
        pending = .none
    }

    /// Printable ASCII and `\n` only, eight bytes at a time.
    package static func isPlainASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        let highs: UInt64 = 0x8080_8080_8080_8080, lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        var n = 0
        var bad: UInt64 = 0
        while n + 8 <= bytes.count {
            let w = raw.loadUnaligned(fromByteOffset: n, as: UInt64.self)
            // Per byte, without carries between bytes: the high bit of `low7 + 1` is set for 0x7F,
            // of `low7 + 0x60` for 0x20 and up; a byte equal to `\n` is a zero byte of `w ^ 0x0A…`.
            let low7 = w & lows
            let delete = (low7 &+ 0x0101_0101_0101_0101) & highs
            let printable = (low7 &+ 0x6060_6060_6060_6060) & highs
            let z = w ^ 0x0A0A_0A0A_0A0A_0A0A
            let newline = ~(((z & lows) &+ lows) | z) & highs
            bad |= (w & highs) | delete | (~printable & highs & ~newline)
            n += 8
        }
        guard bad == 0 else { return false }
        while n < bytes.count {
            if !isPlain(bytes[n]) { return false }
            n += 1
        }
        return true
    }

    private static func isPlain(_ c: UInt8) -> Bool { (c >= 0x20 && c < 0x7F) || c == 0x0A }

    /// Printable ASCII and `\n`, and beyond ASCII (checked only when there is some) valid UTF-8 of
    /// characters libyaml accepts and counts as one column each, and never as a line break or white
    /// space: not a C1 control or NEL, not U+2028/U+2029 (line breaks to libyaml), not a byte-order
    /// mark (skipped at a line's start), not U+FFFE/U+FFFF.
    package static func canRead(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if isPlainASCII(bytes) { return true }
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let c):
                let v = c.value
                if v < 0x80 {
                    guard isPlain(UInt8(v)) else { return false }
                } else if v < 0xA0 || v == 0x2028 || v == 0x2029 || v == 0xFEFF || v == 0xFFFE || v == 0xFFFF {
                    return false
                }
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    package mutating func dropNames() { names = NameTable() }
    package var registeredText: SourceFiles.TextID { text }

    /// `RegistryMark.line` is 1 for the start of the line after the end of input, 0 otherwise.
    package mutating func location(_ mark: RegistryMark) -> SourceLocation {
        guard mark.line == 1 else { return SourceLocation(text, offset: mark.offset) }
        // libyaml puts the end of input at the start of a line: after the last line when the text
        // does not end with a line break.
        let p = SourceFiles.lines(text.text).position(mark.offset)
        return SourceLocation(fileID: text.file, line: p.column == 1 ? p.line : p.line + 1, column: 1)
    }

    package mutating func next() -> RegistryEvent? {
        while head == queue.count {
            if failed || ended { return nil }
            queue.removeAll(keepingCapacity: true)
            head = 0
            // A line given up on still hands out what it read before (a list's end, for the second
            // reader of a split document); nil follows.
            if !line() { failed = true }
        }
        head += 1
        return queue[head - 1]
    }

    package mutating func finish() -> Bool {
        head == queue.count && ended && !failed
    }

    /// The second reader of a split document: whether the last event it handed out is the list's end
    /// where the split said the list ends (the first reader goes on from there).
    package func endedAt(_ split: FeatureSplit) -> Bool {
        head > 0 && queue[head - 1].kind == .sequenceEnd && queue[head - 1].mark.offset == split.listEnd
    }

    // MARK: lines

    private func at(_ k: Int) -> UInt8 { k < bytes.count ? bytes[k] : 0x0A }
    private func isBlankOrEnd(_ k: Int) -> Bool { k >= bytes.count || bytes[k] == 0x20 || bytes[k] == 0x0A }

    private mutating func emit(_ kind: RegistryEvent.Kind, _ at: Int) {
        queue.append(RegistryEvent(kind: kind, mark: RegistryMark(line: 0, offset: at)))
    }

    private mutating func emitScalar(_ start: Int, _ end: Int, plain: Bool, at: Int) {
        let id = names.intern(UnsafeBufferPointer(rebasing: bytes[start..<end]))
        queue.append(RegistryEvent(kind: .scalar, text: names[id], plain: plain, name: id, mark: RegistryMark(line: 0, offset: at)))
    }

    /// Reads the next content line (skipping blank and comment lines) into `queue`; false to give up.
    private mutating func line() -> Bool {
        var j = i
        while true {
            if i >= bytes.count { return end() }
            j = i
            while j < bytes.count, bytes[j] == 0x20 { j += 1 }
            if j >= bytes.count {
                i = j
                return end()
            }
            if bytes[j] == 0x0A {
                i = j + 1
                continue
            }
            if bytes[j] == UInt8(ascii: "#") {
                i = lineEnd(j) + 1
                continue
            }
            break
        }
        let col = j - i
        if col == 0, j + 3 <= bytes.count {
            let a = bytes[j], b = bytes[j + 1], c = bytes[j + 2]
            if (a == UInt8(ascii: "-") && b == a && c == a) || (a == UInt8(ascii: ".") && b == a && c == a) {
                // `---` before anything else starts the document (libyaml's events skip it); any
                // other document marker is left to libyaml.
                guard a == UInt8(ascii: "-"), pending == .root, !explicitStart, restIsEmpty(j + 3) else { return false }
                explicitStart = true
                i = lineEnd(j) + 1
                return true
            }
        }
        let dash = bytes[j] == UInt8(ascii: "-") && isBlankOrEnd(j + 1)
        switch pending {
        case .root:
            open(col, at: j, dash: dash, indentless: false)
        case .value(let n):
            if col > n {
                open(col, at: j, dash: dash, indentless: false)
            } else if col == n && dash {
                open(col, at: j, dash: true, indentless: true)
            } else {
                return false  // an empty value
            }
        case .item(let n):
            guard col > n else { return false }
            open(col, at: j, dash: dash, indentless: false)
        case .none:
            while let top = stack.last, top.indent > col || (top.indentless && top.indent == col && !dash) {
                emit(top.sequence ? .sequenceEnd : .mappingEnd, j)
                stack.removeLast()
            }
            guard let top = stack.last, top.indent == col, top.sequence == dash else { return false }
            if let s = skip, j == s.itemStart {
                // The other reader's items: on to the line after the list.
                guard stack.count == 2, dash else { return false }
                var next = s.listEnd
                while next > 0, bytes[next - 1] == 0x20 { next -= 1 }
                i = next
                skip = nil
                jumped = true
                return true
            }
        }
        pending = .none
        let end = lineEnd(j)
        let ok = dash ? item(j, end) : pair(j, end, indent: col)
        i = end + 1
        return ok
    }

    private mutating func open(_ col: Int, at j: Int, dash: Bool, indentless: Bool) {
        emit(dash ? .sequenceStart : .mappingStart, j)
        stack.append(Level(indent: col, sequence: dash, indentless: indentless))
    }

    /// The end of input: every open collection ends there. As libyaml does it: the collections
    /// indented deeper than the last line's column end at the end of input, the others at the start
    /// of the line after it (`location` makes that place).
    private mutating func end() -> Bool {
        guard pending == .none, !stack.isEmpty else { return false }
        var lastLine = bytes.count
        while lastLine > 0, bytes[lastLine - 1] != 0x0A { lastLine -= 1 }
        let column = bytes.count - lastLine
        while let top = stack.popLast() {
            let mark = RegistryMark(line: top.indent > column ? 0 : 1, offset: bytes.count)
            queue.append(RegistryEvent(kind: top.sequence ? .sequenceEnd : .mappingEnd, mark: mark))
        }
        ended = true
        return true
    }

    private func lineEnd(_ from: Int) -> Int {
        guard from < bytes.count, let base = bytes.baseAddress,
            let p = memchr(base + from, 0x0A, bytes.count - from)
        else { return bytes.count }
        return base.distance(to: p.assumingMemoryBound(to: UInt8.self))
    }

    /// Only spaces, then the line's end or a comment.
    private func restIsEmpty(_ from: Int) -> Bool {
        var k = from
        let start = k
        while k < bytes.count, bytes[k] == 0x20 { k += 1 }
        return k >= bytes.count || bytes[k] == 0x0A || (bytes[k] == UInt8(ascii: "#") && k > start)
    }

    /// A list item at `j` (its `-`), to the line's end `end`.
    private mutating func item(_ j: Int, _ end: Int) -> Bool {
        var k = j + 1
        while k < end, bytes[k] == 0x20 { k += 1 }
        if k == end || (bytes[k] == UInt8(ascii: "#") && k > j + 1) {
            pending = .item(stack[stack.count - 1].indent)
            return true
        }
        if bytes[k] == UInt8(ascii: "-") && isBlankOrEnd(k + 1) { return false }  // `- - a`
        // `- key: value` opens a mapping in the item's column.
        if let keyEnd = keyEnd(k, end) {
            let col = k - (j - stack[stack.count - 1].indent)
            emit(.mappingStart, k)
            stack.append(Level(indent: col, sequence: false, indentless: false))
            return pairAfterKey(k, keyEnd, end, indent: col)
        }
        return value(k, end)
    }

    /// `key: value` or `key:` at `j`.
    private mutating func pair(_ j: Int, _ end: Int, indent: Int) -> Bool {
        guard let keyEnd = keyEnd(j, end) else { return false }
        return pairAfterKey(j, keyEnd, end, indent: indent)
    }

    /// Where the key starting at `k` ends (its `:`), when the text at `k` is a key; nil otherwise.
    private func keyEnd(_ k: Int, _ end: Int) -> Int? {
        let c = bytes[k]
        if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
            guard let close = quotedEnd(k, end), close < end, bytes[close] == UInt8(ascii: ":"), isBlankOrEnd(close + 1),
                close - k < Self.keyLimit
            else { return nil }
            return close
        }
        guard Self.startsPlain(c) else { return nil }
        var p = k
        while p < end {
            let b = bytes[p]
            if b == UInt8(ascii: ":") && isBlankOrEnd(p + 1) {
                return p - k < Self.keyLimit ? p : nil
            }
            if b == 0x20 && at(p + 1) == UInt8(ascii: "#") { return nil }
            p += 1
        }
        return nil
    }

    private mutating func pairAfterKey(_ k: Int, _ colon: Int, _ end: Int, indent: Int) -> Bool {
        if bytes[k] == UInt8(ascii: "\"") || bytes[k] == UInt8(ascii: "'") {
            emitScalar(k + 1, colon - 1, plain: false, at: k)
        } else {
            var e = colon
            while e > k, bytes[e - 1] == 0x20 { e -= 1 }
            emitScalar(k, e, plain: true, at: k)
        }
        if let h = handOff, stack.count == 1, queue[queue.count - 1].text == "features" {
            // The cut, from the other thread's skim, is needed from here on.
            skip = h.wait()
            handOff = nil
        }
        var v = colon + 1
        while v < end, bytes[v] == 0x20 { v += 1 }
        if v == end || (bytes[v] == UInt8(ascii: "#") && v > colon + 1) {
            pending = .value(indent)
            return true
        }
        if bytes[v] == UInt8(ascii: "-") && isBlankOrEnd(v + 1) { return false }
        return value(v, end)
    }

    /// A value at `k` that fills the rest of the line: a scalar or a flow collection.
    private mutating func value(_ k: Int, _ end: Int) -> Bool {
        let c = bytes[k]
        var after: Int
        if c == UInt8(ascii: "{") || c == UInt8(ascii: "[") {
            guard let e = flow(k, end) else { return false }
            after = e
        } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
            guard let close = quotedEnd(k, end) else { return false }
            emitScalar(k + 1, close - 1, plain: false, at: k)
            after = close
        } else {
            guard Self.startsPlain(c) else { return false }
            var p = k
            var last = k
            while p < end {
                let b = bytes[p]
                if b == UInt8(ascii: ":") && isBlankOrEnd(p + 1) { return false }  // a mapping in a value
                if b == 0x20 {
                    if at(p + 1) == UInt8(ascii: "#") { break }
                } else {
                    last = p + 1
                }
                p += 1
            }
            emitScalar(k, last, plain: true, at: k)
            return true
        }
        return restIsEmpty(after) && (after == end || bytes[after] == 0x20)
    }

    /// The position after the closing quote of the quoted scalar at `k` (on this line, with no escape
    /// or doubled quote); nil otherwise.
    private func quotedEnd(_ k: Int, _ end: Int) -> Int? {
        let quote = bytes[k]
        var p = k + 1
        while p < end {
            let b = bytes[p]
            if b == quote {
                if quote == UInt8(ascii: "'") && at(p + 1) == quote { return nil }
                return p + 1
            }
            if b == UInt8(ascii: "\\") && quote == UInt8(ascii: "\"") { return nil }
            p += 1
        }
        return nil
    }

    /// A key is at most this many bytes long: libyaml does not take a key of more than 1024
    /// characters as one (the document then means something else, or nothing).
    private static let keyLimit = 1000

    /// A plain scalar may start with `c` (no indicator, no space).
    private static func startsPlain(_ c: UInt8) -> Bool {
        switch c {
        case 0x20, 0x0A, UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "["),
            UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "#"), UInt8(ascii: "&"), UInt8(ascii: "*"),
            UInt8(ascii: "!"), UInt8(ascii: "|"), UInt8(ascii: ">"), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "%"),
            UInt8(ascii: "@"), UInt8(ascii: "`"):
            return false
        default:
            return true
        }
    }

    /// A flow collection that opens at `k` and closes on this line; the position after it.
    private mutating func flow(_ k: Int, _ end: Int) -> Int? {
        var open: [Bool] = []  // true for a mapping
        var p = k
        let bytes = bytes
        func space() { while p < end, bytes[p] == 0x20 { p += 1 } }
        // A node inside the collection: a scalar or a nested collection (which it opens).
        func node(_ me: inout Self) -> Bool {
            guard p < end else { return false }
            let c = me.bytes[p]
            if c == UInt8(ascii: "{") || c == UInt8(ascii: "[") {
                me.emit(c == UInt8(ascii: "{") ? .mappingStart : .sequenceStart, p)
                open.append(c == UInt8(ascii: "{"))
                p += 1
                return true
            }
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                guard let close = me.quotedEnd(p, end) else { return false }
                me.emitScalar(p + 1, close - 1, plain: false, at: p)
                p = close
                return true
            }
            guard Self.startsPlain(c) else { return false }
            let start = p
            var last = p
            while p < end {
                let b = me.bytes[p]
                if b == UInt8(ascii: ",") || b == UInt8(ascii: "[") || b == UInt8(ascii: "]") || b == UInt8(ascii: "{") || b == UInt8(ascii: "}") { break }
                if b == UInt8(ascii: ":") {
                    guard me.isBlankOrEnd(p + 1) else { return false }
                    break
                }
                if b == 0x20 {
                    if me.at(p + 1) == UInt8(ascii: "#") { return false }
                } else {
                    last = p + 1
                }
                p += 1
            }
            me.emitScalar(start, last, plain: true, at: start)
            return true
        }
        // Where the collection on top stands: true right after an opening bracket or a comma.
        var expectingEntry = true
        guard node(&self) else { return nil }
        while let mapping = open.last {
            space()
            guard p < end else { return nil }
            let c = bytes[p]
            let close = mapping ? UInt8(ascii: "}") : UInt8(ascii: "]")
            if c == close {
                // `[a, ]` or `{a: 1, }`: libyaml's handling is left to it.
                guard expectingEntry == false || bytes[p - 1] == (mapping ? UInt8(ascii: "{") : UInt8(ascii: "[")) else { return nil }
                emit(mapping ? .mappingEnd : .sequenceEnd, p)
                open.removeLast()
                p += 1
                expectingEntry = false
                continue
            }
            if !expectingEntry {
                guard c == UInt8(ascii: ",") else { return nil }
                p += 1
                expectingEntry = true
                continue
            }
            // An entry: a scalar or collection; in a mapping, a key, `: `, and its value.
            let depth = open.count
            let entryStart = p
            guard node(&self) else { return nil }
            if mapping {
                guard open.count == depth, p - entryStart < Self.keyLimit else { return nil }  // a collection as a key, or too long
                space()
                guard p < end, bytes[p] == UInt8(ascii: ":"), isBlankOrEnd(p + 1) else { return nil }
                p += 1
                space()
                guard p < end, bytes[p] != UInt8(ascii: ","), bytes[p] != UInt8(ascii: "}") else { return nil }
                guard node(&self) else { return nil }
            } else if open.count == depth {
                var q = p
                while q < end, bytes[q] == 0x20 { q += 1 }
                if q < end, bytes[q] == UInt8(ascii: ":") { return nil }  // a pair in a list
            }
            // A collection just opened: it is the top now, at its first entry.
            expectingEntry = open.count > depth
        }
        return p
    }
}
