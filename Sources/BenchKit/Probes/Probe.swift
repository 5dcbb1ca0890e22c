import SQLBasics

/// Reads every probe around one iteration of a case.
///
/// Timed iterations read only the monotonic clock and `getrusage`, immediately around
/// the body, so nothing else runs inside the timed region. Instrumented iterations,
/// run after the timed ones, read jemalloc, `/proc/self/status` and the suite's counter
/// sources: those reads flush allocator caches and touch files, which would distort a
/// timing, so their iterations are not timed. Cost: see each probe.
struct Probe {
    let counterSources: [any CounterSource]
    var traceSources: [any SQLTraceSource] = []

    /// The metrics an instrumented iteration reports: built-ins, then suite counters.
    var instrumentedMetrics: [Metric] {
        Metric.instrumented + counterSources.flatMap(\.metrics)
    }

    /// Runs `body` once, timed, and returns the wall and CPU metrics with its checksum.
    func timed(_ body: () throws -> UInt64) rethrows -> (values: [Double], checksum: UInt64) {
        let cpuBefore = CPUTime.now()
        let start = MonotonicClock.now()
        let checksum = try body()
        let end = MonotonicClock.now()
        let cpuAfter = CPUTime.now()
        blackHole(checksum)
        let values = [
            Double(end &- start), Double(cpuAfter.user &- cpuBefore.user),
            Double(cpuAfter.system &- cpuBefore.system),
        ]
        return (values, checksum)
    }

    /// Whether any trace source audits projections.
    var audits: Bool { traceSources.contains { $0.auditsProjections } }

    /// Runs `body` once with the trace sources' projection audits on, and no probe.
    func audited(_ body: () throws -> UInt64) rethrows -> (
        checksum: UInt64, projections: [FetchProjection]
    ) {
        let sources = traceSources.filter(\.auditsProjections)
        for source in sources { source.startAudit() }
        let checksum = try body()
        let projections = sources.flatMap { $0.finishAudit() }
        return (checksum, FetchProjection.merged(projections))
    }

    /// Runs `body` once with memory and counter probes around it.
    /// The SQL trace sources record only this body; their traces and logs are merged.
    func instrumented(
        _ body: () throws -> UInt64
    ) rethrows -> (values: [Double], checksum: UInt64, trace: SQLTrace?, log: SQLLog?) {
        let countersBefore = counterSources.flatMap { $0.read() }
        for source in traceSources { source.startTrace() }
        ProcessMemory.resetPeak()
        // The /proc/self/io reads allocate, so they stay outside the allocation window,
        // and inside the memory reads' (which read /proc files too).
        let ioBefore = ProcessIO.snapshot()
        let allocBefore = Jemalloc.snapshot()
        Jemalloc.resetPeak()
        let checksum = try body()
        let peak = Jemalloc.peak()
        let allocAfter = Jemalloc.snapshot()
        let ioAfter = ProcessIO.snapshot()
        let memory = ProcessMemory.snapshot()
        let countersAfter = counterSources.flatMap { $0.read() }
        let traces = traceSources.map { $0.finishTrace() }
        blackHole(checksum)
        let builtIn =
            [
                allocAfter.bytesAllocated - allocBefore.bytesAllocated,
                allocAfter.allocations - allocBefore.allocations,
                peak, memory.resident, memory.peakResident,
            ] + ProcessIO.delta(ioBefore, ioAfter)
        let values = builtIn + zip(countersAfter, countersBefore).map { $0 - $1 }
        guard !traceSources.isEmpty else { return (values, checksum, nil, nil) }
        let trace = SQLTrace(statements: traces.flatMap(\.statements))
        let log = traceSources.reduce(into: SQLLog()) { $0.append(contentsOf: $1.sqlLog) }
        return (values, checksum, trace, log)
    }
}
