#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Searching bytes for bytes.
public enum ByteSearch {
    /// The first occurrence of `needle` in `haystack` (`memmem`, at gigabytes a second), or nil.
    ///
    /// - macOS (Darwin): `memmem` as Darwin's `string.h` declares it.
    /// - Linux (Glibc, Musl): the C library has `memmem`, but Glibc declares it only under
    ///   `_GNU_SOURCE`, which the module Swift imports is not built with; it is bound by its symbol.
    @inlinable
    public static func first(
        _ needle: UnsafeRawPointer?, _ needleCount: Int, in haystack: UnsafeRawPointer?, _ haystackCount: Int
    ) -> UnsafeMutableRawPointer? {
        #if canImport(Darwin)
        return Darwin.memmem(haystack, haystackCount, needle, needleCount)
        #else
        return _libcMemmem(haystack, haystackCount, needle, needleCount)
        #endif
    }
}

#if os(Linux)
@usableFromInline @_silgen_name("memmem")
func _libcMemmem(_ haystack: UnsafeRawPointer?, _ haystackCount: Int, _ needle: UnsafeRawPointer?, _ needleCount: Int) -> UnsafeMutableRawPointer?
#endif
