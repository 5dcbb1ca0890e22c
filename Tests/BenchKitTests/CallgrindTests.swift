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
}
