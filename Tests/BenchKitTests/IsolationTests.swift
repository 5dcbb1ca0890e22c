import Foundation
import Testing

@testable import BenchKit

/// Cases in child processes: memory belongs to one case, a crash ends only its case.
/// The children are the BenchKitTestHost executable, built beside the test bundle.
@Suite struct IsolationTests {
    static func launcher() throws -> WorkerLauncher {
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let host = URL(fileURLWithPath: executable).deletingLastPathComponent()
            .appendingPathComponent("BenchKitTestHost")
        try #require(
            FileManager.default.isExecutableFile(atPath: host.path),
            "build BenchKitTestHost first (swift build)")
        return WorkerLauncher(executable: host, arguments: [])
    }

    /// The configurations of the host's `fixture/memory`.
    enum Memory: String, NamedVariant {
        case large, small
    }

    /// The configurations of the host's `fixture/crash`.
    enum Crash: String, NamedVariant {
        case healthy, crashing
    }

    /// The parent's view of the host's fixture `scenario`: its ID and configurations;
    /// the child runs its own body.
    static func run<Variant: NamedVariant>(_ scenario: String, _ variants: Variant.Type) throws
        -> RunResults
    {
        let benchmark = Fixtures.benchmark(scenario, variants, sizes: [1])
        let limits = RunLimits(
            warmupIterations: 0, maxIterations: 2, maxTime: 60, instrumentedIterations: 1)
        let runner = Runner(limits: limits, seed: 1, isolation: .childProcess(try launcher()))
        return Fixtures.results(runner.run(RunPlan(benchmarks: [benchmark])), isolated: true)
    }

    @Test("a case that touches 500 MB does not raise the next case's peak RSS")
    func peakResidentMemoryIsPerCase() throws {
        let results = try Self.run("memory", Memory.self)
        let large = try #require(results.cases.first { $0.key.configuration == "large" })
        let small = try #require(results.cases.first { $0.key.configuration == "small" })
        #expect(large.status == .passed && small.status == .passed)
        let largePeak = try #require(large.metric(.peakResidentMemory)?.summary.min)
        let smallPeak = try #require(small.metric(.peakResidentMemory)?.summary.max)
        #expect(largePeak > 500_000_000)
        #expect(smallPeak < 150_000_000)
        #expect(try #require(large.metric(.peakAllocated)?.summary.min) >= 500_000_000)
    }

    @Test("a crashing child fails its case and the other configuration still passes")
    func crashIsRecorded() throws {
        let results = try Self.run("crash", Crash.self)
        let healthy = try #require(results.cases.first { $0.key.configuration == "healthy" })
        let crashing = try #require(results.cases.first { $0.key.configuration == "crashing" })
        #expect(healthy.status == .passed)
        #expect(healthy.metric(.wallTime)?.samples.count == 2)
        #expect(crashing.status == .failed)
        #expect(crashing.errors.first?.contains("crashed with signal") == true)
        #expect(results.isFailed)
    }
}
