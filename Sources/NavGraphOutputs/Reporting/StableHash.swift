import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph
import NavGraphChecks

/// A short stable fingerprint (two FNV-1a 64-bit hashes, 32 hex digits) for identities such as
/// "rule + subject": the same input gives the same text on every platform and every run.
package enum StableHash {
    package static func hex(_ s: String) -> String {
        func fnv(_ seed: UInt64) -> UInt64 {
            var h = seed
            for b in s.utf8 {
                h ^= UInt64(b)
                h = h &* 0x100_0000_01B3
            }
            return h
        }
        func pad(_ v: UInt64) -> String {
            let t = String(v, radix: 16)
            return String(repeating: "0", count: 16 - t.count) + t
        }
        return pad(fnv(0xCBF2_9CE4_8422_2325)) + pad(fnv(0x84222325CBF29CE4))
    }
}
