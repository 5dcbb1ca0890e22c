/// Something that runs the iterations of one case: in this process or in a child.
///
/// The runner holds one worker per configuration of a group and steps them in turn,
/// so configurations interleave (A B C A B C) whether or not they are isolated.
protocol CaseWorker: AnyObject {
    /// The case this worker runs.
    var key: CaseKey { get }
    /// Sets the case up; returns its instrumented metrics and datasets.
    func start() throws -> WorkerReady
    /// Runs one iteration.
    func iterate(_ kind: IterationKind) throws -> IterationRecord
    /// Releases the case (ends the child process).
    func finish()
}

/// A ``CaseWorker`` that runs the case in the calling process.
final class InProcessWorker: CaseWorker {
    let key: CaseKey
    private let benchmark: Benchmark
    private let seed: UInt64
    private var session: CaseSession?

    init(benchmark: Benchmark, key: CaseKey, seed: UInt64) {
        self.benchmark = benchmark
        self.key = key
        self.seed = seed
    }

    func start() throws -> WorkerReady {
        let session = try CaseSession(benchmark: benchmark, key: key, seed: seed)
        self.session = session
        return WorkerReady(
            instrumentedMetrics: session.instrumentedMetrics, datasets: session.datasets)
    }

    func iterate(_ kind: IterationKind) throws -> IterationRecord {
        guard let session else { throw CaseFailure("case \(key) was not started") }
        return try session.iterate(kind)
    }

    func finish() {
        session = nil
    }
}
