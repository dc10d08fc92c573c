/// Where a big JSON registry's `features` list can be cut in two, so that the fast reader decodes
/// the second half on another thread while the first thread reads everything else.
///
/// Found by skimming the bytes (strings, brackets and commas only; nothing is decoded). The cut is
/// always at the first byte of a list item, and only in a document whose top level is an object
/// with plain keys; anything else (or a list too short to cut) is no split, and the file is read on
/// one thread as before. The skim accepts more than JSON does: whatever it lets through, the two
/// readers still check, and either giving up sends the whole file to the positioned reader.
struct JSONFeatureSplit: Equatable {
    /// The first byte of the first item the second reader takes.
    var itemStart: Int
    /// The offset of the list's closing `]`.
    var listEnd: Int

    /// Files smaller than this are read on one thread (a thread costs more than it saves there).
    static let minimumBytes = 1 << 20

    /// The cut for `bytes`, placed so that the second half of the features list holds about 46 % of
    /// the document's bytes; nil when there is no `features` list of at least two items to cut.
    /// `item` chooses the first item of the second half instead (tests try every cut).
    static func find(_ bytes: UnsafeBufferPointer<UInt8>, item: Int? = nil) -> JSONFeatureSplit? {
        var skim = Skim(bytes: bytes)
        skim.i = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        skim.space()
        guard skim.take(UInt8(ascii: "{")) else { return nil }
        var items: [Int] = []
        var listEnd = -1
        skim.space()
        if skim.take(UInt8(ascii: "}")) { return nil }
        while true {
            skim.space()
            guard let key = skim.plainKey() else { return nil }
            skim.space()
            guard skim.take(UInt8(ascii: ":")) else { return nil }
            skim.space()
            if key == "features" && listEnd < 0 {
                guard skim.take(UInt8(ascii: "[")) else { return nil }
                skim.space()
                if !skim.take(UInt8(ascii: "]")) {
                    while true {
                        skim.space()
                        items.append(skim.i)
                        guard skim.value() else { return nil }
                        skim.space()
                        if skim.take(UInt8(ascii: ",")) { continue }
                        guard skim.at(UInt8(ascii: "]")) else { return nil }
                        listEnd = skim.i
                        skim.i += 1
                        break
                    }
                }
            } else {
                guard skim.value() else { return nil }
            }
            skim.space()
            if skim.take(UInt8(ascii: ",")) { continue }
            guard skim.take(UInt8(ascii: "}")) else { return nil }
            break
        }
        guard items.count >= 2, listEnd > 0 else { return nil }
        // The second reader takes the items from the cut to the list's end: a little under half the
        // bytes, as its thread skims the whole document first (a tenth of the cost of reading it).
        let target = listEnd - bytes.count * 46 / 100
        var k = 1
        while k < items.count - 1 && items[k] < target { k += 1 }
        if let item {
            guard item >= 1 && item < items.count else { return nil }
            k = item
        }
        return JSONFeatureSplit(itemStart: items[k], listEnd: listEnd)
    }

    /// A cursor that steps over JSON values without reading them.
    private struct Skim {
        let bytes: UnsafeBufferPointer<UInt8>
        var i = 0

        func at(_ c: UInt8) -> Bool { i < bytes.count && bytes[i] == c }

        mutating func take(_ c: UInt8) -> Bool {
            guard at(c) else { return false }
            i += 1
            return true
        }

        mutating func space() {
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x09 || bytes[i] == 0x0D { i += 1 }
        }

        /// A key without escapes.
        mutating func plainKey() -> String? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = i
            while i < bytes.count, bytes[i] != UInt8(ascii: "\"") {
                if bytes[i] == UInt8(ascii: "\\") { return nil }
                i += 1
            }
            guard i < bytes.count else { return nil }
            i += 1
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<(i - 1)]), as: UTF8.self)
        }

        /// Past a string whose opening quote is at `i`.
        mutating func string() -> Bool {
            i += 1
            while i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: "\""):
                    i += 1
                    return true
                case UInt8(ascii: "\\"): i += 2
                default: i += 1
                }
            }
            return false
        }

        /// Past one value: a string, a container (brackets balanced, strings skipped) or a word.
        mutating func value() -> Bool {
            guard i < bytes.count else { return false }
            switch bytes[i] {
            case UInt8(ascii: "\""): return string()
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var depth = 0
                while i < bytes.count {
                    switch bytes[i] {
                    case UInt8(ascii: "\""):
                        guard string() else { return false }
                        continue
                    case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"):
                        depth -= 1
                        if depth == 0 {
                            i += 1
                            return true
                        }
                    default: break
                    }
                    i += 1
                }
                return false
            default:
                let end = JSONReader.wordEnd(bytes, from: i)
                guard end > i else { return false }
                i = end
                return true
            }
        }
    }
}
