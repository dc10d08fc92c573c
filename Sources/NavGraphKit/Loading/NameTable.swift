import Foundation

/// Every distinct name read from a registry, each with a dense `Int32` id (0, 1, 2, … in the order
/// first seen).
///
/// Looked up by the raw UTF-8 bytes (FNV-1a, open addressing), so the loader pays one hash and one
/// compare per name it reads and no allocation for a repeated name: all uses of a name share one
/// string storage, and equal names compare by identity first. The graph build maps declarations to
/// nodes through these ids (`RegistryNames`) instead of hashing strings again.
struct NameTable: Sendable {
    /// Open addressing: ids, -1 when free. Size is a power of two.
    private var slots: [Int32]
    /// The name of each id.
    private(set) var names: [String] = []
    private var hashes: [UInt32] = []

    init() {
        slots = Array(repeating: -1, count: 1024)
    }

    var count: Int { names.count }

    subscript(id: Int32) -> String { names[Int(id)] }

    /// The id of the name spelled by `bytes` (valid UTF-8), added on first sight.
    mutating func intern(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
        let h = NameTable.hash(bytes)
        let (slot, found) = probe(bytes, h)
        if let found { return found }
        let id = Int32(names.count)
        slots[slot] = id
        names.append(String(decoding: bytes, as: UTF8.self))
        hashes.append(h)
        if names.count * 2 > slots.count { grow() }
        return id
    }

    mutating func intern(_ name: String) -> Int32 {
        var name = name
        return name.withUTF8 { intern($0) }
    }

    /// The id of `name`, nil when the table does not hold it.
    func id(of name: String) -> Int32? {
        var name = name
        return name.withUTF8 { probe($0, NameTable.hash($0)).id }
    }

    /// Where `bytes` (hashed `h`) is: its id, or the free slot it would take.
    private func probe(_ bytes: UnsafeBufferPointer<UInt8>, _ h: UInt32) -> (slot: Int, id: Int32?) {
        let mask = slots.count - 1
        var k = Int(h) & mask
        while true {
            let n = slots[k]
            if n < 0 { return (k, nil) }
            if hashes[Int(n)] == h, NameTable.same(names[Int(n)], bytes) { return (k, n) }
            k = (k + 1) & mask
        }
    }

    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var h: UInt32 = 2_166_136_261
        for b in bytes { h = (h ^ UInt32(b)) &* 16_777_619 }
        return h
    }

    private static func same(_ s: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var s = s
        return s.withUTF8 { a in
            guard a.count == bytes.count else { return false }
            guard let pa = a.baseAddress, let pb = bytes.baseAddress else { return true }
            return memcmp(pa, pb, a.count) == 0
        }
    }

    private mutating func grow() {
        slots = Array(repeating: -1, count: slots.count * 2)
        let mask = slots.count - 1
        for (n, h) in hashes.enumerated() {
            var k = Int(h) & mask
            while slots[k] >= 0 { k = (k + 1) & mask }
            slots[k] = Int32(n)
        }
    }
}
