import BenchKit
import Foundation
import Testing

/// The regression gates on synthetic results: counters exact, time needs threshold and
/// significance, SQL diffs, thresholds layering, baselines.
@Suite struct GateTests {
    typealias F = GateFixtures

    static func compare(
        _ baseline: [CaseResult], _ current: [CaseResult], _ thresholds: GateThresholds = .init()
    ) -> BaselineComparison {
        GateEvaluator(thresholds: thresholds).compare(
            baseline: F.run(baseline), current: F.run(current), name: "base")
    }

    @Test("A/A: two runs of the same build fail no gate")
    func sameBuild() {
        let comparison = Self.compare(
            [F.caseResult(), F.caseResult("per-row", statements: 11)],
            [F.caseResult(phase: 1), F.caseResult("per-row", phase: 1, statements: 11)])
        #expect(comparison.regressions.isEmpty)
        for configuration in ["batched", "per-row"] {
            let metrics = Set(
                comparison.gates.filter { $0.key.configuration == configuration }.map(\.metric))
            #expect(metrics.isSuperset(of: ["wallTime", "sql.statements"]), "\(configuration)")
        }
        #expect(comparison.gates.allSatisfy { $0.verdict == .unchanged })
        #expect(comparison.added == [] && comparison.removed == [])
    }

    @Test("one more SELECT fails the statement gates, and the diff shows it appeared")
    func extraSelect() throws {
        let comparison = Self.compare([F.caseResult()], [F.caseResult(phase: 1, statements: 2)])
        let failed = Set(comparison.regressions.map(\.metric))
        #expect(failed == ["sql.statements", "sql.select", "sql.fingerprints"])
        let gate = try #require(comparison.regressions.first { $0.metric == "sql.select" })
        #expect(gate.baseline == 1 && gate.current == 2)
        #expect(
            gate.message.contains("+ SELECT Z_PK, ZNAME FROM ZAUTHOR WHERE Z_PK = ? ×1 (appeared)"))
    }

    @Test("time +30% fails, +3% passes, -30% improves")
    func timeShift() {
        let slower = Self.compare([F.caseResult()], [F.caseResult(time: 1_300_000, phase: 1)])
        #expect(slower.regressions.map(\.metric) == ["wallTime"])
        #expect(slower.regressions.first?.message.contains("Mann-Whitney p<0.0001") == true)
        let noise = Self.compare([F.caseResult()], [F.caseResult(time: 1_030_000, phase: 1)])
        #expect(noise.regressions.isEmpty)
        let faster = Self.compare([F.caseResult()], [F.caseResult(time: 700_000, phase: 1)])
        #expect(faster.gates.first { $0.metric == "wallTime" }?.verdict == .improved)
    }

    @Test("a change beyond the threshold that is not significant does not fail")
    func notSignificant() {
        var wild = F.caseResult(time: 1_150_000, phase: 1)
        let samples: [Double] = (0..<20).map { (index: Int) -> Double in
            let factor: Double = index % 2 == 0 ? 0.5 : 1.5
            return 1_150_000 * factor + Double(index)
        }
        wild = CaseResult(
            key: wild.key, status: .passed, checksum: wild.checksum, iterations: wild.iterations,
            metrics: [MetricResult(metric: .wallTime, samples: samples, seed: 1)], errors: [],
            sqlTrace: wild.sqlTrace)
        #expect(Self.compare([F.caseResult()], [wild]).regressions.isEmpty)
    }

    @Test("a changed checksum fails; added and removed cases are listed")
    func checksumAndCases() {
        let comparison = Self.compare(
            [F.caseResult(), F.caseResult("join")],
            [F.caseResult(checksum: "0x0000000000000001"), F.caseResult("per-row", statements: 11)])
        #expect(comparison.regressions.map(\.metric) == ["checksum"])
        #expect(comparison.added == [F.key("per-row")] && comparison.removed == [F.key("join")])
    }

    @Test("thresholds: per-benchmark override, report-only, tolerance, direction")
    func thresholds() {
        let loose = GateThresholds(
            benchmarks: ["fixture/lookups": ["wallTime": GateRule(threshold: 0.5)]])
        #expect(
            Self.compare([F.caseResult()], [F.caseResult(time: 1_300_000)], loose)
                .regressions.isEmpty)
        let reportOnly = GateThresholds(noisy: GateRule(gate: false))
        let shown = Self.compare([F.caseResult()], [F.caseResult(time: 1_300_000)], reportOnly)
        #expect(shown.regressions.isEmpty)
        #expect(shown.gates.contains { $0.metric == "wallTime" && $0.verdict == .regressed })
        // A tolerance relaxes counts; a statement that appeared is judged by the
        // statement gate, which only `gate: false` relaxes.
        let tolerant = GateThresholds(
            counters: GateRule(tolerance: 1.5), metrics: ["sql.fingerprints": GateRule(gate: false)]
        )
        let relaxed = Self.compare([F.caseResult()], [F.caseResult(statements: 2)], tolerant)
        #expect(relaxed.regressions.isEmpty)
        #expect(
            relaxed.gates.contains { $0.metric == "sql.fingerprints" && $0.verdict == .regressed })
        let larger = GateThresholds(metrics: ["wallTime": GateRule(direction: .largerIsBetter)])
        let flipped = Self.compare([F.caseResult()], [F.caseResult(time: 1_300_000)], larger)
        #expect(flipped.gates.first { $0.metric == "wallTime" }?.verdict == .improved)
    }

    @Test("a baseline keeps statistics, counters and traces, not samples")
    func baselineStripsSamples() {
        let results = F.run([F.caseResult(), F.caseResult("raw").recording(kind: .raw)])
        let baseline = Baseline.make(from: results, keepSamples: false)
        #expect(baseline.cases.map(\.configurationKind) == [nil, .raw])
        let metric = baseline.cases[0].metrics[0]
        #expect(metric.samples.isEmpty && metric.summary == results.cases[0].metrics[0].summary)
        #expect(baseline.cases[0].sqlTrace == results.cases[0].sqlTrace)
        #expect(Baseline.make(from: results, keepSamples: true).cases == results.cases)
        let slower = GateEvaluator().compare(
            baseline: baseline, current: F.run([F.caseResult(time: 1_300_000, phase: 1)]),
            name: "b")
        #expect(slower.regressions.map(\.metric) == ["wallTime"])
    }

    @Test("datasets with another content hash are reported as a change")
    func datasetChange() {
        let changes = Baseline.datasetChanges(
            baseline: F.run([], hash: "abc"), current: F.run([], hash: "def"))
        #expect(changes.count == 1 && changes[0].contains("abc") && changes[0].contains("def"))
        #expect(Baseline.datasetChanges(baseline: F.run([]), current: F.run([])).isEmpty)
    }

    @Test("Mann-Whitney: separated samples are significant, identical ones are not")
    func mannWhitney() {
        let low = (0..<10).map(Double.init)
        let high = low.map { $0 + 100 }
        let separated = MannWhitney(baseline: low, current: high)
        #expect(separated.pValue < 0.001 && separated.probabilityOfSuperiority == 1)
        let same = MannWhitney(baseline: low, current: low)
        #expect(same.pValue > 0.9 && same.probabilityOfSuperiority == 0.5)
    }
}
