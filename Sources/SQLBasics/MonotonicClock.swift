#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Nanoseconds from CLOCK_MONOTONIC: what statement durations are measured with.
///
/// SQLite's own profile callback is millisecond-grained on this platform, far too coarse
/// for statements that take microseconds. Cost: one vDSO call (about 20 ns).
package enum MonotonicClock {
    /// The current reading, in nanoseconds since an arbitrary start.
    @inline(__always)
    package static func now() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
    }
}
