/// The first line a parent sends a child worker: which case to run.
///
/// Cost: one small JSON line.
struct WorkerRequest: Sendable, Codable {
    var key: CaseKey
    var seed: UInt64
}

/// What a worker reports once its case is set up.
struct WorkerReady: Sendable, Codable {
    /// The metrics of instrumented iterations, in value order.
    var instrumentedMetrics: [Metric]
    /// Datasets the setup recorded.
    var datasets: [DatasetRecord]
}

/// One line a child worker sends back.
enum WorkerReply: Sendable, Codable {
    /// Setup finished.
    case ready(WorkerReady)
    /// An iteration finished.
    case iteration(IterationRecord)
    /// Setup or an iteration threw; the message says what.
    case failed(String)
    /// Setup found nothing to measure (``CaseNotRun``); the reason says why.
    case notRun(String)
}

/// A command a parent sends a child worker, one per line.
enum WorkerCommand: String, Sendable {
    case warmup, timed, instrumented, counted, audit, finish

    init(_ kind: IterationKind) {
        switch kind {
        case .warmup: self = .warmup
        case .timed: self = .timed
        case .instrumented: self = .instrumented
        case .counted: self = .counted
        case .audit: self = .audit
        }
    }

    /// The iteration kind this command asks for; nil for `finish`.
    var kind: IterationKind? { IterationKind(rawValue: rawValue) }
}
