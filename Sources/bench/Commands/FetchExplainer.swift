import Foundation
import ObjectGraph
import SQLiteDB
import Synchronization
import Workloads

/// Runs one fetch on a private copy of a dataset with a sink on the engine trace hook,
/// and explains what it ran: statements with bound values, rows and time, query plans,
/// the statement count.
///
/// Cost: one backup copy of the store, the fetch itself, one `EXPLAIN QUERY PLAN` per
/// distinct SELECT.
final class FetchExplainer {
    /// The fetch to explain.
    struct Plan {
        let entity: String
        let predicate: FetchPredicate
        let sort: String?
        let batchSize: Int
        let prefetch: [String]
        let results: Int
    }

    private let path: String
    private let container: PersistentContainer
    private let planner: Connection

    /// Copies the store at `storePath` and opens the copy for `schema`.
    init(schema: DatasetSchema, storePath: String) throws {
        path =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("faultline-explain-\(UUID().uuidString).sqlite").path
        planner = try Connection(location: .file(path))
        var readOnly = Connection.Configuration()
        readOnly.openMode = .readOnly
        try Connection(location: .file(storePath), configuration: readOnly).backup(to: planner)
        try StoreFunctions.register(on: planner)
        container = PersistentContainer(name: schema.name, model: schema.model)
        container.persistentStoreDescriptions = [
            PersistentStoreDescription(url: URL(fileURLWithPath: path))
        ]
        container.sqlDebugLog = nil
        try container.loadPersistentStores()
    }

    deinit {
        for suffix in ["", "-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: path + suffix)
        }
    }

    /// The explanation of `plan`, line by line: each statement with its bound values,
    /// rows and time, the plan of each distinct SELECT bound with its first arguments,
    /// the statement count.
    ///
    /// - Throws: `FetchError` or `SQLiteError`.
    func explain(_ plan: Plan) throws -> [String] {
        let collected = StatementCollector()
        container.addTraceSink(collected)
        defer { container.removeTraceSink(collected) }
        let context = container.newBackgroundContext()
        let read = try context.performAndWait { try fetch(plan, in: context) }
        let statements = collected.statements
        var output = ["Statements (reading \(read) results):"]
        output += statements.flatMap(Self.lines(for:))
        output.append("Query plans:")
        var seen = Set<String>()
        for statement in statements where statement.kind == .select {
            guard seen.insert(statement.sql).inserted else { continue }
            output.append("  " + statement.sql)
            output += try queryPlan(statement).map { "    " + $0 }
        }
        let selects = statements.filter { $0.kind == .select }.count
        output.append(
            "Statement count for \(read) results: \(statements.count) "
                + "(\(selects) SELECT, \(statements.count - selects) other)")
        return output
    }

    /// `sql: …`, one `details: SQLite bind[i] = …` per bound value, then rows and time.
    private static func lines(for statement: StatementEvent) -> [String] {
        let binds = statement.arguments.enumerated().map { index, argument in
            "  details: SQLite bind[\(index)] = \(SQLDebugLogFormat.bindText(argument))"
        }
        let rows = statement.rowsReturned + statement.rowsChanged
        let seconds = SQLDebugLogFormat.seconds(statement.durationNanoseconds)
        return ["  sql: " + statement.sql] + binds + ["  result: \(rows) rows in \(seconds)s"]
    }

    private func fetch(_ plan: Plan, in context: ManagedObjectContext) throws -> Int {
        let request = FetchRequest(entityName: plan.entity)
        request.predicate = plan.predicate
        if let sort = plan.sort {
            let parts = sort.split(separator: ":")
            request.sortDescriptors = [SortKey(String(parts[0]), ascending: parts.last != "desc")]
        }
        request.fetchBatchSize = plan.batchSize
        request.relationshipKeyPathsForPrefetching = plan.prefetch
        let objects = try context.fetch(request)
        let entity = container.managedObjectModel.entities.first { $0.name == plan.entity }
        let attribute = entity?.attributes.first?.name
        var read = 0
        for object in objects.prefix(plan.results) {
            _ = attribute.map { object.value(forKey: $0) }
            read += 1
        }
        return read
    }

    /// The plan of `statement` on the copy, bound with its arguments, problems flagged
    /// by the definitions the reports and gates use.
    private func queryPlan(_ statement: StatementEvent) throws -> [String] {
        let plan = try planner.explainQueryPlan(
            SQL(text: statement.sql, arguments: statement.arguments))
        return plan.rows.map { row in
            let flag =
                row.isFullScan(in: plan.rows)
                ? "  <- full scan" : row.usesTempBTree ? "  <- temp B-tree" : ""
            return row.detail + flag
        }
    }
}

/// The statements of an explained fetch, from the engine trace hook, with their bound
/// values (nothing is measured here, so holding them costs nothing that matters).
final class StatementCollector: EngineTraceSink {
    private let storage = Mutex<[StatementEvent]>([])

    /// Keeps statement events.
    func receive(_ event: EngineTraceEvent) {
        guard case .sql(.statement(let statement)) = event else { return }
        storage.withLock { $0.append(statement) }
    }

    /// Every statement so far, in order.
    var statements: [StatementEvent] { storage.withLock { $0 } }
}
