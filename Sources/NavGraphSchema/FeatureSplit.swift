import Foundation
import NavGraphPlatform
import NavGraphSupport
import NavGraphModel

/// Where a big registry's `features` list can be cut in two, so that the fast reader decodes the
/// second half on another thread while the first thread reads everything else.
///
/// Found by skimming the bytes (`json`: strings, brackets and commas; `yaml`: lines and their
/// indentation; nothing is decoded). The cut is always at the first byte of a list item, and only in
/// a document whose top level is a mapping with a `features` list; anything else (or a list too
/// short to cut) is no split, and the file is read on one thread as before. The skims accept more
/// than the formats do: whatever they let through, the two readers still check (the first reader
/// must stand at a features list item where the cut is, the second must end where the list ends),
/// and either giving up sends the whole file to the next reader.
package struct FeatureSplit: Equatable {
    /// The first byte of the first item the second reader takes.
    package var itemStart: Int
    /// JSON: the offset of the list's closing `]`. YAML: where the first line after the list starts
    /// its content (the list's end event is there), or the end of the text.
    package var listEnd: Int

    /// Files smaller than this are read on one thread (a thread costs more than it saves there).
    package static let minimumBytes = 1 << 20

    package init(itemStart: Int, listEnd: Int) {
        self.itemStart = itemStart
        self.listEnd = listEnd
    }

    /// The cut for JSON `bytes`, placed so that the second half of the features list holds about
    /// 49 % of the document's bytes (at 46 % the second thread, which skims first, finished first,
    /// and at 52 % last); nil when there is no `features` list of at least two items to
    /// cut. `item` chooses the first item of the second half instead (tests try every cut).
    ///
    /// The bytes before the list are not skimmed (a fifth of the skim at 100k features): the list
    /// is found by searching them for `"features"`, `:`, `[`, and of several such lists the
    /// longest is taken. That is a guess the readers check: the first reader jumps only from an
    /// item of the top-level `features` list it reads itself (else it reads the whole document),
    /// and the second, starting at such an item, must close the list exactly at `listEnd`.
    package static func json(_ bytes: UnsafeBufferPointer<UInt8>, item: Int? = nil) -> FeatureSplit? {
        var best: (open: Int, items: [Int], listEnd: Int)?
        var from = 0
        while let open = jsonListStart(bytes, from: from) {
            from = open + 1
            var skim = Skim(bytes: bytes)
            skim.i = open + 1
            var items: [Int] = []
            skim.space()
            if skim.at(UInt8(ascii: "]")) { continue }
            var listEnd = -1
            while true {
                skim.space()
                items.append(skim.i)
                // A candidate is a real key (its quote has a `{` or `,` before it, so it is no
                // escaped quote in a string): a list that does not skim is broken JSON, and the
                // file goes to one reader, which says where.
                guard skim.value() else { return nil }
                skim.space()
                if skim.take(UInt8(ascii: ",")) { continue }
                guard skim.at(UInt8(ascii: "]")) else { return nil }
                listEnd = skim.i
                break
            }
            from = listEnd
            if best == nil || listEnd - open > best!.listEnd - best!.open { best = (open, items, listEnd) }
        }
        guard let best else { return nil }
        return choose(best.items, listEnd: best.listEnd, count: bytes.count, percent: 49, item: item)
    }

    /// The offset of the `[` after the first `"features"` key from `from` on (a `{` or `,` before
    /// it, a `:` and a `[` after it); nil when there is none.
    package static func jsonListStart(_ bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let end = bytes.count
        let key = Array(#""features""#.utf8)
        var from = from
        while from < end {
            guard let hit = key.withUnsafeBytes({ k in ByteSearch.first(k.baseAddress, k.count, in: base + from, end - from) }) else { return nil }
            let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            from = at + 1
            var b = at - 1
            while b >= 0, Skim.isSpace(bytes[b]) { b -= 1 }
            guard b >= 0, bytes[b] == UInt8(ascii: "{") || bytes[b] == UInt8(ascii: ",") else { continue }
            var skim = Skim(bytes: bytes)
            skim.i = at + key.count
            skim.space()
            guard skim.take(UInt8(ascii: ":")) else { continue }
            skim.space()
            guard skim.at(UInt8(ascii: "[")) else { continue }
            return skim.i
        }
        return nil
    }

    /// The cut for YAML `bytes` (`BlockYAMLEventSource`'s): a top-level `features:` line, then the
    /// lines in its items' column that start with `- `; the list ends at the first content line
    /// to the left of that column, or in it without a `-`. Blank and comment lines are skipped.
    package static func yaml(_ bytes: UnsafeBufferPointer<UInt8>, item: Int? = nil) -> FeatureSplit? {
        guard let base = bytes.baseAddress else { return nil }
        let key = Array("features:".utf8)
        var items: [Int] = []
        var column = -1
        var listEnd = -1
        var inList = false
        var s = 0
        while s < bytes.count {
            let e = memchr(base + s, 0x0A, bytes.count - s).map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) } ?? bytes.count
            var j = s
            while j < e, bytes[j] == 0x20 { j += 1 }
            defer { s = e + 1 }
            if j == e || bytes[j] == UInt8(ascii: "#") { continue }
            let col = j - s
            let dash = bytes[j] == UInt8(ascii: "-") && (j + 1 == e || bytes[j + 1] == 0x20)
            if inList {
                if column < 0 {
                    guard dash else { return nil }
                    column = col
                }
                if col < column || (col == column && !dash) {
                    listEnd = j
                    break
                }
                if col == column { items.append(j) }
            } else if col == 0, e - j >= key.count, memcmp(base + j, key, key.count) == 0 {
                var k = j + key.count
                while k < e, bytes[k] == 0x20 { k += 1 }
                guard k == e || (bytes[k] == UInt8(ascii: "#") && k > j + key.count) else { return nil }
                inList = true
            }
        }
        guard inList else { return nil }
        if listEnd < 0 { listEnd = bytes.count }
        return choose(items, listEnd: listEnd, count: bytes.count, percent: 46, item: item)
    }

    /// The item that starts the second half: about `percent` % of `count` bytes before the list's end.
    private static func choose(_ items: [Int], listEnd: Int, count: Int, percent: Int, item: Int?) -> FeatureSplit? {
        guard items.count >= 2, listEnd > 0 else { return nil }
        // The second reader takes the items from the cut to the list's end: about half the bytes,
        // less the skim its thread does first, more where the first reader's bytes cost more.
        let target = listEnd - count * percent / 100
        var k = 1
        while k < items.count - 1 && items[k] < target { k += 1 }
        if let item {
            guard item >= 1 && item < items.count else { return nil }
            k = item
        }
        return FeatureSplit(itemStart: items[k], listEnd: listEnd)
    }

    /// A cursor that steps over JSON values without reading them.
    private struct Skim {
        let bytes: UnsafeBufferPointer<UInt8>
        var i = 0

        /// Byte classes: what ends a run of bytes the skim steps over, in a string (a quote or a
        /// backslash) and between values in a container (a quote or a bracket).
        static let inString: UInt8 = 1, inContainer: UInt8 = 2
        static let classes: [UInt8] = (0..<256).map { b -> UInt8 in
            switch UInt8(b) {
            case UInt8(ascii: "\""): return inString | inContainer
            case UInt8(ascii: "\\"): return inString
            case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "}"), UInt8(ascii: "]"): return inContainer
            default: return 0
            }
        }

        func at(_ c: UInt8) -> Bool { i < bytes.count && bytes[i] == c }

        mutating func take(_ c: UInt8) -> Bool {
            guard at(c) else { return false }
            i += 1
            return true
        }

        static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x09 || c == 0x0D }

        mutating func space() {
            while i < bytes.count, Skim.isSpace(bytes[i]) { i += 1 }
        }

        /// Past a string whose opening quote is at `i`.
        mutating func string() -> Bool {
            Skim.classes.withUnsafeBufferPointer { string($0) }
        }

        private mutating func string(_ table: UnsafeBufferPointer<UInt8>) -> Bool {
            guard let base = bytes.baseAddress else { return false }
            let n = bytes.count
            i += 1
            while true {
                // Ordinary bytes in a run (a table lookup each), then the quote or backslash.
                while i < n && table[Int(base[i])] & Skim.inString == 0 { i += 1 }
                guard i < n else { return false }
                if base[i] == UInt8(ascii: "\"") {
                    i += 1
                    return true
                }
                i += 2
            }
        }

        /// Past a container whose opening bracket is at `i` (brackets balanced, strings skipped).
        private mutating func container(_ table: UnsafeBufferPointer<UInt8>) -> Bool {
            guard let base = bytes.baseAddress else { return false }
            let n = bytes.count
            var depth = 0
            while true {
                // Skipped a run at a time: only quotes and brackets matter here.
                while i < n && table[Int(base[i])] & Skim.inContainer == 0 { i += 1 }
                guard i < n else { return false }
                switch base[i] {
                case UInt8(ascii: "\""):
                    guard string(table) else { return false }
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                default:
                    depth -= 1
                    if depth == 0 {
                        i += 1
                        return true
                    }
                }
                i += 1
            }
        }

        /// Past one value: a string, a container or a word.
        mutating func value() -> Bool {
            guard i < bytes.count else { return false }
            switch bytes[i] {
            case UInt8(ascii: "\""): return string()
            case UInt8(ascii: "{"), UInt8(ascii: "["): return Skim.classes.withUnsafeBufferPointer { container($0) }
            default:
                let end = JSONReader.wordEnd(bytes, from: i)
                guard end > i else { return false }
                i = end
                return true
            }
        }
    }
}
