/// One case set up in this process: runs its iterations and reads its probes.
///
/// Used directly for `--in-process` runs and inside each child worker. Only the first
/// instrumented iteration reports its SQL log, so the log crosses the worker pipe
/// once per case. Confined to the thread that created it. Cost: the benchmark's
/// setup, once, in `init`.
final class CaseSession {
    let key: CaseKey
    private let instance: any BenchmarkInstance
    private let probe: Probe
    private var hasReportedLog = false
    /// The last iteration's checksum (what a skipped audit iteration reports).
    private var lastChecksum: UInt64?
    /// Made at the first counted iteration, so only workers under valgrind need one.
    private var instructionCounter: InstructionCounter?
    /// Datasets the setup recorded.
    let datasets: [DatasetRecord]

    /// Runs `benchmark`'s setup for the case `key`.
    /// - Throws: ``CaseFailure`` when the configuration is unknown, or whatever the
    ///   setup throws.
    init(benchmark: Benchmark, key: CaseKey, seed: UInt64) throws {
        guard let configuration = benchmark.configuration(named: key.configuration) else {
            throw CaseFailure("\(benchmark.id) has no configuration '\(key.configuration)'")
        }
        let context = CaseContext(configuration: configuration, size: key.size, seed: seed)
        self.key = key
        self.instance = try benchmark.makeInstance(context)
        self.probe = Probe(
            counterSources: context.counterSources, traceSources: context.traceSources)
        self.datasets = context.datasets
    }

    /// The metrics an instrumented iteration reports.
    var instrumentedMetrics: [Metric] { probe.instrumentedMetrics }

    /// Resets the state (untimed), runs one iteration of `kind`, then the scenario's
    /// verify step, if any: after the clock and every probe have stopped, so its work
    /// is in no sample, counter or trace. Its checksum is the iteration's.
    func iterate(_ kind: IterationKind) throws -> IterationRecord {
        if kind == .audit && !probe.audits {
            // Nothing audits this case: the body is not run again.
            return IterationRecord(kind: kind, values: [], checksum: lastChecksum ?? 0)
        }
        try instance.reset()
        var record = try measure(kind)
        record.checksum = try instance.checksum(afterRun: record.checksum)
        lastChecksum = record.checksum
        return record
    }

    private func measure(_ kind: IterationKind) throws -> IterationRecord {
        switch kind {
        case .warmup:
            let checksum = try instance.run()
            blackHole(checksum)
            return IterationRecord(kind: kind, values: [], checksum: checksum)
        case .timed:
            let result = try probe.timed { try instance.run() }
            return IterationRecord(kind: kind, values: result.values, checksum: result.checksum)
        case .instrumented:
            let result = try probe.instrumented { try instance.run() }
            defer { hasReportedLog = true }
            return IterationRecord(
                kind: kind, values: result.values, checksum: result.checksum,
                sqlTrace: result.trace, sqlLog: hasReportedLog ? nil : result.log)
        case .audit:
            let result = try probe.audited { try instance.run() }
            return IterationRecord(
                kind: kind, values: [], checksum: result.checksum,
                projections: result.projections)
        case .counted:
            let counter = try instructionCounter ?? InstructionCounter(stem: key.fileStem)
            instructionCounter = counter
            let result = try counter.count { try instance.run() }
            return IterationRecord(
                kind: kind, values: [result.instructions], checksum: result.checksum)
        }
    }
}

/// Why a case failed, in one line: a setup or body error, a crash, a protocol error.
struct CaseFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
