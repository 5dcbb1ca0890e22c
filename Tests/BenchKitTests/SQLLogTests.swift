import Foundation
import Testing

@testable import BenchKit

/// The level-1 SQL log of a traced case: bounded to its first 2,000 lines plus a
/// count, carried over the worker pipe once per case, kept out of `results.json`.
@Suite struct SQLLogTests {
    static func log(lines count: Int) -> SQLLog {
        var log = SQLLog()
        for line in 1...count { log.append("ObjectGraph: sql: SELECT \(line)") }
        return log
    }

    @Test("keeps the first 2,000 lines in order and counts the rest")
    func truncates() {
        let log = Self.log(lines: 14_345)
        #expect(log.lines.count == 2_000)
        #expect(log.lines.first == "ObjectGraph: sql: SELECT 1")
        #expect(log.lines.last == "ObjectGraph: sql: SELECT 2000")
        #expect(log.totalLineCount == 14_345 && log.omittedLineCount == 12_345)
        let text = log.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(text.count == 2_002)
        #expect(text[2_000] == "… 12,345 more lines not shown (14,345 total)")
        #expect(text[2_001] == "")
    }

    @Test("a log within the limit is written whole, with no count line")
    func shortLog() {
        let log = Self.log(lines: 3)
        #expect(log.omittedLineCount == 0)
        #expect(
            log.text
                == "ObjectGraph: sql: SELECT 1\nObjectGraph: sql: SELECT 2\nObjectGraph: sql: SELECT 3\n"
        )
    }

    @Test("an overlong line is shortened, and merged logs keep counting")
    func boundsLinesAndMerges() {
        var log = SQLLog()
        log.append(String(repeating: "x", count: 10_000))
        #expect(log.lines[0].count == SQLLog.lineLengthLimit + 1)
        #expect(log.lines[0].hasSuffix("…"))
        log.append(contentsOf: Self.log(lines: 2_500))
        #expect(log.lines.count == 2_000 && log.totalLineCount == 2_501)
    }

    @Test("an iteration's log round-trips through a worker reply as one JSON line")
    func workerReplyRoundTrip() throws {
        let record = IterationRecord(
            kind: .instrumented, values: [1, 2], checksum: 7, sqlTrace: SQLTrace(),
            sqlLog: Self.log(lines: 2_500))
        let data = try JSONEncoder().encode(WorkerReply.iteration(record))
        let line = String(decoding: data, as: UTF8.self)
        #expect(!line.contains("\n"))
        #expect(data.count < 200_000)
        guard case .iteration(let decoded) = try JSONDecoder().decode(WorkerReply.self, from: data)
        else {
            Issue.record("not an iteration reply")
            return
        }
        #expect(decoded.sqlLog == record.sqlLog)
    }

    @Test("a child worker's first instrumented log reaches the case result, not results.json")
    func childProcessCarriesLog() throws {
        enum Traced: String, NamedVariant {
            case traced
        }
        let benchmark = Fixtures.suite(
            sizes: [1],
            BenchmarkScenario(
                "sql-log", summary: "", variants: Traced.self, setup: { _, _ in () },
                body: { _, _ in 0 }))
        let limits = RunLimits(
            warmupIterations: 0, maxIterations: 1, maxTime: 60, instrumentedIterations: 2)
        let runner = Runner(
            limits: limits, seed: 1, isolation: .childProcess(try IsolationTests.launcher()))
        let results = Fixtures.results(
            runner.run(RunPlan(benchmarks: [benchmark])), isolated: true)
        let result = try #require(results.cases.first)
        #expect(result.status == .passed)
        let log = try #require(result.sqlLog)
        #expect(log.lines.count == 2_000 && log.totalLineCount == 2_500)
        #expect(log.lines.first == "fixture: sql: SELECT 1")
        #expect(result.sqlLogLineCount == 2_500)
        let json = String(decoding: try results.jsonData(), as: UTF8.self)
        #expect(json.contains("\"sqlLogLineCount\" : 2500"))
        #expect(!json.contains("fixture: sql: SELECT 1"))
        let decoded = try JSONDecoder().decode(CaseResult.self, from: JSONEncoder().encode(result))
        #expect(decoded.sqlLog == nil && decoded.sqlLogLineCount == 2_500)
    }

    @Test("in process, only the first instrumented iteration's log is kept")
    func firstInstrumentedIteration() throws {
        final class Counter {
            let recorder = SQLTraceRecorder()
            var iteration = 0
        }
        let benchmark = Fixtures.suite(
            sizes: [1],
            BenchmarkScenario(
                "log", summary: "", variants: Only.self,
                setup: { context, _ in
                    let counter = Counter()
                    context.register(trace: counter.recorder)
                    return counter
                },
                body: { counter, _ in
                    counter.iteration += 1
                    counter.recorder.appendLogLine("iteration \(counter.iteration)")
                    return 1
                }))
        let limits = RunLimits(
            warmupIterations: 1, maxIterations: 3, maxTime: 60, instrumentedIterations: 3)
        let runner = Runner(limits: limits, seed: 1, isolation: .inProcess)
        let result = try #require(runner.run(RunPlan(benchmarks: [benchmark])).cases.first)
        #expect(result.sqlLog?.lines == ["iteration 5"])
    }
}
