import BenchKit
import Testing

@testable import BenchmarkSuites

/// Engine versus raw is the configuration's kind: the store opens by it, a body that
/// takes the other path fails, and every engine scenario declares its floor.
@Suite struct ConfigurationKindTests {
    static func state(_ configuration: BenchmarkConfiguration) throws -> SuiteState {
        _ = SuiteRun.datasets
        return try SuiteState(
            CaseContext(configuration: configuration, size: SuiteRun.size, seed: SuiteRun.seed))
    }

    @Test("the store opens raw or engine from the kind, whatever the name says")
    func storeFollowsKind() throws {
        let raw = try Self.state(BenchmarkConfiguration("engine-like", summary: "", kind: .raw))
        let engine = try Self.state(BenchmarkConfiguration("raw", summary: ""))
        #expect(raw.store.container == nil && raw.store.context == nil)
        #expect(engine.store.container != nil)
        #expect(try raw.raw { _ in 1 } == 1)
        #expect(try engine.engine { _ in 2 } == 2)
        #expect(throws: ConfigurationKindError.self) { try raw.engine { _ in 1 } }
        #expect(throws: ConfigurationKindError.self) { try engine.raw { _ in 1 } }
    }

    @Test(
        "every engine scenario has its raw floor, plus the same-SQL floor where issue 34 asks; the self-tests and reset have none"
    )
    func floors() {
        let floors = SuiteCatalog.all.flatMap(\.benchmarks).map { benchmark in
            (benchmark.id.description, benchmark.configurations.filter { $0.kind == .raw })
        }
        let names = Dictionary(uniqueKeysWithValues: floors.map { ($0, $1.map(\.name)) })
        let indexes = ["equality", "range", "prefix", "contains"].map { "indexes/\($0)" }
        let engine =
            [
                "faulting/posts-with-author", "batch-size/scroll", "batch-size/scan",
                "n-plus-one/user-post-counts", "n-plus-one/post-tags", "batch-ops/insert",
                "batch-ops/update", "batch-ops/delete", "materialize/read-two",
                "materialize/lookup",
                "materialize/to-many", "materialize/n-plus-one", "materialize/insert",
                "materialize/fetch-self", "contexts/merge-into-view-k1",
                "contexts/merge-into-view-k100",
                "contexts/merge-into-view-k10000", "contexts/child-vs-root-save",
                "contexts/history-merge",
                "live-results/update", "live-results/update-outside",
            ] + LayersSuite.suite.benchmarks.map(\.id.description)
        var expected = Dictionary(uniqueKeysWithValues: engine.map { ($0, ["raw"]) })
        for id in indexes { expected[id] = ["raw-indexed"] }
        // The engine's own statements run raw (docs/FLOOR.md), after the minimal floor.
        let sameSQL = [
            "materialize/read-two", "materialize/lookup", "materialize/to-many",
            "materialize/n-plus-one", "materialize/insert", "materialize/fetch-self",
            "faulting/posts-with-author",
            "batch-size/scroll", "batch-size/scan", "n-plus-one/user-post-counts",
            "n-plus-one/post-tags",
        ]
        for id in sameSQL { expected[id] = ["raw", "raw-same-sql"] }
        expected["selftest/sort"] = []
        expected["selftest-sql/author-lookups"] = []
        // Discarding objects has no SQL to compare with: its reference is the fetch.
        expected["materialize/reset"] = []
        // A lightweight change's floor is its statement by hand; deferral, a custom
        // mapping's chunking and staged stages have no hand-written equivalent.
        expected["migration/lightweight"] = ["raw-add-attribute", "raw-rename", "raw-add-index"]
        for id in ["migration/deferred", "migration/custom", "migration/staged"] {
            expected[id] = []
        }
        #expect(names == expected)
    }
}
