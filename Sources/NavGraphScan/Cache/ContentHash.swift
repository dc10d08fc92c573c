/// A 128-bit non-cryptographic hash of bytes (the MurmurHash3 x64 128-bit construction: two
/// 64-bit lanes over 16-byte blocks, a tail, and a 64-bit finalizer that mixes every input bit
/// into every output bit).
///
/// The scan cache keys files by it. It is not a defence against someone who forges collisions;
/// a cache entry is also checked by its own checksum and decoded defensively, so a forged or
/// damaged entry can make the scan slower or wrong only for a cache the attacker already owns.
/// Foundation on Linux has no SHA, and swift-crypto would bring BoringSSL into the build.
struct ContentHash: Hashable, Comparable, Sendable, CustomStringConvertible {
    var high: UInt64
    var low: UInt64

    static func < (a: ContentHash, b: ContentHash) -> Bool { (a.high, a.low) < (b.high, b.low) }

    /// 32 lowercase hex digits.
    var description: String { Self.hex(high) + Self.hex(low) }

    private static func hex(_ v: UInt64) -> String {
        let s = String(v, radix: 16)
        return String(repeating: "0", count: 16 - s.count) + s
    }

    /// The hash of `bytes` (`seed` gives an independent family of hashes).
    static func of(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0) -> ContentHash {
        let c1: UInt64 = 0x87c3_7b91_1142_53d5
        let c2: UInt64 = 0x4cf5_ad43_2745_937f
        var h1 = seed
        var h2 = seed
        let count = bytes.count
        let blocks = count / 16
        for b in 0..<blocks {
            var k1 = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: b * 16, as: UInt64.self))
            var k2 = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: b * 16 + 8, as: UInt64.self))
            k1 &*= c1; k1 = rotl(k1, 31); k1 &*= c2; h1 ^= k1
            h1 = rotl(h1, 27); h1 &+= h2; h1 = h1 &* 5 &+ 0x52dc_e729
            k2 &*= c2; k2 = rotl(k2, 33); k2 &*= c1; h2 ^= k2
            h2 = rotl(h2, 31); h2 &+= h1; h2 = h2 &* 5 &+ 0x3849_5ab5
        }
        // The last 0–15 bytes: little-endian into k1 (bytes 0–7) and k2 (bytes 8–14).
        let tail = blocks * 16
        let rest = count - tail
        var k1: UInt64 = 0
        var k2: UInt64 = 0
        if rest > 8 {
            for i in stride(from: rest - 1, through: 8, by: -1) { k2 = (k2 << 8) | UInt64(bytes[tail + i]) }
            k2 &*= c2; k2 = rotl(k2, 33); k2 &*= c1; h2 ^= k2
        }
        if rest > 0 {
            for i in stride(from: min(rest, 8) - 1, through: 0, by: -1) { k1 = (k1 << 8) | UInt64(bytes[tail + i]) }
            k1 &*= c1; k1 = rotl(k1, 31); k1 &*= c2; h1 ^= k1
        }
        h1 ^= UInt64(count); h2 ^= UInt64(count)
        h1 &+= h2; h2 &+= h1
        h1 = fmix(h1); h2 = fmix(h2)
        h1 &+= h2; h2 &+= h1
        return ContentHash(high: h1, low: h2)
    }

    static func of(_ bytes: [UInt8], seed: UInt64 = 0) -> ContentHash {
        bytes.withUnsafeBytes { of($0, seed: seed) }
    }

    static func of(_ text: String, seed: UInt64 = 0) -> ContentHash {
        var text = text
        return text.withUTF8 { of(UnsafeRawBufferPointer($0), seed: seed) }
    }

    /// The 16 bytes, high word first, big-endian (as the hex reads).
    var bytes: [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: high >> (56 - 8 * $0)) } + (0..<8).map { UInt8(truncatingIfNeeded: low >> (56 - 8 * $0)) }
    }

    @inline(__always) private static func rotl(_ x: UInt64, _ r: UInt64) -> UInt64 { (x << r) | (x >> (64 - r)) }

    @inline(__always) private static func fmix(_ k: UInt64) -> UInt64 {
        var k = k
        k ^= k >> 33; k &*= 0xff51_afd7_ed55_8ccd
        k ^= k >> 33; k &*= 0xc4ce_b9fe_1a85_ec53
        k ^= k >> 33
        return k
    }
}
