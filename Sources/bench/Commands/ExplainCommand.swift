import Foundation
import ObjectGraph
import Workloads

/// `bench explain`: the SQL a fetch runs, the query plan of each statement, and how many
/// statements reading N results costs.
struct ExplainCommand: Subcommand {
    static let name = "explain"
    static let summary = "Show the SQL, query plans and statement count of one fetch"
    static let positionalSynopsis = "<predicate>"
    static let discussion = """
        Runs the fetch on a private copy of the cached dataset (--size, default 10k) and
        reads --results objects (default 1000), firing each one's fault as an app
        would: every statement it ran is printed with its bound values, rows and time
        in SQLite, then the EXPLAIN QUERY PLAN of each distinct SELECT (bound with its
        first arguments) with full scans (a table read row by row; not the bound key
        list _Z_intarray0 nor an index walk) and temporary B-trees flagged, then the
        statement count. A malformed predicate prints the parser's caret error and
        exits 2.
        """
    static let options: [OptionSpec] = [
        .value("--schema", "NAME", "dataset schema (default social)"),
        .value("--entity", "NAME", "entity fetched (required)"),
        .value("--sort", "KEY", "sort key; KEY:desc sorts descending"),
        .value("--batch-size", "B", "fetchBatchSize (default 0)"),
        .value("--prefetch", "KEYPATHS", "relationshipKeyPathsForPrefetching, comma-separated"),
        .value("--results", "N", "how many results are read (default 1000)"),
        .value("--size", "N", "dataset size (default 10k)"),
        .value("--seed", "N", "dataset seed (default 42)"),
        SharedOptions.datasetDir,
    ]

    let schema: DatasetSchema
    let size: Int
    let seed: UInt64
    let cache: DatasetCache
    let plan: Plan

    /// The fetch to explain, as the options describe it.
    struct Plan {
        let entity: String
        let predicate: FetchPredicate
        let sort: String?
        let batchSize: Int
        let prefetch: [String]
        let results: Int

        /// The request it describes.
        func request() -> FetchRequest<ManagedObject> {
            let request = FetchRequest(entityName: entity)
            request.predicate = predicate
            if let sort {
                let parts = sort.split(separator: ":")
                request.sortDescriptors = [
                    SortKey(String(parts[0]), ascending: parts.last != "desc")
                ]
            }
            request.fetchBatchSize = batchSize
            request.relationshipKeyPathsForPrefetching = prefetch
            return request
        }
    }

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard let entity = arguments.value("--entity"), arguments.positionals.count == 1 else {
            throw UsageError(message: "explain needs --entity and one predicate", usage: Self.usage)
        }
        do {
            schema = try DatasetSchema.named(arguments.value("--schema") ?? "social")
            size = try DatasetKey.parseSize(arguments.value("--size") ?? "10k")
        } catch {
            throw UsageError(message: "\(error)", usage: Self.usage)
        }
        let predicate: FetchPredicate
        do {
            predicate = try FetchPredicate(format: arguments.positionals[0])
        } catch {
            throw UsageError(message: "malformed predicate: \(error)", usage: Self.usage)
        }
        seed = try arguments.value("--seed").map(Self.values.seed) ?? 42
        cache = SharedOptions.datasetCache(arguments)
        let batchSize = try arguments.value("--batch-size").map { text throws(UsageError) in
            try Self.values.integer(text, option: "--batch-size", minimum: 0)
        }
        let results = try arguments.value("--results").map { text throws(UsageError) in
            try Self.values.integer(text, option: "--results", minimum: 0)
        }
        plan = Plan(
            entity: entity, predicate: predicate, sort: arguments.value("--sort"),
            batchSize: batchSize ?? 0,
            prefetch: arguments.value("--prefetch")?.split(separator: ",").map(String.init) ?? [],
            results: results ?? 1_000)
    }

    /// Explains the fetch on a private copy of the dataset (``DatasetStoreCopy``) and
    /// prints the explanation.
    func run(console: Console) -> Int32 {
        do {
            let dataset = try cache.dataset(schema: schema, size: size, seed: seed)
            let copy = try DatasetStoreCopy(of: dataset, schema: schema, sqlDebugLog: nil)
            let explanation = try copy.container.explain(plan.request(), reading: plan.results)
            for line in ExplainReport.lines(explanation) { console.out(line) }
            return 0
        } catch {
            console.err("error: \(error)")
            return 1
        }
    }
}
