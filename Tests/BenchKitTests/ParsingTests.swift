import Testing

@testable import BenchKit

/// Sizes, shards, globs and IDs as the command line spells them.
@Suite struct ParsingTests {
    @Test("short size names")
    func shortSizes() {
        #expect(SizeFormat.short(10_000) == "10k")
        #expect(SizeFormat.short(1_000_000) == "1m")
        #expect(SizeFormat.short(1_500) == "1500")
    }

    @Test("shards select every n-th position")
    func shards() throws {
        let shard = try #require(Shard(parsing: "2/3"))
        #expect((0..<7).filter(shard.includes) == [1, 4])
        for bad in ["0/3", "4/3", "1/0", "a/b", "1", "1/2/3", ""] {
            #expect(Shard(parsing: bad) == nil, "\(bad)")
        }
    }

    @Test("globs match whole IDs")
    func globs() {
        #expect(Glob("selftest/*").matches("selftest/sort"))
        #expect(Glob("*sort*").matches("selftest/sort"))
        #expect(Glob("self?est/sort").matches("selftest/sort"))
        #expect(!Glob("selftest").matches("selftest/sort"))
        #expect(!Glob("fetch*").matches("selftest/sort"))
        #expect(Glob("*").matches(""))
    }

    @Test("benchmark IDs round-trip through their text")
    func benchmarkIDs() {
        #expect(BenchmarkID(parsing: "a/b") == BenchmarkID(suite: "a", scenario: "b"))
        #expect(BenchmarkID(parsing: "a/b/c") == nil)
        #expect(BenchmarkID(parsing: "/b") == nil)
    }
}
