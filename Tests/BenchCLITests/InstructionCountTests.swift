import BenchKit
import Foundation
import Testing

/// `bench run --instructions`: each body's instructions counted under valgrind's
/// callgrind, the same number for the same binary and input on every run.
@Suite struct InstructionCountTests {
    /// Runs the built `bench` with `--instructions` on selftest and selftest-sql at 200
    /// and returns the instructions per case, by case.
    static func instructions() throws -> [String: Double] {
        let out = try BenchBinaryTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let status = try BenchBinaryTests.run(
            [
                "run", "--instructions", "--suite", "selftest,selftest-sql", "--sizes", "200",
                "--profile", "quick", "--warmup", "1", "--no-progress", "--out", out.path,
            ], limit: 6_000)
        try #require(status == 0)
        let results = try RunResults.read(from: out.appendingPathComponent("latest/results.json"))
        #expect(results.settings.countsInstructions == true)
        var counts: [String: Double] = [:]
        for result in results.cases {
            #expect(result.metric(.wallTime) == nil, "\(result.key) was timed under valgrind")
            let instructions = try #require(result.metric(.instructions))
            #expect(instructions.samples.count == 2)
            counts[result.key.description] = instructions.summary.median
        }
        return counts
    }

    @Test(
        "the same binary and input count the same instructions twice",
        .enabled(if: Callgrind.valgrindPath() != nil, "needs valgrind (scripts/ensure-deps)"))
    func deterministic() throws {
        let first = try Self.instructions()
        let second = try Self.instructions()
        #expect(first.count == 5)
        #expect(first == second)
        let inPlace = try #require(first["selftest/sort [in-place] 200"])
        let allocating = try #require(first["selftest/sort [allocating] 200"])
        #expect(inPlace > 1_000)
        #expect(allocating > inPlace, "allocating a sorted copy costs more than sorting in place")
    }
}
