import Foundation

/// Hands out one shared `String` per distinct name while a registry is read.
///
/// A 100k-feature registry repeats each feature, route and protocol name several times (declared,
/// handled, navigated to, injected); interning keeps one string storage per name, so the model holds
/// one allocation per name, and equal names compare by identity first. Looked up by the raw bytes, so
/// a repeated name costs a hash and a compare, not an allocation. Names of up to 15 bytes are stored
/// inside the `String` value itself and are not interned (there is no storage to share).
struct NameInterner {
    /// Open addressing: indices into `names`, -1 when free. Size is a power of two.
    private var slots: [Int32]
    private var names: [String] = []
    private var hashes: [UInt32] = []

    init() {
        slots = Array(repeating: -1, count: 1024)
    }

    mutating func intern(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        if bytes.count <= 15 { return String(decoding: bytes, as: UTF8.self) }
        var h: UInt32 = 2_166_136_261
        for b in bytes { h = (h ^ UInt32(b)) &* 16_777_619 }
        let mask = slots.count - 1
        var k = Int(h) & mask
        while true {
            let n = slots[k]
            if n < 0 { break }
            if hashes[Int(n)] == h, NameInterner.same(names[Int(n)], bytes) { return names[Int(n)] }
            k = (k + 1) & mask
        }
        let s = String(decoding: bytes, as: UTF8.self)
        slots[k] = Int32(names.count)
        names.append(s)
        hashes.append(h)
        if names.count * 2 > slots.count { grow() }
        return s
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
