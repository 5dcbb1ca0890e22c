import Testing

@testable import BenchKit

/// Shards of a run, merged, cover exactly the cases of the whole run.
@Suite struct ShardMergeTests {
    let benchmarks = [
        Fixtures.benchmark("first", sizes: [10, 20, 30]),
        Fixtures.benchmark("second", Trio.self, sizes: [5, 6]),
    ]

    @Test("shard 1/2 + 2/2 merged give the same cases as one run", arguments: [2, 3])
    func shardsCoverTheRun(count: Int) throws {
        let whole = Fixtures.run(benchmarks)
        let parts = (1...count).map { index in
            (
                path: "shard\(index)",
                results: Fixtures.run(benchmarks, shard: Shard(index: index, count: count))
            )
        }
        #expect(parts.allSatisfy { !$0.results.cases.isEmpty })
        let merged = try RunResults.merged(parts)
        #expect(Set(merged.cases.map(\.key)) == Set(whole.cases.map(\.key)))
        #expect(merged.cases.count == whole.cases.count)
        #expect(!merged.isPartial)
        #expect(merged.shards.map(\.index) == Array(1...count))
        #expect(merged.settings.shard == nil)
        #expect(Set(merged.cases.map(\.checksum)) == Set(whole.cases.map(\.checksum)))
        // Wall time is never zero, so every configuration has a wall-time ratio; metrics
        // such as CPU system time can have a zero reference median in one run and not
        // in another, which leaves their ratio out.
        let wallRatios = { (results: RunResults) in
            Set(
                results.analysis.ratios.filter { $0.metric == Metric.wallTime.name }
                    .map { "\($0.benchmark)#\($0.size)#\($0.configuration)/\($0.reference)" })
        }
        #expect(wallRatios(merged) == wallRatios(whole))
        // "first": 1 non-reference configuration x 3 sizes; "second": 2 x 2 sizes.
        #expect(wallRatios(whole).count == 1 * 3 + 2 * 2)
    }

    @Test("what shards left out is kept once in the merge")
    func leftOutMerged() throws {
        var first = Fixtures.run(benchmarks, shard: Shard(index: 1, count: 2))
        var second = Fixtures.run(benchmarks, shard: Shard(index: 2, count: 2))
        first.leftOut = ["Book.cover left out: a", "Book.spine left out: b"]
        second.leftOut = ["Book.spine left out: b", "insert-Book left out: c"]
        let merged = try RunResults.merged([
            (path: "1", results: first), (path: "2", results: second),
        ])
        #expect(
            merged.leftOut == [
                "Book.cover left out: a", "Book.spine left out: b", "insert-Book left out: c",
            ])
        second.leftOut = nil
        first.leftOut = nil
        #expect(
            try RunResults.merged([(path: "1", results: first), (path: "2", results: second)])
                .leftOut == nil)
    }

    @Test("a missing shard makes the merge partial")
    func missingShard() throws {
        let only = Fixtures.run(benchmarks, shard: Shard(index: 1, count: 2))
        let merged = try RunResults.merged([(path: "one", results: only)])
        #expect(merged.isPartial)
    }

    @Test("the same shard twice is refused, naming the file")
    func duplicateShard() {
        let shard = Fixtures.run(benchmarks, shard: Shard(index: 1, count: 2))
        #expect(throws: ResultsFileError.self) {
            try RunResults.merged([(path: "a", results: shard), (path: "b", results: shard)])
        }
    }

    @Test("parts with different settings are refused")
    func differentSettings() throws {
        let first = Fixtures.run(benchmarks, shard: Shard(index: 1, count: 2))
        var second = Fixtures.run(benchmarks, shard: Shard(index: 2, count: 2))
        second.settings.seed = 7
        do {
            _ = try RunResults.merged([(path: "a", results: first), (path: "b", results: second)])
            Issue.record("merge accepted different settings")
        } catch let error as ResultsFileError {
            #expect(error.path == "b")
            #expect(error.reason.contains("settings differ"))
        }
    }

    @Test("a checksum mismatch found in a shard survives the merge")
    func mismatchAcrossShards() throws {
        let benchmark = Fixtures.benchmark("split", Pair.self, sizes: [1, 2]) { variant, size in
            size == 2 && variant == .b ? 99 : UInt64(size)
        }
        let parts = (1...2).map {
            (path: "\($0)", results: Fixtures.run([benchmark], shard: Shard(index: $0, count: 2)))
        }
        let merged = try RunResults.merged(parts)
        #expect(merged.checksumMismatches.map(\.size) == [2])
        #expect(merged.isFailed)
    }
}
