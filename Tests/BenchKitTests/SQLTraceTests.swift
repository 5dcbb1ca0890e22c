import Foundation
import Testing

@testable import BenchKit

/// Recording SQL traces through the runner and carrying them in results.
@Suite struct SQLTraceTests {
    /// A fake engine: its body "runs" one fetch plus one lookup per item.
    final class FakeEngine: @unchecked Sendable {
        // Confined to the thread running the case, like a real connection.
        let recorder = SQLTraceRecorder(planner: { sql in
            [
                QueryPlanStep(
                    id: 2, parent: 0, detail: sql.contains("WHERE") ? "SEARCH t0" : "SCAN t0")
            ]
        })
        var bodies = 0

        func run(size: Int) -> UInt64 {
            bodies += 1
            recorder.record(
                sql: "SELECT * FROM ZPOST t0", arguments: [], nanoseconds: 500, rows: size)
            for key in 0..<size {
                recorder.record(
                    sql: "SELECT * FROM ZUSER t0 WHERE t0.Z_PK = ?", arguments: ["\(key)"],
                    nanoseconds: 100, rows: 1)
            }
            return UInt64(size)
        }
    }

    /// The fake engine's one configuration.
    enum Faults: String, NamedVariant {
        case faults
    }

    static let benchmark = Fixtures.suite(
        sizes: [12],
        BenchmarkScenario(
            "traced", summary: "traced", variants: Faults.self,
            setup: { context, _ in
                let engine = FakeEngine()
                context.register(trace: engine.recorder)
                return (engine, context.size)
            },
            body: { state, _ in state.0.run(size: state.1) }))

    @Test("the runner keeps the trace of an instrumented iteration, grouped by fingerprint")
    func runnerRecordsTrace() throws {
        let results = Fixtures.run([Self.benchmark])
        let trace = try #require(results.cases.first?.sqlTrace)
        #expect(trace.statements.count == 2)
        #expect(trace.statementCount == 13)
        #expect(trace.countsByKind == [.select: 13])
        let lookup = try #require(trace.group("SELECT * FROM ZUSER t0 WHERE t0.Z_PK = ?"))
        #expect(lookup.count == 12)
        #expect(lookup.totalNanoseconds == 1_200)
        #expect(lookup.meanNanoseconds == 100)
        #expect(lookup.sampleArguments.count == StatementGroup.maximumSamples)
        #expect(lookup.distinctArgumentLists == 12)
        #expect(lookup.queryPlan?.first?.detail == "SEARCH t0")
        #expect(trace.statements[0].hasFullScan)
        let keyList = QueryPlanStep(
            id: 1, parent: 0, detail: "SCAN _Z_intarray0 VIRTUAL TABLE INDEX 1:")
        #expect(!keyList.isFullScan(in: [keyList]))
        #expect(
            QueryPlanStep(id: 1, parent: 0, detail: "USE TEMP B-TREE FOR ORDER BY").usesTempBTree)
    }

    @Test("nothing is recorded outside a trace")
    func recorderIdle() {
        let recorder = SQLTraceRecorder()
        recorder.record(sql: "SELECT 1", arguments: [], nanoseconds: 1, rows: 1)
        recorder.startTrace()
        #expect(recorder.finishTrace().statements.isEmpty)
        #expect(!recorder.isActive)
    }

    @Test("a trace crosses the child-process pipe inside an iteration record")
    func workerReplyRoundTrip() throws {
        var group = StatementGroup(fingerprint: "SELECT ?", kind: .select)
        group.count = 3
        let record = IterationRecord(
            kind: .instrumented, values: [1, 2], checksum: 7,
            sqlTrace: SQLTrace(statements: [group]))
        let data = try JSONEncoder().encode(WorkerReply.iteration(record))
        guard case .iteration(let decoded) = try JSONDecoder().decode(WorkerReply.self, from: data)
        else {
            Issue.record("wrong reply")
            return
        }
        #expect(decoded.sqlTrace == record.sqlTrace)
    }

    @Test("results written before traces existed still read: new fields are optional")
    func backwardCompatible() throws {
        let results = Fixtures.run([Self.benchmark])
        var object = try #require(
            try JSONSerialization.jsonObject(with: results.jsonData()) as? [String: Any])
        var cases = try #require(object["cases"] as? [[String: Any]])
        for index in cases.indices { cases[index]["sqlTrace"] = nil }
        object["cases"] = cases
        object["comparison"] = nil
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try JSONSerialization.data(withJSONObject: object).write(to: url)
        let read = try RunResults.read(from: url)
        #expect(read.cases.allSatisfy { $0.sqlTrace == nil })
        #expect(read.comparison == nil)
        #expect(read.schemaVersion == 1)
    }
}
