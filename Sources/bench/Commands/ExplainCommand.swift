import DurableFiles
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
        exits 2, as does any bad option value (an unknown entity, a --sort that is not
        KEY, KEY:asc or KEY:desc, an empty key path in --prefetch).
        """
    static let schema = ValueOption(
        "--schema", "NAME", "dataset schema (default social)", OptionValues.schema)
    static let entity = ValueOption("--entity", "NAME", "entity fetched (required)")
    static let sort = ValueOption(
        "--sort", "KEY", "sort key; KEY:desc sorts descending, KEY:asc (the default) ascending",
        OptionValues.sortKey)
    static let batchSize = ValueOption(
        "--batch-size", "B", "fetchBatchSize (default 0)", OptionValues.integer(minimum: 0))
    static let prefetch = ValueOption(
        "--prefetch", "KEYPATHS", "relationshipKeyPathsForPrefetching, comma-separated",
        OptionValues.keyPaths)
    static let results = ValueOption(
        "--results", "N", "how many results are read (default 1000)",
        OptionValues.integer(minimum: 0))
    static let size = ValueOption(
        "--size", "N", "dataset size (default 10k)", OptionValues.datasetSize)
    static let seed = ValueOption("--seed", "N", "dataset seed (default 42)", OptionValues.seed)
    static let options: [any CommandOption] = [
        schema, entity, sort, batchSize, prefetch, results, size, seed, SharedOptions.datasetDir,
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
        let sort: SortKey?
        let batchSize: Int
        let prefetch: [String]
        let results: Int

        /// The request it describes.
        func request() -> FetchRequest<ManagedObject> {
            let request = FetchRequest(entityName: entity)
            request.predicate = predicate
            request.sortDescriptors = sort.map { [$0] } ?? []
            request.fetchBatchSize = batchSize
            request.relationshipKeyPathsForPrefetching = prefetch
            return request
        }
    }

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard let entity = try arguments.value(Self.entity), arguments.positionals.count == 1
        else {
            throw Self.usageError("explain needs --entity and one predicate")
        }
        schema = try arguments.value(Self.schema) ?? .social
        size = try arguments.value(Self.size) ?? 10_000
        let entities = schema.model.entities.map(\.name)
        guard entities.contains(entity) else {
            throw Self.usageError(
                "unknown entity '\(entity)' for --entity: expected one of "
                    + entities.sorted().joined(separator: ", ") + " (schema \(schema.name))")
        }
        let predicate: FetchPredicate
        do {
            predicate = try FetchPredicate(format: arguments.positionals[0])
        } catch {
            throw Self.usageError("malformed predicate: \(error)")
        }
        seed = try arguments.value(Self.seed) ?? 42
        cache = try SharedOptions.datasetCache(arguments)
        plan = Plan(
            entity: entity, predicate: predicate, sort: try arguments.value(Self.sort),
            batchSize: try arguments.value(Self.batchSize) ?? 0,
            prefetch: try arguments.value(Self.prefetch) ?? [],
            results: try arguments.value(Self.results) ?? 1_000)
    }

    /// Explains the fetch on a private copy of the dataset (``DatasetStoreCopy``) and
    /// prints the explanation.
    func run(console: Console) -> ExitCode {
        ScratchFile.removeAbandoned()
        do {
            let dataset = try cache.dataset(schema: schema, size: size, seed: seed)
            let copy = try DatasetStoreCopy(of: dataset, schema: schema, sqlDebugLog: nil)
            let explanation = try copy.container.explain(plan.request(), reading: plan.results)
            for line in ExplainReport.lines(explanation) { console.out(line) }
            return .success
        } catch {
            return console.failure(error, .failure)
        }
    }
}
