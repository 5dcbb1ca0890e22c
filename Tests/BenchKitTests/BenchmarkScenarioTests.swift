import Testing

@testable import BenchKit

/// Scenarios as declared: the typed variant reaches the body, configurations carry
/// their kind, the verify step runs outside every probe, and suites give the sizes.
@Suite struct BenchmarkScenarioTests {
    /// A subject and its hand-written floor.
    enum Floored: BenchmarkVariant {
        case subject, floor

        var configuration: BenchmarkConfiguration {
            switch self {
            case .subject: BenchmarkConfiguration("subject", summary: "the code under test")
            case .floor: BenchmarkConfiguration("floor", summary: "by hand", kind: .raw)
            }
        }
    }

    @Test("each case's body receives its own variant")
    func variantReachesTheBody() {
        let benchmark = Fixtures.benchmark("typed", Trio.self, sizes: [1]) { variant, _ in
            switch variant {
            case .A: 1
            case .B: 2
            case .C: 3
            }
        }
        let results = Fixtures.run([benchmark])
        #expect(results.cases.map(\.key.configuration) == ["A", "B", "C"])
        #expect(results.cases.map(\.checksum) == [1, 2, 3].map(CaseResult.hex))
    }

    @Test("the variant gives the kind, the declaration the size limit; setup sees both")
    func kindAndSizeLimit() {
        let limit = BenchmarkConfiguration.SizeLimit(largest: 5, reason: "fixture")
        let benchmark = Fixtures.suite(
            sizes: [5],
            BenchmarkScenario(
                "kinds", summary: "", variants: Floored.self, sizeLimits: [.floor: limit],
                setup: { context, _ in context.configuration.kind == .raw ? 1 : 0 },
                body: { isRaw, _ in UInt64(isRaw) }))
        #expect(benchmark.configurations.map(\.kind) == [.subject, .raw])
        #expect(benchmark.configurations.map(\.sizeLimit) == [nil, limit])
        let results = Fixtures.run([benchmark])
        #expect(results.cases.map(\.checksum) == [0, 1].map(CaseResult.hex))
        #expect(results.cases.map(\.configurationKind) == [.subject, .raw])
    }

    @Test("setup and reset receive the case's own variant, as the body does")
    func variantReachesSetupAndReset() {
        let log = CallLog()
        let benchmark = Fixtures.suite(
            sizes: [1],
            BenchmarkScenario(
                "variants", summary: "", variants: Trio.self,
                setup: { _, variant in variant.rawValue },
                reset: { state, variant in log.append("reset \(state) \(variant.rawValue)") },
                body: { state, variant in
                    log.append("body \(state) \(variant.rawValue)")
                    return 0
                }))
        _ = Fixtures.run([benchmark])
        let entries = log.all.map { $0.split(separator: " ") }
        #expect(Set(entries.map { $0[1] }) == ["A", "B", "C"])
        #expect(entries.allSatisfy { $0[1] == $0[2] }, "\(log.all)")
        #expect(entries.filter { $0[0] == "reset" }.count == entries.count / 2)
    }

    /// What a verified fixture did, in order; confined to the thread running the case
    /// and read by the test only after the run.
    final class Ledger: CounterSource, @unchecked Sendable {
        let metrics = [Metric(name: "fixture.work", unit: .count)]
        let recorder = SQLTraceRecorder()
        var work = 0
        var events: [String] = []
        var resets: [UInt64] = []
        var verifyStarts: [UInt64] = []

        func read() -> [Double] { [Double(work)] }
    }

    /// A writing scenario whose verify step counts, traces and takes a millisecond, so
    /// any of its work inside a probe would show in the samples.
    static func verified(_ ledger: Ledger) -> Benchmark {
        Fixtures.suite(
            sizes: [1],
            BenchmarkScenario(
                "verified", summary: "", variants: Only.self,
                setup: { context, _ in
                    context.register(ledger)
                    context.register(trace: ledger.recorder)
                    return ledger
                },
                reset: { ledger, _ in ledger.resets.append(MonotonicClock.now()) },
                body: { ledger, _ in
                    ledger.work += 1
                    ledger.events.append("body")
                    ledger.recorder.record(
                        sql: "UPDATE t SET x = 1", arguments: [], nanoseconds: 1, rows: 0)
                },
                verify: { ledger in
                    let start = MonotonicClock.now()
                    ledger.verifyStarts.append(start)
                    ledger.work += 1_000
                    ledger.events.append("verify")
                    ledger.recorder.record(
                        sql: "SELECT x FROM t", arguments: [], nanoseconds: 1, rows: 1)
                    while MonotonicClock.now() &- start < 1_000_000 {}
                    return 42
                }))
    }

    @Test("verify runs after every body, outside the clock, the counters and the trace")
    func verifyIsUntimed() throws {
        let ledger = Ledger()
        let result = try #require(Fixtures.run([Self.verified(ledger)]).cases.first)
        #expect(result.status == .passed)
        #expect(result.checksum == CaseResult.hex(42))
        // 1 warm-up, 3 timed and 1 instrumented iteration, each body then verify.
        #expect(ledger.events == Array(repeating: ["body", "verify"], count: 5).flatMap { $0 })
        #expect(result.metric(named: "fixture.work")?.samples == [1])
        let trace = try #require(result.sqlTrace)
        #expect(trace.statements.map(\.fingerprint) == ["UPDATE t SET x = ?"])
        // The clock starts after the reset and stops before verify starts, so each timed
        // sample fits between them; a clock still running through verify's millisecond
        // would not.
        let samples = try #require(result.metric(.wallTime)?.samples)
        #expect(samples.count == 3)
        for (index, sample) in samples.enumerated() {
            let iteration = index + 1
            #expect(sample <= Double(ledger.verifyStarts[iteration] &- ledger.resets[iteration]))
        }
    }

    @Test("configurations must agree on the verify step's checksum, not the body's")
    func verifyChecksumIsCompared() throws {
        let scenario = { (name: String, written: @escaping @Sendable (Pair) -> Int) in
            BenchmarkScenario(
                name, summary: "", variants: Pair.self, setup: { _, _ in 0 },
                body: { value, variant in value = written(variant) },
                verify: { value in UInt64(value) })
        }
        let agreeing = Fixtures.suite(sizes: [1], scenario("agreeing") { _ in 5 })
        let differing = Fixtures.suite(sizes: [1], scenario("differing") { $0 == .a ? 5 : 6 })
        let results = Fixtures.run([agreeing, differing])
        let mismatch = try #require(results.checksumMismatches.first)
        #expect(results.checksumMismatches.count == 1)
        #expect(mismatch.benchmark.description == "fixture/differing")
        #expect(mismatch.checksums == ["a": CaseResult.hex(5), "b": CaseResult.hex(6)])
    }

    @Test("a suite's sizes apply to every scenario; --sizes replaces them for a run")
    func suiteSizes() {
        let scenarios = ["first", "second"].map {
            BenchmarkScenario(
                $0, summary: "", variants: Pair.self, setup: { _, _ in () }, body: { _, _ in 0 })
        }
        let suite = BenchmarkSuite(
            name: "fixture", summary: "", sizes: [30, 10], scenarios: scenarios)
        #expect(suite.benchmarks.map(\.id.description) == ["fixture/first", "fixture/second"])
        #expect(suite.benchmarks.allSatisfy { $0.sizes == [30, 10] })
        #expect(RunPlan(benchmarks: suite.benchmarks).groups.map(\.size) == [10, 30, 10, 30])
        #expect(RunPlan(benchmarks: suite.benchmarks, sizes: [7]).groups.map(\.size) == [7, 7])
    }
}
