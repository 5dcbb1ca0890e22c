import BenchKit
import ObjectGraph
import ObjectGraphData
import SQLiteDB
import Workloads

/// The read scenarios of `layers`, each over every post of the dataset and checksummed
/// on the titles and likes read (or the keys, for `identifiers`):
///
/// - `fetch-wide`: whole rows (`fetch(_:)` vs `context.fetch(Post.fetchRequest())` vs a
///   SELECT of every column); `fetch-narrow`: the same with `propertiesToFetch`
///   title and likes (vs a SELECT of those two).
/// - `identifiers`: `fetchIdentifiers` vs `fetchObjectIDs` vs a SELECT of `Z_PK`.
/// - `iterate-plain`, `iterate-batched`, `iterate-enumerate`: reading each title by a
///   plain fetch, by `fetch(_:batchSize: 5,000)` (`fetchBatchSize` 5,000) and by
///   `enumerate(_:)` (default batch 5,000; its `coredata` counterpart is the batched
///   fetch it runs); `raw` is one SELECT of the titles for all three.
enum LayersFetch {
    /// The batch of the batched and enumerated reads: SwiftData's `enumerate` default.
    static let batchSize = 5_000

    static let wide = scenario("fetch-wide", "Fetches every post (whole rows), reads 2 values") {
        state, layer in
        switch layer {
        case .coredata:
            try state.suite.engine { try checksum(try $0.fetch(Post.fetchRequest())) }
        case .swiftdata:
            try state.swiftData { try checksum(try $0.fetch(FetchDescriptor<Post>())) }
        case .raw:
            try state.suite.raw { try rawTitlesAndLikes($0, columns: allColumns) }
        }
    }

    static let narrow = scenario(
        "fetch-narrow", "Fetches every post's title and likes only (propertiesToFetch)"
    ) { state, layer in
        switch layer {
        case .coredata:
            try state.suite.engine { context in
                let request = Post.fetchRequest()
                request.propertiesToFetch = ["title", "likes"]
                return try checksum(try context.fetch(request))
            }
        case .swiftdata:
            try state.swiftData { context in
                var descriptor = FetchDescriptor<Post>()
                descriptor.propertiesToFetch = [\.title, \.likes]
                return try checksum(try context.fetch(descriptor))
            }
        case .raw:
            try state.suite.raw { try rawTitlesAndLikes($0, columns: "t0.ZTITLE, t0.ZLIKES") }
        }
    }

    static let identifiers = scenario("identifiers", "Fetches every post's identifier") {
        state, layer in
        switch layer {
        case .coredata:
            try state.suite.engine { keys(try $0.fetchObjectIDs(Post.fetchRequest())) }
        case .swiftdata:
            try state.swiftData { keys(try $0.fetchIdentifiers(FetchDescriptor<Post>())) }
        case .raw:
            try state.suite.raw { connection in
                var checksum = Checksum()
                try connection.forEachRow("SELECT 0, t0.Z_PK FROM ZPOST t0") {
                    checksum.combine(Int($0.int64(at: 1)))
                }
                return checksum.value
            }
        }
    }

    static let plain = iterate("iterate-plain", "Reads every title through a plain fetch") {
        model in
        titles(try model.fetch(FetchDescriptor<Post>()))
    } coreData: { context in
        titles(try context.fetch(Post.fetchRequest()))
    }

    static let batched = iterate(
        "iterate-batched", "Reads every title through a fetch batched by 5,000"
    ) { model in
        titles(try model.fetch(FetchDescriptor<Post>(), batchSize: batchSize))
    } coreData: { context in
        titles(try context.fetch(batchedRequest()))
    }

    static let enumerate = iterate(
        "iterate-enumerate", "Reads every title through enumerate (batches of 5,000)"
    ) { model in
        var total: UInt64 = 0
        try model.enumerate(FetchDescriptor<Post>()) { total &+= digest($0.title ?? "") }
        return total
    } coreData: { context in
        titles(try context.fetch(batchedRequest()))
    }

    // MARK: - Building scenarios

    private static func scenario(
        _ name: String, _ summary: String,
        _ body: @escaping @Sendable (LayersState, LayersSuite.Layer) throws -> UInt64
    ) -> BenchmarkScenario {
        BenchmarkScenario(
            name, summary: summary, variants: LayersSuite.Layer.self, setup: LayersState.init,
            reset: { state, _ in try state.resetContexts() },
            body: { state, layer in try body(state, layer) })
    }

    private static func iterate(
        _ name: String, _ summary: String,
        swiftData: @escaping @Sendable (ModelContext) throws -> UInt64,
        coreData: @escaping @Sendable (ManagedObjectContext) throws -> UInt64
    ) -> BenchmarkScenario {
        scenario(name, summary) { state, layer in
            switch layer {
            case .coredata: try state.suite.engine(coreData)
            case .swiftdata: try state.swiftData(swiftData)
            case .raw:
                try state.suite.raw { connection in
                    var total: UInt64 = 0
                    try connection.forEachRow("SELECT t0.ZTITLE FROM ZPOST t0") {
                        total &+= digest($0.string(at: 0))
                    }
                    return total
                }
            }
        }
    }

    // MARK: - Reading

    private static func batchedRequest() -> FetchRequest<Post> {
        let request = Post.fetchRequest()
        request.fetchBatchSize = batchSize
        return request
    }

    private static func checksum<Posts: Sequence<Post>>(_ posts: Posts) throws -> UInt64 {
        var checksum = Checksum()
        for post in posts {
            checksum.combine(post.title ?? "")
            checksum.combine(Int(post.likes))
        }
        return checksum.value
    }

    /// The sum of the titles' digests: a batched fetch without sort descriptors returns
    /// its IDs in the order of the index SQLite scans, not the table's, so the iterate
    /// scenarios' checksums do not depend on order.
    private static func titles<Posts: Sequence<Post>>(_ posts: Posts) -> UInt64 {
        var total: UInt64 = 0
        for post in posts { total &+= digest(post.title ?? "") }
        return total
    }

    private static func digest(_ title: String) -> UInt64 {
        var checksum = Checksum()
        checksum.combine(title)
        return checksum.value
    }

    private static func keys(_ ids: [ObjectID]) -> UInt64 {
        var checksum = Checksum()
        for id in ids { checksum.combine(Int(id.primaryKey ?? 0)) }
        return checksum.value
    }

    /// Every column the engine loads for a post.
    private static let allColumns = """
        t0.ZTITLE, t0.ZLIKES, t0.Z_PK, t0.Z_OPT, t0.ZTITLEINDEXED, t0.ZBODY, t0.ZWORDCOUNT, \
        t0.ZCREATEDAT, t0.ZCREATEDATINDEXED, t0.ZSTATUS, t0.ZSTATUSINDEXED, t0.ZAUTHOR
        """

    private static func rawTitlesAndLikes(_ connection: Connection, columns: String) throws
        -> UInt64
    {
        var checksum = Checksum()
        try connection.forEachRow("SELECT \(raw: columns) FROM ZPOST t0") { row in
            checksum.combine(row.string(at: 0))
            checksum.combine(Int(row.int64(at: 1)))
        }
        return checksum.value
    }
}
