import BenchKit
import Foundation
import Testing

/// `bench run`'s policy without processes: the plan, the results, the gate, the rerun
/// of suspected time regressions and the A/B gate, with a runner that makes up each
/// case's wall-time samples.
@Suite struct RunSessionTests {
    /// `fixture/lookups` with configurations `a` and `b` at size 10 (the body never runs:
    /// the scripted runner makes the outcomes).
    static let suite = BenchmarkSuite(
        name: "fixture", summary: "fixtures", sizes: [10],
        scenarios: [
            BenchmarkScenario(
                "lookups", summary: "fixture", variants: Pair.self, setup: { _, _ in () },
                body: { _, _ in 0 }),
            BenchmarkScenario(
                "scans", summary: "fixture", variants: Pair.self, setup: { _, _ in () },
                body: { _, _ in 0 }),
        ])
    static let host = RunHost(
        gitCommit: "abc123", sqliteVersion: "3.40.1", commandLine: ["bench", "run"])
    static let lookupsA = CaseKey(
        benchmark: BenchmarkID(suite: "fixture", scenario: "lookups"), configuration: "a",
        size: 10)

    static func session(rerunsSuspects: Bool = false, filter: String? = nil) throws
        -> RunSession
    {
        var request = RunRequest(suites: ["fixture"], profile: .quick)
        request.rerunsSuspects = rerunsSuspects
        request.filter = filter.map(Glob.init)
        return try RunSession(request, suites: [suite], host: host)
    }

    /// A gate whose baseline has every case at 1 ms.
    static func gate(_ session: RunSession) throws -> GateCheck {
        let baseline = session.results(
            of: ScriptedRunner { _, _ in 1_000_000 }.run(session.plan, observer: nil),
            started: Date())
        return try GateCheck(
            reference: baseline, name: "base", thresholds: nil, allowsDatasetChange: false)
    }

    @Test("the plan holds the selected suites' benchmarks; none selected is an error")
    func plan() throws {
        #expect(try Self.session().plan.cases.count == 4)
        let filtered = try Self.session(filter: "fixture/scans")
        #expect(filtered.plan.cases.map(\.benchmark.scenario) == ["scans", "scans"])
        #expect(throws: RunSessionError.nothingToRun) {
            try Self.session(filter: "nothing*")
        }
        #expect(
            "\(RunSessionError.nothingToRun)"
                == "no benchmark matches the selected suites, filter and shard")
    }

    @Test("results record the request's label, settings and the host's facts")
    func results() throws {
        var request = RunRequest(suites: ["fixture"], profile: .quick)
        request.shard = Shard(index: 1, count: 2)
        request.isInProcess = true
        let session = try RunSession(request, suites: [Self.suite], host: Self.host)
        let started = Date(timeIntervalSince1970: 1_800_000_000)
        let results = session.results(
            of: ScriptedRunner { _, _ in 1_000_000 }.run(session.plan, observer: nil),
            started: started)
        #expect(results.label == "fixture-shard1of2")
        #expect(results.runID == "20270115-080000-fixture-shard1of2")
        #expect(results.settings == request.settings)
        #expect(!results.settings.isolated && results.settings.countsInstructions == nil)
        #expect(results.gitCommit == "abc123" && results.commandLine == ["bench", "run"])
        #expect(results.environment.sqliteVersion == "3.40.1")
        #expect(results.shards == [Shard(index: 1, count: 2)])
    }

    @Test("a regression the rerun repeats stays failed; only its group is run again")
    func rerunConfirms() throws {
        let session = try Self.session(rerunsSuspects: true)
        let runner = ScriptedRunner { key, _ in key == Self.lookupsA ? 1_300_000 : 1_000_000 }
        var events: [RunSessionEvent] = []
        let results = try session.gated(
            session.results(of: session.run(runner, observer: nil), started: Date()),
            by: Self.gate(session), rerunningWith: runner
        ) { events.append($0) }
        #expect(events == [.rerunningSuspects(count: 1)])
        #expect(runner.plans.count == 2)
        #expect(runner.plans.last == [Self.lookupsA, Self.lookupsA.with(configuration: "b")])
        let failed = try #require(results.comparison?.regressions)
        #expect(failed.map(\.key) == [Self.lookupsA] && failed.map(\.metric) == ["wallTime"])
        #expect(results.isFailed)
    }

    @Test("a regression the rerun does not repeat is unchanged, saying so")
    func rerunClears() throws {
        let session = try Self.session(rerunsSuspects: true)
        let runner = ScriptedRunner { key, attempt in
            key == Self.lookupsA && attempt == 0 ? 1_300_000 : 1_000_000
        }
        let results = try session.gated(
            session.results(of: session.run(runner, observer: nil), started: Date()),
            by: Self.gate(session), rerunningWith: runner)
        let comparison = try #require(results.comparison)
        #expect(comparison.regressions.isEmpty && !results.isFailed)
        let time = try #require(
            comparison.gates.first { $0.key == Self.lookupsA && $0.metric == "wallTime" })
        #expect(time.verdict == .unchanged)
        #expect(time.message.hasSuffix("\nnot confirmed when re-measured once"))
    }

    @Test("without --rerun-suspects nothing runs again; a partial run is not gated")
    func noRerun() throws {
        let session = try Self.session()
        let runner = ScriptedRunner { key, _ in key == Self.lookupsA ? 1_300_000 : 1_000_000 }
        let gate = try Self.gate(session)
        let outcome = session.run(runner, observer: nil)
        let gated = try session.gated(
            session.results(of: outcome, started: Date()), by: gate, rerunningWith: runner)
        #expect(runner.plans.count == 1 && gated.isFailed)
        var stopped = outcome
        stopped.wasInterrupted = true
        let partial = try session.gated(
            session.results(of: stopped, started: Date()), by: gate, rerunningWith: runner)
        #expect(partial.isPartial && partial.comparison == nil)
    }

    @Test("a thresholds rule naming nothing is reported before the gate applies")
    func unmatchedRule() throws {
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("thresholds-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(#"{"metrics": {"wallTme": {"gate": false}}}"#.utf8).write(to: file)
        let session = try Self.session()
        let runner = ScriptedRunner { _, _ in 1_000_000 }
        let baseline = try Self.gate(session).baseline
        let gate = try GateCheck(
            reference: baseline, name: "base", thresholds: file.path, allowsDatasetChange: false)
        var events: [RunSessionEvent] = []
        _ = try session.gated(
            session.results(of: session.run(runner, observer: nil), started: Date()), by: gate,
            rerunningWith: runner
        ) { events.append($0) }
        #expect(events == [.unmatchedRule(thresholds: file.path, path: "metrics.wallTme")])
    }

    @Test("A/B: the reference's results are the baseline, named 'against', CPU times report only")
    func paired() throws {
        let session = try Self.session()
        let (current, gate) = try session.runPaired(
            ScriptedPairedRunner(current: 1_300_000, reference: 1_000_000), observer: nil,
            reference: "main (1a2b3c)", thresholds: nil, allowsDatasetChange: false)
        #expect(gate.baselinePath == "against main (1a2b3c)")
        #expect(gate.baseline.label == "against main (1a2b3c)" && gate.baseline.gitCommit == nil)
        #expect(gate.thresholds == GateCheck.pairedDefaults)
        let gated = try gate.apply(to: session.results(of: current, started: Date()))
        #expect(gated.comparison?.regressions.count == 4)
        let id = BenchmarkID(suite: "selftest", scenario: "sort")
        #expect(GateCheck.pairedDefaults.rule(for: .wallTime, in: id).gate)
        #expect(!GateCheck.pairedDefaults.rule(for: .cpuUser, in: id).gate)
        #expect(!GateCheck.pairedDefaults.rule(for: .cpuSystem, in: id).gate)
    }
}

/// Twenty wall-time samples around `median`, ±2% deterministic jitter.
private func samples(around median: Double, phase: Int) -> [Double] {
    (0..<20).map { index in median * (1 + 0.02 * sin(Double(index * 7 + phase * 13))) }
}

/// A passed case whose wall time is `median`.
private func passed(_ key: CaseKey, median: Double, phase: Int) -> CaseResult {
    CaseResult(
        key: key, status: .passed, checksum: "0x00000000000000ff", iterations: ["timed": 20],
        metrics: [
            MetricResult(
                metric: .wallTime, samples: samples(around: median, phase: phase), seed: 42)
        ], errors: [])
}

/// A runner that runs nothing: each case of a plan gets wall-time samples around
/// `median(key, attempt)`, `attempt` counting the plans run before; the plans it was
/// given are kept.
private final class ScriptedRunner: PlanRunner {
    private(set) var plans: [[CaseKey]] = []
    private let median: (CaseKey, Int) -> Double

    init(median: @escaping (CaseKey, Int) -> Double) {
        self.median = median
    }

    func run(_ plan: RunPlan, observer: (any RunObserver)?) -> RunOutcome {
        let attempt = plans.count
        plans.append(plan.cases)
        let cases = plan.cases.map {
            passed($0, median: median($0, attempt), phase: attempt + 1)
        }
        return RunOutcome(cases: cases, datasets: [], wasInterrupted: false)
    }
}

/// Both builds made up: every case of the current build around `current`, of the
/// reference around `reference`.
private struct ScriptedPairedRunner: PairedPlanRunner {
    let current: Double
    let reference: Double

    func run(_ plan: RunPlan, observer: (any RunObserver)?) -> (
        current: RunOutcome, reference: RunOutcome
    ) {
        let outcome = { (median: Double) in
            RunOutcome(
                cases: plan.cases.map { passed($0, median: median, phase: 0) }, datasets: [],
                wasInterrupted: false)
        }
        return (outcome(current), outcome(reference))
    }
}

extension CaseKey {
    /// The same case in another configuration.
    fileprivate func with(configuration: String) -> CaseKey {
        CaseKey(benchmark: benchmark, configuration: configuration, size: size)
    }
}
