/// Collects the iterations of one case and turns them into a ``CaseResult``.
///
/// Checks that every iteration of the case returns the same checksum; a change means
/// the body is not deterministic or the reset is incomplete, and fails the case.
/// Cost: the samples, plus the statistics when ``result(seed:)`` is called.
final class CaseRecorder {
    let key: CaseKey
    private var instrumentedMetrics: [Metric] = []
    private var samples: [Metric: [Double]] = [:]
    private var order: [Metric] = []
    private var checksum: UInt64?
    private var errors: [String] = []
    private var counts: [IterationKind: Int] = [:]
    private var sqlTrace: SQLTrace?
    private var sqlLog: SQLLog?
    private var projections: [FetchProjection]?
    private(set) var isFailed = false
    private var isSkipped = false

    init(key: CaseKey) {
        self.key = key
    }

    /// Notes the metrics the worker reported when it started.
    func started(_ ready: WorkerReady) {
        instrumentedMetrics = ready.instrumentedMetrics
    }

    /// Adds one iteration's values.
    func record(_ iteration: IterationRecord) {
        check(iteration.checksum)
        if iteration.kind == .audit {
            projections = iteration.projections ?? projections
            return
        }
        counts[iteration.kind, default: 0] += 1
        if let trace = iteration.sqlTrace { sqlTrace = trace }
        if sqlLog == nil { sqlLog = iteration.sqlLog }
        let metrics: [Metric] =
            switch iteration.kind {
            case .warmup: []
            case .timed: Metric.timed
            case .instrumented: instrumentedMetrics
            case .counted: Metric.counted
            case .audit: []
            }
        for (metric, value) in zip(metrics, iteration.values) {
            if samples[metric] == nil { order.append(metric) }
            samples[metric, default: []].append(value)
        }
    }

    /// Marks the case failed with `message`.
    func fail(_ message: String) {
        isFailed = true
        errors.append(message)
    }

    /// Marks the case not run (its setup threw ``CaseNotRun``) with `reason`.
    func skip(_ reason: String) {
        isSkipped = true
        errors.append(reason)
    }

    /// The finished result; `interrupted` when the run stopped before this case ended.
    func result(seed: UInt64, interrupted: Bool) -> CaseResult {
        let status: CaseStatus =
            isFailed ? .failed : isSkipped ? .skipped : (interrupted ? .interrupted : .passed)
        var keySum = Checksum()
        keySum.combine(key.description)
        let metrics = order.map { metric in
            MetricResult(metric: metric, samples: samples[metric]!, seed: seed ^ keySum.value)
        }
        return CaseResult(
            key: key, status: status, checksum: checksum.map(CaseResult.hex),
            iterations: counts.reduce(into: [:]) { $0[$1.key.rawValue] = $1.value },
            metrics: metrics, errors: errors, sqlTrace: sqlTrace,
            sqlLog: sqlLog
        ).recording(projections: projections)
    }

    private func check(_ value: UInt64) {
        guard let checksum else {
            checksum = value
            return
        }
        if value != checksum && !isFailed {
            fail(
                "checksum changed between iterations: \(CaseResult.hex(checksum)) then "
                    + "\(CaseResult.hex(value)); is the body deterministic and the reset complete?")
        }
    }
}
