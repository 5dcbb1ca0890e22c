import Foundation
import Testing

@testable import BenchKit

/// `bench run --instructions`: each body's instructions counted under valgrind's
/// callgrind, the same number for the same binary and input on every run.
@Suite struct InstructionCountTests {
    /// Runs the built `bench` with `--instructions` on selftest and selftest-sql at 200
    /// and returns the instructions per case, by case.
    /// - Parameter profiles: Passed as `--callgrind-out`.
    static func instructions(keepingProfilesIn profiles: URL? = nil) throws -> [String: Double] {
        let out = try BenchBinaryTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let status = try BenchBinaryTests.run(
            [
                "run", "--instructions", "--suite", "selftest,selftest-sql", "--sizes", "200",
                "--profile", "quick", "--warmup", "1", "--no-progress", "--out", out.path,
            ] + (profiles.map { ["--callgrind-out", $0.path] } ?? []), limit: 6_000,
            // As in the CI gate: with jemalloc's thread cache on, a body's frees cost
            // what the heap's layout makes them cost, and each run's temporary paths
            // shift it (selftest-sql/author-lookups [per-row] at 200 moved by 2,025 of
            // 2.49 million; docs/GATES.md).
            environment: ["MALLOC_CONF": "tcache:false"])
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
        #expect(first.keys.sorted() == second.keys.sorted())
        for (key, count) in first {
            // Every case can move by a few instructions to a few hundred (under 0.05%):
            // copies whose direction depends on heap addresses (sorting merges through
            // them too; CI once saw the debug build's sorts move by 4 and 31.5 of 2.4
            // and 2.9 million), which the process's earlier allocations shift, even
            // with the thread cache off (docs/GATES.md). The CI gate's tolerance is 1%.
            let tolerance = count * 0.000_5
            #expect(abs(count - (second[key] ?? 0)) <= tolerance, "\(key)")
        }
        let inPlace = try #require(first["selftest/sort [in-place] 200"])
        let allocating = try #require(first["selftest/sort [allocating] 200"])
        #expect(inPlace > 1_000)
        #expect(allocating > inPlace, "allocating a sorted copy costs more than sorting in place")
    }

    @Test(
        "--callgrind-out keeps each counted body's profile, whose totals are the counts",
        .enabled(if: Callgrind.valgrindPath() != nil, "needs valgrind (scripts/ensure-deps)"))
    func keptProfiles() throws {
        let profiles = try BenchBinaryTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: profiles) }
        let counts = try Self.instructions(keepingProfilesIn: profiles)
        for configuration in ["in-place", "allocating"] {
            let totals = try (1...2).map { iteration in
                let profile = try String(
                    contentsOf: profiles.appendingPathComponent(
                        "selftest/sort--\(configuration)--200.\(iteration).callgrind"),
                    encoding: .utf8)
                #expect(profile.contains("events: Ir"))
                #expect(profile.contains("fn="), "function-level costs, for callgrind_annotate")
                return try #require(InstructionCounter.totals(in: profile))
            }
            #expect((totals[0] + totals[1]) / 2 == counts["selftest/sort [\(configuration)] 200"])
        }
        let sql = try FileManager.default.contentsOfDirectory(
            atPath: profiles.appendingPathComponent("selftest-sql").path)
        #expect(sql.count == 6, "three configurations, two counted iterations each: \(sql)")
    }
}
