import CoreDataLog
import Foundation
import ObjectGraph
import Testing

@testable import BenchKit
@testable import BenchmarkSuites

/// The contract between the lab and a device's log: for every engine configuration of
/// every suite, the SQL debug log the engine writes at levels 1 to 4, read by
/// `bench explain-log`'s parser, has the same statements, as many times each, and the
/// same N+1 patterns as the lab's own trace of the same iteration.
@Suite struct LogConsistencyTests {
    /// A small size: every scenario runs, quickly.
    static let size = 1_000

    /// The lines a debug log prints, collected from the context's queue.
    final class Lines: @unchecked Sendable {
        // Invariant: `lines` is touched only while `lock` is held.
        private let lock = NSLock()
        private var lines: [String] = []

        func append(_ line: String) { lock.withLock { lines.append(line) } }

        func take() -> [String] {
            lock.withLock {
                defer { lines = [] }
                return lines
            }
        }
    }

    /// One engine case: its trace and log at each level.
    struct Observed {
        let key: CaseKey
        let trace: SQLTrace
        let summary: LogSummary
        let level: Int
    }

    /// Every engine case of every suite, run once per level with the debug log attached.
    static func observe() throws -> (observed: [Observed], cases: Int) {
        _ = SuiteRun.datasets
        var observed: [Observed] = []
        var cases = 0
        for benchmark in SuiteCatalog.allBenchmarks {
            for configuration in benchmark.configurations where configuration.kind == .subject {
                let context = CaseContext(
                    configuration: configuration, size: size, seed: SuiteRun.seed)
                let instance = try benchmark.makeInstance(context)
                guard let bridge = context.traceSources.compactMap({ $0 as? SQLTraceBridge }).first,
                    bridge.isEngine
                else { continue }
                cases += 1
                let key = CaseKey(
                    benchmark: benchmark.id, configuration: configuration.name, size: size)
                let lines = Lines()
                for level in 1...4 {
                    bridge.debugLog = SQLDebugLog(level: level) { lines.append($0) }
                    try instance.reset()
                    bridge.startTrace()
                    _ = try instance.run()
                    let trace = bridge.finishTrace()
                    var reader = LogLineReader(
                        data: Data(lines.take().joined(separator: "\n").utf8))
                    observed.append(
                        Observed(
                            key: key, trace: trace, summary: try LogReading.summarize(&reader),
                            level: level))
                }
            }
        }
        return (observed, cases)
    }

    @Test(
        "every engine case: the same statements, as often, and the same N+1 patterns at levels 1 to 4"
    )
    func consistency() throws {
        let (observed, cases) = try Self.observe()
        #expect(cases >= 40)
        #expect(observed.count == cases * 4)
        var patterns = 0
        for case let item in observed {
            let logged = Dictionary(
                uniqueKeysWithValues: item.summary.statements.map { ($0.fingerprint, $0.count) })
            let traced = Dictionary(
                uniqueKeysWithValues: item.trace.statements.map { ($0.fingerprint, $0.count) })
            #expect(logged == traced, "\(item.key) at level \(item.level)")
            #expect(
                item.summary.counts.unparsed == 0,
                "\(item.key) at level \(item.level): \(item.summary.unparsed)")
            let result = CaseResult(
                key: item.key, status: .passed, checksum: "0x1", iterations: ["instrumented": 1],
                metrics: [], errors: [], sqlTrace: item.trace)
            let lab = Set(NPlusOneDetector().findings(in: [result]).map(\.fingerprint))
            let fromLog = Set(
                LogFindings(summary: item.summary, file: "\(item.key)", names: nil, replay: nil)
                    .findings()
                    .filter { $0.kind == .nPlusOne || $0.kind == .perRowFetch }
                    .flatMap(\.evidence.fingerprints))
            #expect(fromLog == lab, "\(item.key) at level \(item.level)")
            patterns += lab.count
        }
        // Not vacuous: statements were compared, N+1 patterns found, plans logged.
        #expect(observed.reduce(0) { $0 + $1.summary.statementCount } > 50_000)
        #expect(patterns >= 20)
        #expect(
            observed.filter { $0.level == 4 && $0.summary.evidence.planRows > 0 }.count >= cases / 2
        )
        #expect(observed.filter { $0.level == 2 }.allSatisfy { $0.summary.evidence.planRows == 0 })
    }
}
