import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph
import NavGraphChecks

/// Stable fingerprints (FNV-1a 64-bit): the same bytes give the same value on every platform and
/// every run. Not a security check.
package enum StableHash {
    /// FNV-1a's offset basis: the usual seed.
    package static let offsetBasis: UInt64 = 0xCBF2_9CE4_8422_2325

    /// FNV-1a 64 of `bytes`, from `seed`.
    package static func fnv1a(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = offsetBasis) -> UInt64 {
        var h = seed
        for b in bytes {
            h ^= UInt64(b)
            h = h &* 0x100_0000_01B3
        }
        return h
    }

    /// A short fingerprint (two FNV-1a hashes with different seeds, 32 hex digits) for identities
    /// such as "rule + subject".
    package static func hex(_ s: String) -> String {
        func pad(_ v: UInt64) -> String {
            let t = String(v, radix: 16)
            return String(repeating: "0", count: 16 - t.count) + t
        }
        var s = s
        return s.withUTF8 { utf8 in
            let bytes = UnsafeRawBufferPointer(utf8)
            return pad(fnv1a(bytes)) + pad(fnv1a(bytes, seed: 0x84222325CBF29CE4))
        }
    }
}
