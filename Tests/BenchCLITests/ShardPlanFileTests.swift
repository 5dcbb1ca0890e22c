import BenchKit
import BenchmarkSuites
import Foundation
import TestSupport
import Testing

@testable import bench

/// `bench plan --out FILE` and `bench run --shard-plan FILE --shard I`: the plan file's
/// exact text, its round trip, the shards it gives the run, and every refusal.
@Suite struct ShardPlanFileTests {
    static let selection = ["--suite", "selftest,selftest-sql,faulting", "--sizes", "10k"]

    /// Writes the 3-shard plan of ``selection`` into `directory` and returns its path.
    static func writePlan(in directory: TemporaryDirectory) -> String {
        let path = directory.path("plan.json")
        let (status, text) = BenchToolTests.main(
            ["plan", "--shards", "3", "--out", path] + selection)
        #expect(status == 0)
        #expect(
            text.contains("# then: bench run … --shard-plan \(path) --shard ${{ matrix.shard }}"))
        return path
    }

    @Test("the file: sorted keys, groups in run order, totals; read back equal")
    func roundTrip() throws {
        let plan = ShardPlan(
            groups: [("s/a", 10), ("s/b", 10), ("s/c", 20)], count: 2,
            costs: ShardCosts(caseCounts: [
                ShardCosts.key("s/a", 10): 5, ShardCosts.key("s/b", 10): 3,
                ShardCosts.key("s/c", 20): 2,
            ]))
        #expect(
            String(decoding: plan.jsonData(), as: UTF8.self) == """
                {
                  "format" : "faultline-shard-plan",
                  "groups" : [
                    {
                      "benchmark" : "s/a",
                      "cost" : 5,
                      "shard" : 1,
                      "size" : 10
                    },
                    {
                      "benchmark" : "s/b",
                      "cost" : 3,
                      "shard" : 2,
                      "size" : 10
                    },
                    {
                      "benchmark" : "s/c",
                      "cost" : 2,
                      "shard" : 2,
                      "size" : 20
                    }
                  ],
                  "predictedTotals" : [
                    5,
                    5
                  ],
                  "shards" : 2,
                  "unit" : "cases",
                  "version" : 1
                }
                """)
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("plan.json")
        try plan.jsonData().write(to: url)
        #expect(try ShardPlan.read(from: url) == plan)
    }

    @Test("bench run --shard-plan FILE --shard I runs exactly shard I's groups")
    func runsItsShard() throws {
        let directory = try TemporaryDirectory()
        let path = Self.writePlan(in: directory)
        let plan = try ShardPlan.read(from: URL(fileURLWithPath: path))
        var seen: [String] = []
        for (index, spelling) in ["1", "2/3", "3"].enumerated() {
            let options = try ArgumentParserTests.options(
                Self.selection + ["--shard-plan", path, "--shard", spelling])
            #expect(options.request.shard == Shard(index: index + 1, count: 3))
            let session = try RunSession(
                options.request, suites: SuiteCatalog.all, host: HostFacts.current())
            let groups = session.plan.groups.map { "\($0.benchmark.id)@\($0.size)" }
            #expect(
                groups
                    == plan.entries.filter { $0.shard == index + 1 }.map {
                        "\($0.benchmark)@\($0.size)"
                    })
            seen += groups
        }
        #expect(seen.sorted() == plan.entries.map { "\($0.benchmark)@\($0.size)" }.sorted())
    }

    @Test("a plan of other cases, a shard past the plan, another count: exit 2, said plainly")
    func refusals() throws {
        let directory = try TemporaryDirectory()
        let path = Self.writePlan(in: directory)
        let other = BenchToolTests.main(
            "run", "--suite", "selftest", "--sizes", "10k", "--shard-plan", path, "--shard", "1")
        #expect(other.status == 2)
        #expect(
            other.text.hasPrefix(
                "error: --shard-plan does not match this run's cases: "))
        #expect(other.text.contains("2 group(s) of the plan not in this run ("))
        #expect(other.text.contains("selftest-sql/author-lookups@10000"))
        #expect(other.text.contains("faulting/posts-with-author@10000"))
        let bigger = BenchToolTests.main(
            ["run", "--shard-plan", path, "--shard", "4"] + Self.selection)
        #expect(bigger.status == 2)
        #expect(bigger.text.hasPrefix("error: --shard 4: the plan \(path) has shards 1 to 3"))
        let count = BenchToolTests.main(
            ["run", "--shard-plan", path, "--shard", "2/4"] + Self.selection)
        #expect(count.status == 2)
        #expect(count.text.hasPrefix("error: --shard 2/4: the plan \(path) has 3 shards, not 4"))
        let both = BenchToolTests.main(
            ["run", "--shard-plan", path, "--shard", "1", "--shard-costs", path] + Self.selection)
        #expect(both.status == 2)
        #expect(both.text.hasPrefix("error: --shard-costs and --shard-plan exclude each other"))
    }

    @Test(
        "a file that is not a plan: another format, version, a shard out of range, a group twice")
    func badFiles() throws {
        let directory = try TemporaryDirectory()
        func group(_ shard: Int, _ benchmark: String = "s/a") -> String {
            #"{"benchmark": "\#(benchmark)", "size": 10, "shard": \#(shard), "cost": 1}"#
        }
        let cases: [(String, String)] = [
            (
                #"{"format": "x", "version": 1, "shards": 2, "unit": "cases", "groups": []}"#,
                "format 'x', not a shard plan (faultline-shard-plan)"
            ),
            (
                #"{"format": "faultline-shard-plan", "version": 9, "shards": 2, "unit": "cases", "groups": []}"#,
                "version 9; this bench reads 1"
            ),
            (
                #"{"format": "faultline-shard-plan", "version": 1, "shards": 2, "unit": "cases", "groups": [\#(group(3))]}"#,
                "s/a @10 in shard 3 of 2"
            ),
            (
                #"{"format": "faultline-shard-plan", "version": 1, "shards": 2, "unit": "cases", "groups": [\#(group(1)), \#(group(2))]}"#,
                "s/a @10 listed twice"
            ),
            (#"{"format": "faultline-shard-plan""#, "fix the JSON"),
        ]
        for (text, reason) in cases {
            let url = directory.url.appendingPathComponent("bad.json")
            try Data(text.utf8).write(to: url)
            #expect(throws: ResultsFileError.self) { try ShardPlan.read(from: url) }
            do {
                _ = try ShardPlan.read(from: url)
            } catch {
                #expect("\(error)".contains(reason), "\(error)")
            }
            let run = BenchToolTests.main(
                ["run", "--shard-plan", url.path, "--shard", "1"] + Self.selection)
            #expect(run.status == 2)
            #expect(run.text.hasPrefix("error: --shard-plan: cannot read \(url.path): "))
        }
    }
}
