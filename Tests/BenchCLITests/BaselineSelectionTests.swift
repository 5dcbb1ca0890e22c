import BenchKit
import Foundation
import TestSupport
import Testing

/// Baselines of several environments side by side (`ci.json`, `ci.env-<id>.json`):
/// `bench baseline update` replaces only its environment's file, `bench compare` picks
/// the file of the run's environment, and says plainly when none was recorded in it.
@Suite struct BaselineSelectionTests {
    typealias E = EnvironmentGateTests

    /// A run on `toolchain` counting `allocations` and `statements`.
    static func run(_ toolchain: String, allocations: Double, statements: Int = 1) -> RunResults {
        E.run([E.counted(allocations: allocations, statements: statements)], toolchain: toolchain)
    }

    /// `bench baseline update --from <results> --dir <directory> --name ci`.
    static func update(_ results: RunResults, in directory: TemporaryDirectory) throws -> (
        status: Int32, text: String
    ) {
        let file = try GateFixtures.write(results, "run.json", in: directory.url)
        return BenchToolTests.main(
            "baseline", "update", "--from", file, "--dir", directory.path("baselines"), "--name",
            "ci")
    }

    static func files(in directory: TemporaryDirectory) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path("baselines")).sorted()
    }

    static func allocations(in path: String) throws -> Double? {
        try RunResults.read(from: URL(fileURLWithPath: path)).cases.first?.metric(.allocations)?
            .summary.median
    }

    @Test("update adds a file for a new environment, replaces only its own, keeps the others")
    func update() throws {
        let directory = try TemporaryDirectory()
        let primary = directory.path("baselines/ci.json")
        let first = try Self.update(Self.run("6.3.1", allocations: 100), in: directory)
        #expect(first.status == 0)
        #expect(first.text.hasPrefix("baseline: \(primary) (1 cases from "))
        let newer = Self.run("6.3.2", allocations: 200)
        let sibling = BaselineSet.path(
            for: CounterEnvironment(newer.environment), beside: primary)
        #expect(sibling.hasPrefix(directory.path("baselines/ci.env-")))
        #expect(sibling.count == primary.count + ".env-".count + 12)
        let second = try Self.update(newer, in: directory)
        #expect(second.status == 0)
        #expect(second.text.hasPrefix("baseline: \(sibling) "))
        #expect(second.text.contains("\nkept, other environments: \(primary)"))
        let third = try Self.update(Self.run("6.3.2", allocations: 210), in: directory)
        #expect(third.status == 0 && third.text.hasPrefix("baseline: \(sibling) "))
        #expect(try Self.files(in: directory).count == 2)
        #expect(try Self.allocations(in: primary) == 100)
        #expect(try Self.allocations(in: sibling) == 210)
        let refresh = try Self.update(Self.run("6.3.1", allocations: 90), in: directory)
        #expect(refresh.text.hasPrefix("baseline: \(primary) "))
        #expect(try Self.allocations(in: primary) == 90)
        #expect(try Self.allocations(in: sibling) == 210)
    }

    @Test("compare picks the baseline of the run's environment and gates its allocations")
    func picksMatching() throws {
        let directory = try TemporaryDirectory()
        _ = try Self.update(Self.run("6.3.1", allocations: 100), in: directory)
        _ = try Self.update(Self.run("6.3.2", allocations: 200), in: directory)
        let primary = directory.path("baselines/ci.json")
        let check = try GateCheck(baseline: primary, thresholds: nil, allowsDatasetChange: false)
        #expect(check.baselines.members.count == 2)
        let same = try check.apply(to: Self.run("6.3.2", allocations: 200))
        let sibling = BaselineSet.path(
            for: CounterEnvironment(Self.run("6.3.2", allocations: 0).environment),
            beside: primary)
        #expect(same.comparison?.baseline == sibling)
        #expect(same.comparison?.environmentChanges == nil)
        #expect(same.comparison?.regressions.isEmpty == true)
        let worse = try check.apply(to: Self.run("6.3.2", allocations: 220))
        #expect(worse.comparison?.regressions.map(\.metric) == ["allocations"])
        let old = try check.apply(to: Self.run("6.3.1", allocations: 100))
        #expect(old.comparison?.baseline == primary)
        #expect(old.comparison?.regressions.isEmpty == true)

        let file = try GateFixtures.write(
            Self.run("6.3.2", allocations: 220), "current.json", in: directory.url)
        let compare = BenchToolTests.main(
            "compare", primary, file, "--out", directory.path("reports"))
        #expect(compare.status == 1)
        #expect(
            compare.text.contains(
                "baseline \(sibling) picked of 2: recorded in this environment (Swift "))
    }

    @Test("no baseline of this environment: said plainly, counters reported, statements gated")
    func noneMatches() throws {
        let directory = try TemporaryDirectory()
        _ = try Self.update(Self.run("6.3.1", allocations: 100), in: directory)
        _ = try Self.update(Self.run("6.3.2", allocations: 200), in: directory)
        let primary = directory.path("baselines/ci.json")
        let check = try GateCheck(baseline: primary, thresholds: nil, allowsDatasetChange: false)
        let other = try check.apply(to: Self.run("6.4.0", allocations: 500))
        #expect(other.comparison?.baseline == primary)
        #expect(other.comparison?.regressions.isEmpty == true)
        #expect(
            other.comparison?.environmentChanges == [
                "toolchain 6.3.1 in the baseline, 6.4.0 now"
            ])
        let choice = try #require(other.comparison?.baselineChoice)
        #expect(choice.hasPrefix("no baseline recorded in this environment (Swift "))
        #expect(
            choice.hasSuffix(
                "among 2 (\(primary), \(BaselineSet.siblings(of: primary)[0])); compared with "
                    + "\(primary): allocations and instructions reported, not gated; record one "
                    + "with 'bench baseline update'"))
        let statement = try check.apply(to: Self.run("6.4.0", allocations: 500, statements: 2))
        #expect(
            statement.comparison?.regressions.contains { $0.metric == "sql.statements" } == true)
        #expect(statement.comparison?.regressions.contains { $0.metric == "allocations" } == false)

        let file = try GateFixtures.write(
            Self.run("6.4.0", allocations: 500), "current.json", in: directory.url)
        let compare = BenchToolTests.main(
            "compare", primary, file, "--out", directory.path("reports"))
        #expect(compare.status == 0)
        #expect(compare.text.contains("\nno baseline recorded in this environment"))
        #expect(compare.text.contains("\nallocations and instructions: reported, not gated"))
    }

    @Test("one baseline file: no choice line, gated as before")
    func singleFile() throws {
        let directory = try TemporaryDirectory()
        _ = try Self.update(Self.run("6.3.1", allocations: 100), in: directory)
        let check = try GateCheck(
            baseline: directory.path("baselines/ci.json"), thresholds: nil,
            allowsDatasetChange: false)
        let same = try check.apply(to: Self.run("6.3.1", allocations: 120))
        #expect(same.comparison?.baselineChoice == nil)
        #expect(same.comparison?.regressions.map(\.metric) == ["allocations"])
        let other = try check.apply(to: Self.run("6.3.2", allocations: 120))
        #expect(other.comparison?.baselineChoice == nil)
        #expect(other.comparison?.regressions.isEmpty == true)
    }
}
