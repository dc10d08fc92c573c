import Foundation

/// Every distinct name read from a registry, each with a dense `Int32` id (0, 1, 2, … in the order
/// first seen).
///
/// Looked up by the raw UTF-8 bytes (`hash`, open addressing), so the loader pays one hash and one
/// compare per name it reads and no allocation for a repeated name: all uses of a name share one
/// string storage, and equal names compare by identity first. The graph build maps declarations to
/// nodes through these ids (`RegistryNames`) instead of hashing strings again.
package struct NameTable: Sendable {
    /// Open addressing, one word a slot: the name's hash in the high half and its id + 1 in the
    /// low half (0 when free), so a probe reads one cache line before it compares bytes. Size is a
    /// power of two.
    private var slots: [UInt64]
    /// The name of each id.
    package private(set) var names: [String] = []
    /// Every name's UTF-8 bytes back to back (`starts[id] ..< starts[id + 1]`): a probe compares
    /// against these, not against the `String`.
    private var bytes: [UInt8] = []
    private var starts: [Int32] = [0]
    /// True while every name is ASCII: then byte order is `String`'s order (`sorted(_:)`).
    package private(set) var isASCII = true

    package init() {
        slots = Array(repeating: 0, count: 1024)
    }

    /// Sized for about `expected` names, so reading that many neither rehashes the slots nor moves
    /// the lists (at 100k features each reader's table doubled nine times). A reader passes its
    /// byte count / `bytesPerName`; more names than that grow the table as usual.
    package init(expected: Int) {
        var n = 1024
        while n < expected * 2 { n *= 2 }
        slots = Array(repeating: 0, count: n)
        names.reserveCapacity(expected)
        starts.reserveCapacity(expected + 1)
        bytes.reserveCapacity(expected * 16)
    }

    /// A registry's bytes per distinct name, about (100 in the bench's registries, which have no
    /// `source:` locations): a low guess, so a table is sized a little large rather than grown.
    package static let bytesPerName = 64

    package var count: Int { names.count }

    package subscript(id: Int32) -> String { names[Int(id)] }

    /// The id of the name spelled by `bytes` (valid UTF-8), added on first sight.
    package mutating func intern(_ text: UnsafeBufferPointer<UInt8>) -> Int32 {
        let h = NameTable.hash(text)
        let (slot, found) = probe(text, h)
        if let found { return found }
        let id = Int32(names.count)
        slots[slot] = UInt64(h) << 32 | UInt64(id + 1)
        names.append(String(decoding: text, as: UTF8.self))
        if isASCII { isASCII = NameTable.isASCII(text) }
        bytes.append(contentsOf: text)
        starts.append(Int32(bytes.count))
        if names.count * 2 > slots.count { grow() }
        return id
    }

    /// Adds every name of `other`, in `other`'s id order, and gives each one's id here (`result[id in
    /// other]`). Read from `other`'s byte arena, and a name new here keeps `other`'s string storage:
    /// joining the two readers of a split document (`FeatureSplit`) re-hashed 150k `String`s.
    package mutating func adding(_ other: NameTable) -> [Int32] {
        merge(other.count, other.bytes, other.starts, other.isASCII) { other.names[$0] }
    }

    /// `adding(other)`, moving the new names' strings out of `other` (which is left without names)
    /// instead of retaining them: the join of a split read takes the second table whole, and a retain
    /// now and a release later of each of 50k strings no cache held was most of the join.
    package mutating func absorbing(_ other: inout NameTable) -> [Int32] {
        var taken = other.names
        other.names = []
        return taken.withUnsafeMutableBufferPointer { taken in
            merge(taken.count, other.bytes, other.starts, other.isASCII) { n in
                let name = (taken.baseAddress! + n).move()
                (taken.baseAddress! + n).initialize(to: "")
                return name
            }
        }
    }

    /// The names `0..<count` of another table (its arena and starts), each new one's string from `take`.
    private mutating func merge(
        _ count: Int, _ otherBytes: [UInt8], _ otherStarts: [Int32], _ otherASCII: Bool, take: (Int) -> String
    ) -> [Int32] {
        var map = [Int32](repeating: 0, count: count)
        while (self.count + count) * 2 > slots.count { grow() }
        otherBytes.withUnsafeBufferPointer { arena in
            for n in 0..<count {
                let text = UnsafeBufferPointer(rebasing: arena[Int(otherStarts[n]) ..< Int(otherStarts[n + 1])])
                let h = NameTable.hash(text)
                let (slot, found) = probe(text, h)
                if let found {
                    map[n] = found
                    continue
                }
                let id = Int32(names.count)
                slots[slot] = UInt64(h) << 32 | UInt64(id + 1)
                names.append(take(n))
                bytes.append(contentsOf: text)
                starts.append(Int32(bytes.count))
                map[n] = id
            }
        }
        if !otherASCII { isASCII = false }
        return map
    }

    package mutating func intern(_ name: String) -> Int32 {
        var name = name
        return name.withUTF8 { intern($0) }
    }

    /// The id of `name`, nil when the table does not hold it.
    package func id(of name: String) -> Int32? {
        var name = name
        return name.withUTF8 { probe($0, NameTable.hash($0)).id }
    }

    /// Where `text` (hashed `h`) is: its id, or the free slot it would take.
    private func probe(_ text: UnsafeBufferPointer<UInt8>, _ h: UInt32) -> (slot: Int, id: Int32?) {
        slots.withUnsafeBufferPointer { slots in
            bytes.withUnsafeBufferPointer { arena in
                starts.withUnsafeBufferPointer { starts in
                    let mask = slots.count - 1
                    var k = Int(h) & mask
                    while true {
                        let v = slots[k]
                        if v == 0 { return (k, nil) }
                        if UInt32(truncatingIfNeeded: v >> 32) == h {
                            let n = Int(truncatingIfNeeded: v & 0xFFFF_FFFF) - 1
                            let lo = Int(starts[n]), hi = Int(starts[n + 1])
                            if hi - lo == text.count && (text.count == 0 || memcmp(arena.baseAddress! + lo, text.baseAddress!, text.count) == 0) {
                                return (k, Int32(n))
                            }
                        }
                        k = (k + 1) & mask
                    }
                }
            }
        }
    }

    /// `ids` sorted by their names in `String`'s order (`table[a] < table[b]`), ties kept in the
    /// order given. An ASCII table sorts on the first sixteen bytes as two integers and compares the
    /// arena's bytes only when those are equal (the order of Unicode scalars, which is `String`'s for
    /// ASCII): sorting 100k names as `String`s was the graph build's biggest step, and with eight
    /// bytes most comparisons went on to the arena (`Mod0042S0…` shares them with 99 others).
    package func sorted(_ ids: [Int32]) -> [Int32] {
        guard isASCII else {
            return ids.enumerated().sorted { a, b in
                let x = names[Int(a.element)], y = names[Int(b.element)]
                return x != y ? x < y : a.offset < b.offset
            }.map(\.element)
        }
        return bytes.withUnsafeBufferPointer { arena in
            starts.withUnsafeBufferPointer { starts in
                // (prefix, position in `ids`): the position breaks ties, so the sort is stable.
                var keys = ids.enumerated().map { (k, id) -> (prefix: UInt64, next: UInt64, at: Int32) in
                    let lo = Int(starts[Int(id)]), hi = Int(starts[Int(id) + 1])
                    var p: UInt64 = 0, q: UInt64 = 0
                    for j in 0..<8 { p = p << 8 | UInt64(lo + j < hi ? arena[lo + j] : 0) }
                    for j in 8..<16 { q = q << 8 | UInt64(lo + j < hi ? arena[lo + j] : 0) }
                    return (p, q, Int32(k))
                }
                ids.withUnsafeBufferPointer { ids in
                    keys.sort { a, b in
                        if a.prefix != b.prefix { return a.prefix < b.prefix }
                        if a.next != b.next { return a.next < b.next }
                        let x = Int(ids[Int(a.at)]), y = Int(ids[Int(b.at)])
                        let xl = Int(starts[x]), xh = Int(starts[x + 1]), yl = Int(starts[y]), yh = Int(starts[y + 1])
                        let n = min(xh - xl, yh - yl)
                        let c = n == 0 ? 0 : memcmp(arena.baseAddress! + xl, arena.baseAddress! + yl, n)
                        if c != 0 { return c < 0 }
                        if xh - xl != yh - yl { return xh - xl < yh - yl }
                        return a.at < b.at
                    }
                }
                return keys.map { ids[Int($0.at)] }
            }
        }
    }

    /// Eight bytes at a time (a byte loop was a fifth of `intern`), the tail in one partial word,
    /// the length mixed in; finished with MurmurHash3's 64-bit mix, so the low bits that pick the
    /// slot depend on every byte. Only this table reads it: ids never depend on it.
    @inline(__always)
    package static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        let n = bytes.count
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: n)
        guard let base = UnsafeRawPointer(bytes.baseAddress) else { return UInt32(truncatingIfNeeded: h) }
        var i = 0
        while i + 8 <= n {
            h = (h ^ base.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
            h ^= h >> 29
            i += 8
        }
        if i < n {
            var tail: UInt64 = 0
            if n >= 8 {
                // The last eight bytes (overlapping the last word read).
                tail = base.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
            } else {
                var shift: UInt64 = 0
                while i < n {
                    tail |= UInt64(bytes[i]) << shift
                    shift += 8
                    i += 1
                }
            }
            h = (h ^ tail) &* 0xFF51_AFD7_ED55_8CCD
        }
        h ^= h >> 33
        h = h &* 0xC4CE_B9FE_1A85_EC53
        h ^= h >> 33
        return UInt32(truncatingIfNeeded: h)
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for v in old where v != 0 {
            var k = Int(truncatingIfNeeded: v >> 32) & mask
            while slots[k] != 0 { k = (k + 1) & mask }
            slots[k] = v
        }
    }
}

extension NameTable {
    /// True when no byte has its high bit set (eight bytes at a time).
    package static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var i = 0
        var any: UInt64 = 0
        while i + 8 <= bytes.count {
            any |= raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            i += 8
        }
        while i < bytes.count {
            any |= UInt64(bytes[i])
            i += 1
        }
        return any & 0x8080_8080_8080_8080 == 0
    }
}
