#if canImport(Glibc)
    import Glibc
#endif

/// Nanoseconds from CLOCK_MONOTONIC, the clock wall time is measured with.
///
/// Cost: one vDSO call (about 20 ns), no system call.
package enum MonotonicClock {
    /// The current reading, in nanoseconds since an arbitrary start.
    @inline(__always)
    package static func now() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
    }
}
