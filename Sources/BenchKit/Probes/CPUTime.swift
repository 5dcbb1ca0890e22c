#if canImport(Glibc)
    import Glibc
#endif

/// Process CPU time split into user and system, from `getrusage(RUSAGE_SELF)`.
///
/// Linux computes rusage times from the scheduler's nanosecond runtime, so they are
/// precise to about a microsecond, unlike `/proc/self/stat`'s 10 ms ticks. Process-wide
/// so background threads a body starts are counted. Cost: one system call.
struct CPUTime {
    /// User time in nanoseconds.
    var user: UInt64
    /// System time in nanoseconds.
    var system: UInt64

    /// Reads the current totals.
    static func now() -> CPUTime {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return CPUTime(user: nanoseconds(usage.ru_utime), system: nanoseconds(usage.ru_stime))
    }

    private static func nanoseconds(_ time: timeval) -> UInt64 {
        UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_usec) &* 1_000
    }
}
