import Foundation
import Testing

@testable import BenchKit

/// The runner's order of work, failure handling and checksum checks (in process).
@Suite struct RunnerTests {
    @Test("configurations interleave A B C A B C in every phase")
    func interleaving() {
        let log = CallLog()
        let benchmark = Fixtures.benchmark("order", Trio.self, sizes: [1], log: log)
        let results = Fixtures.run([benchmark])
        // 1 warm-up + 3 timed + 1 instrumented round.
        #expect(log.all == Array(repeating: ["A", "B", "C"], count: 5).flatMap { $0 })
        #expect(
            results.cases.map(\.iterations)
                == Array(repeating: ["warmup": 1, "timed": 3, "instrumented": 1], count: 3))
    }

    @Test("a slow case warms up once and is instrumented twice; a fast one gets every round")
    func untimedPhasesFollowTheBudget() {
        let benchmark = Fixtures.benchmark("slow", Only.self, sizes: [1]) { _, _ in
            Thread.sleep(forTimeInterval: 0.03)
            return 1
        }
        let tight = RunLimits(
            warmupIterations: 4, maxIterations: 5, maxTime: 0.01, instrumentedIterations: 4)
        let generous = RunLimits(
            warmupIterations: 4, maxIterations: 5, maxTime: 60, instrumentedIterations: 4)
        let runs = [tight, generous].map { limits in
            Runner(limits: limits, seed: 42, isolation: .inProcess)
                .run(RunPlan(benchmarks: [benchmark])).cases.first?.iterations
        }
        #expect(runs[0] == ["warmup": 1, "timed": 3, "instrumented": 2])
        #expect(runs[1] == ["warmup": 4, "timed": 5, "instrumented": 4])
    }

    @Test("a configuration above its size limit is skipped with the reason; the run passes")
    func sizeLimit() throws {
        enum Limits: String, NamedVariant {
            case free, limited
        }
        let benchmark = Fixtures.suite(
            sizes: [10, 20],
            BenchmarkScenario(
                "limit", summary: "fixture", variants: Limits.self,
                sizeLimits: [.limited: .init(largest: 10, reason: "too slow above 10")],
                setup: { context, _ in context.size }, body: { size, _ in UInt64(size) }))
        let results = Fixtures.run([benchmark])
        #expect(results.cases.map(\.key.configuration) == ["free", "limited", "free", "limited"])
        #expect(results.cases.map(\.status) == [.passed, .passed, .passed, .skipped])
        let skipped = try #require(results.cases.last)
        #expect(skipped.errors == ["runs up to 10: too slow above 10"])
        #expect(skipped.checksum == nil && skipped.metrics.isEmpty)
        #expect(!results.isFailed && results.checksumMismatches.isEmpty)
    }

    @Test("every case has its timed and instrumented metrics with raw samples")
    func metrics() throws {
        let results = Fixtures.run([Fixtures.benchmark("metrics", sizes: [5])])
        let first = try #require(results.cases.first)
        #expect(first.status == .passed)
        #expect(first.checksum == CaseResult.hex(5))
        #expect(first.metric(.wallTime)?.samples.count == 3)
        #expect(first.metric(.allocations)?.samples.count == 1)
        #expect(first.metrics.map(\.metric) == Metric.timed + Metric.instrumented)
        #expect(try #require(first.metric(.peakResidentMemory)?.summary.median) > 0)
    }

    @Test("different checksums across configurations fail the run and name the group")
    func checksumMismatch() throws {
        enum Answers: String, NamedVariant {
            case right, wrong
        }
        let benchmark = Fixtures.benchmark("mismatch", Answers.self, sizes: [7]) { variant, _ in
            switch variant {
            case .right: 1
            case .wrong: 2
            }
        }
        let results = Fixtures.run([benchmark])
        let mismatch = try #require(results.checksumMismatches.first)
        #expect(results.isFailed)
        #expect(mismatch.benchmark.description == "fixture/mismatch" && mismatch.size == 7)
        #expect(mismatch.checksums == ["right": CaseResult.hex(1), "wrong": CaseResult.hex(2)])
        #expect(mismatch.description.contains("fixture/mismatch"))
        #expect(results.cases.allSatisfy { $0.status == .passed })
    }

    @Test("matching checksums pass")
    func checksumsMatch() {
        let results = Fixtures.run([Fixtures.benchmark("match")])
        #expect(results.checksumMismatches.isEmpty)
        #expect(!results.isFailed)
    }

    @Test("a checksum that changes between iterations fails the case")
    func unstableChecksum() throws {
        let counter = CallLog()
        let benchmark = Fixtures.benchmark("unstable", Only.self, sizes: [1]) { _, _ in
            counter.append("x")
            return UInt64(counter.all.count)
        }
        let result = try #require(Fixtures.run([benchmark]).cases.first)
        #expect(result.status == .failed)
        #expect(result.errors.first?.contains("checksum changed between iterations") == true)
    }

    @Test("a throwing body fails its case; the others and later groups go on")
    func failureIsolation() {
        struct Boom: Error {}
        enum Outcomes: String, NamedVariant {
            case ok, bad
        }
        let benchmark = Fixtures.benchmark("throws", Outcomes.self, sizes: [1, 2]) {
            variant, size in
            if variant == .bad && size == 1 { throw Boom() }
            return 3
        }
        let results = Fixtures.run([benchmark])
        #expect(results.cases.map(\.status) == [.passed, .failed, .passed, .passed])
        #expect(results.cases[1].errors.first?.contains("iteration failed") == true)
        #expect(results.isFailed)
    }

    @Test("a counter source reports its deltas as metrics")
    func counterSource() throws {
        let benchmark = Fixtures.suite(
            sizes: [4],
            BenchmarkScenario(
                "counters", summary: "", variants: Only.self,
                setup: { context, _ in
                    let counter = BodyCounter()
                    context.register(counter)
                    return counter
                },
                body: { counter, _ in
                    counter.calls += 3
                    return 1
                }))
        let result = try #require(Fixtures.run([benchmark]).cases.first)
        let calls = try #require(result.metric(named: "fixture.calls"))
        #expect(calls.samples == [3])
        #expect(calls.metric.unit == .count)
    }
}

/// Counts body calls, as an engine would count statements.
final class BodyCounter: CounterSource {
    var calls = 0
    let metrics = [Metric(name: "fixture.calls", unit: .count)]

    func read() -> [Double] { [Double(calls)] }
}
