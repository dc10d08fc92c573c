#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A clock that only goes forward, for measuring durations.
public enum MonotonicClock {
    /// Seconds since an arbitrary fixed moment.
    ///
    /// - Linux (Glibc, Musl): `clock_gettime(CLOCK_MONOTONIC)`.
    /// - macOS (Darwin): the same call (macOS 10.12 and later; navgraph needs 13).
    public static func seconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
