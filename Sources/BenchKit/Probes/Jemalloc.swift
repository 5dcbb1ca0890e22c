import CJemalloc

/// Allocation counters from jemalloc through `mallctl`.
///
/// Debian's jemalloc has no symbol prefix, so linking BenchKit makes it the allocator of
/// the whole process, Swift runtime included. Reads used:
/// - `thread.allocated`: bytes the calling thread ever allocated;
/// - `stats.arenas.<all>.small.nrequests` + `large.nrequests`: allocation requests in the
///   process, current after `thread.tcache.flush` and an `epoch` write;
/// - `thread.peak.read` / `thread.peak.reset` (jemalloc 5.3): peak net bytes allocated
///   by the calling thread since the reset.
///
/// Cost: a few `mallctl` calls per snapshot (about 1 µs, plus the tcache flush, which
/// slows the next allocations); that is why these run only in instrumented iterations.
enum Jemalloc {
    /// Counter values at one moment.
    struct Snapshot {
        var bytesAllocated: Double
        var allocations: Double
    }

    /// Flushes the thread cache, refreshes statistics and reads the counters.
    static func snapshot() -> Snapshot {
        _ = mallctl("thread.tcache.flush", nil, nil, nil, 0)
        var epoch: UInt64 = 1
        _ = mallctl("epoch", nil, nil, &epoch, MemoryLayout<UInt64>.size)
        let small = read(smallRequests)
        let large = read(largeRequests)
        return Snapshot(
            bytesAllocated: Double(read("thread.allocated")),
            allocations: Double(small &+ large))
    }

    // Built once so a snapshot allocates nothing of its own between the two reads.
    private static let smallRequests = "stats.arenas.\(MALLCTL_ARENAS_ALL).small.nrequests"
    private static let largeRequests = "stats.arenas.\(MALLCTL_ARENAS_ALL).large.nrequests"

    /// Starts a new peak window for the calling thread.
    static func resetPeak() {
        _ = mallctl("thread.peak.reset", nil, nil, nil, 0)
    }

    /// Peak net bytes the calling thread allocated since ``resetPeak()``.
    static func peak() -> Double {
        Double(read("thread.peak.read"))
    }

    /// `jemalloc <version>` when jemalloc serves this process's `malloc`, otherwise a
    /// description of what was found.
    static func allocatorDescription() -> String {
        var version: UnsafePointer<CChar>? = nil
        var length = MemoryLayout<UnsafePointer<CChar>?>.size
        guard mallctl("version", &version, &length, nil, 0) == 0, let version else {
            return "system malloc (jemalloc not available)"
        }
        let name = "jemalloc \(String(cString: version))"
        return isServingMalloc() ? name : "system malloc (\(name) linked but not interposed)"
    }

    /// Whether a plain `malloc` shows up in jemalloc's per-thread counter.
    private static func isServingMalloc() -> Bool {
        let before = read("thread.allocated")
        let block = malloc(1 << 20)
        blackHole(block)
        free(block)
        return read("thread.allocated") >= before &+ (1 << 20)
    }

    private static func read(_ name: String) -> UInt64 {
        var value: UInt64 = 0
        var length = MemoryLayout<UInt64>.size
        guard mallctl(name, &value, &length, nil, 0) == 0 else { return 0 }
        return value
    }
}
