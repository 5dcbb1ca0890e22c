import Foundation
import ObjectGraph
import SQLiteDB
import Synchronization
import Workloads

/// Runs one fetch on a private copy of a dataset with the SQL debug log on, and explains
/// what it ran: statements with bound values, query plans, the statement count.
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

    /// The explanation of `plan`, line by line.
    func explain(_ plan: Plan) throws -> [String] {
        let collected = LogLines()
        container.sqlDebugLog = SQLDebugLog(level: 2) { line in collected.append(line) }
        let context = container.newBackgroundContext()
        let read = try context.performAndWait { try fetch(plan, in: context) }
        container.sqlDebugLog = nil
        let log = collected.lines.filter {
            $0.hasPrefix("ObjectGraph: sql: ") || $0.hasPrefix("ObjectGraph: details: ")
        }
        let selects = log.compactMap { line -> String? in
            let sql = line.dropFirst("ObjectGraph: sql: ".count)
            return line.hasPrefix("ObjectGraph: sql: SELECT") ? String(sql) : nil
        }
        var output = ["Statements (reading \(read) results):"] + log.map { "  " + $0.dropFirst(13) }
        output.append("Query plans:")
        var seen = Set<String>()
        for sql in selects where seen.insert(sql).inserted {
            output.append("  " + sql)
            output += try queryPlan(sql).map { "    " + $0 }
        }
        let statements = log.filter { $0.hasPrefix("ObjectGraph: sql: ") }
        output.append(
            "Statement count for \(read) results: \(statements.count) "
                + "(\(selects.count) SELECT, \(statements.count - selects.count) other)")
        return output
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

    private func queryPlan(_ sql: String) throws -> [String] {
        let unbound = [SQLArgument](repeating: .value(.null), count: sql.filter { $0 == "?" }.count)
        let plan = try planner.explainQueryPlan(SQL(text: sql, arguments: unbound))
        return plan.rows.map { row in
            let flag =
                row.detail.hasPrefix("SCAN")
                ? "  <- full scan"
                : row.detail.contains("TEMP B-TREE") ? "  <- temp B-tree" : ""
            return row.detail + flag
        }
    }
}

/// Log lines collected from the SQL debug log's output closure, under a lock.
final class LogLines: Sendable {
    private let storage = Mutex<[String]>([])

    /// Adds a line.
    func append(_ line: String) {
        storage.withLock { $0.append(line) }
    }

    /// Every line so far.
    var lines: [String] { storage.withLock { $0 } }
}
