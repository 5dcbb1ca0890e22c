import Foundation
import Testing

@testable import BenchKit

/// The callgrind probe's parts that run without valgrind; the counts themselves are
/// proved end to end in BenchCLITests' `InstructionCountTests`.
@Suite struct CallgrindTests {
    @Test("a counted iteration outside valgrind fails its case and says why")
    func outsideValgrind() throws {
        let benchmark = Fixtures.benchmark("counted", sizes: [1])
        let limits = RunLimits(
            warmupIterations: 0, maxIterations: 1, maxTime: 60, instrumentedIterations: 1)
        let runner = Runner(
            limits: limits, seed: 1, isolation: .inProcess, countsInstructions: true)
        let result = try #require(runner.run(RunPlan(benchmarks: [benchmark])).cases.first)
        #expect(result.status == .failed)
        let error = try #require(result.errors.first)
        #expect(error.contains("need the main thread of a worker under valgrind's"))
    }

    @Test("totals come from a callgrind dump's totals line")
    func totals() {
        let dump = "version: 1\nevents: Ir\nsummary: 6000\ntotals: 12020\n"
        #expect(InstructionCounter.totals(in: dump) == 12_020)
        #expect(InstructionCounter.totals(in: "events: Ir\n") == nil)
    }

    @Test("counted workers get jemalloc's time-based purging off, after the user's options")
    func allocatorOptions() throws {
        #expect(
            Callgrind.deterministicAllocatorOptions(after: nil)
                == "dirty_decay_ms:-1,muzzy_decay_ms:-1")
        #expect(
            Callgrind.deterministicAllocatorOptions(after: "narenas:1")
                == "narenas:1,dirty_decay_ms:-1,muzzy_decay_ms:-1")
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("callgrind-test-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: directory) }
        let launcher = try Callgrind.launcher(
            wrapping: WorkerLauncher(
                executable: URL(fileURLWithPath: "/bin/true"), arguments: [],
                environment: ["MALLOC_CONF": "narenas:2"]),
            valgrind: "/usr/bin/valgrind", outputDirectory: directory)
        #expect(
            launcher.environment["MALLOC_CONF"] == "narenas:2,dirty_decay_ms:-1,muzzy_decay_ms:-1")
        #expect(launcher.environment["SWIFT_DETERMINISTIC_HASHING"] == "1")
    }
}
