import BenchKit
import Foundation
import Testing

/// Baselines that know their environment: allocation and instruction counts gate only
/// against a baseline from the same toolchain, SQLite, libc, allocator and
/// architecture (or with `--gate-across-environments`); statement counts gate always,
/// and the comparison says plainly what differs.
@Suite struct EnvironmentGateTests {
    typealias F = GateFixtures

    /// A case with `allocations` and `statements`, constant samples.
    static func counted(allocations: Double, statements: Int = 1) -> CaseResult {
        let base = F.caseResult(statements: statements)
        return CaseResult(
            key: base.key, status: .passed, checksum: base.checksum, iterations: base.iterations,
            metrics: base.metrics + [
                MetricResult(metric: .allocations, samples: [allocations, allocations], seed: 1),
                MetricResult(metric: .instructions, samples: [1_000_000], seed: 1),
            ], errors: [], sqlTrace: base.sqlTrace)
    }

    static func run(_ cases: [CaseResult], toolchain: String?, libc: String? = "glibc 2.36")
        -> RunResults
    {
        var results = F.run(cases)
        results.environment.toolchain = toolchain
        results.environment.libc = libc
        results.environment.architecture = toolchain == nil ? nil : "x86_64"
        results.environment.sqliteVersion = "3.40.1"
        return results
    }

    @Test("another toolchain: +10% allocations reported, not gated; +1 statement still fails")
    func otherToolchain() throws {
        let baseline = Self.run([Self.counted(allocations: 100)], toolchain: "6.3.1")
        let current = Self.run([Self.counted(allocations: 110, statements: 2)], toolchain: "6.3.2")
        let comparison = GateEvaluator().compare(baseline: baseline, current: current, name: "b")
        #expect(comparison.environmentChanges == ["toolchain 6.3.1 in the baseline, 6.3.2 now"])
        let allocations = try #require(comparison.gates.first { $0.metric == "allocations" })
        #expect(allocations.verdict == .regressed && !allocations.isGating)
        #expect(
            allocations.message.hasSuffix(
                "(not gated: the baseline is from another environment: toolchain 6.3.1 in the baseline, 6.3.2 now)"
            ))
        #expect(Set(comparison.regressions.map(\.metric)).isSuperset(of: ["sql.statements"]))
        #expect(!comparison.regressions.contains { $0.metric == "allocations" })
        let forced = GateEvaluator(gatesAcrossEnvironments: true).compare(
            baseline: baseline, current: current, name: "b")
        #expect(forced.regressions.contains { $0.metric == "allocations" })
    }

    @Test("the same environment gates allocations; an older baseline without the facts still gates")
    func sameEnvironment() {
        let current = Self.run([Self.counted(allocations: 110)], toolchain: "6.3.1")
        for baseline in [
            Self.run([Self.counted(allocations: 100)], toolchain: "6.3.1"),
            Self.run([Self.counted(allocations: 100)], toolchain: nil, libc: nil),
        ] {
            let comparison = GateEvaluator().compare(
                baseline: baseline, current: current, name: "b")
            #expect(comparison.environmentChanges == nil)
            #expect(comparison.regressions.map(\.metric) == ["allocations"])
        }
    }

    @Test("a run records its toolchain, libc and architecture, and they survive the file")
    func recorded() throws {
        let environment = RunEnvironment.capture(sqliteVersion: "3.40.1")
        #expect(environment.libc?.hasPrefix("glibc ") == true)
        #expect(environment.architecture == "x86_64" || environment.architecture == "arm64")
        #expect(environment.toolchain?.isEmpty == false)
        let facts = CounterEnvironment(environment).description
        #expect(facts.hasPrefix("Swift ") && facts.contains("SQLite 3.40.1, libc glibc "))
        let decoded = try JSONDecoder().decode(
            RunEnvironment.self, from: JSONEncoder().encode(environment))
        #expect(decoded == environment)
    }
}
