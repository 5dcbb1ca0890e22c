import CoreDataLog
import ObjectGraph
import SQLiteDB

/// Runs `body` with the engine trace of `container`'s store attached, then plans each
/// distinct SELECT it ran, and returns assertions over those statements.
///
/// Every statement of the store's connection while `body` runs is recorded, whichever
/// context runs it (background work included); `BEGIN` and `COMMIT` are not counted.
///
/// ```swift
/// try await expectQueries(in: container) {
///     try context.performAndWait { _ = try context.fetch(request) }
/// }
/// .statements(1).noFullScan().usesIndex("ZPOST_ZAUTHOR_INDEX")
/// ```
///
/// Cost: one event per statement while `body` runs, then one `EXPLAIN QUERY PLAN` per
/// distinct SELECT on the store's connection (the store's statistics and other trace
/// sinks see none of them).
/// - Parameters:
///   - container: A container with its store loaded.
///   - body: The work to judge.
/// - Returns: Assertions to chain.
/// - Throws: What `body` throws (nothing is judged then).
public func expectQueries(
    in container: PersistentContainer, _ body: () async throws -> Void
) async throws -> QueryExpectation {
    let recorder = QueryRecorder()
    container.addTraceSink(recorder)
    do {
        try await body()
    } catch {
        container.removeTraceSink(recorder)
        throw error
    }
    container.removeTraceSink(recorder)
    return QueryExpectation(TracedQueries.log(of: recorder.statements, in: container))
}

/// Assertions over the statements of SQLDebug log text: the same assertions on a log
/// captured from Apple's Core Data (`-com.apple.CoreData.SQLDebug 1`…`4`).
///
/// ```swift
/// expectQueries(inLog: capturedStandardError).statements(2).noRepeatedStatement()
/// ```
///
/// Cost: one pass over the text.
public func expectQueries(inLog text: String, name: String = "log") -> QueryExpectation {
    QueryExpectation(QueryLog(logText: text, name: name))
}

/// Turns a trace's statement events into a ``QueryLog`` with plans and the model's
/// names.
enum TracedQueries {
    static func log(of events: [StatementEvent], in container: PersistentContainer)
        -> QueryLog
    {
        var statements = events.map { event in
            QueryStatement(
                sql: event.sql, arguments: event.arguments.map(\.description),
                rows: event.kind == .select ? event.rowsReturned : event.rowsChanged)
        }
        var firsts: [String: Int] = [:]
        for (index, event) in events.enumerated() where event.kind == .select {
            if firsts[event.sql] == nil { firsts[event.sql] = index }
        }
        let ordered = firsts.sorted { $0.value < $1.value }
        var note: String?
        do {
            let plans = try container.queryPlans(
                of: ordered.map {
                    SQL(text: events[$0.value].sql, arguments: events[$0.value].arguments)
                })
            let bySQL = Dictionary(uniqueKeysWithValues: zip(ordered.map(\.key), plans))
            statements = statements.map { $0.planned(bySQL[$0.sql]?.rows) }
        } catch {
            note = "planning after the block failed: \(error)"
        }
        return QueryLog(
            statements: statements, source: .trace,
            naming: naming(of: container.managedObjectModel),
            planNote: note)
    }

    /// Each entity's table and each property's column, from the resolved model.
    static func naming(of model: ManagedObjectModel) -> StoreNaming {
        var tables: [String: String] = [:]
        var columns: [String: [String: String]] = [:]
        for description in model.entities {
            guard let entity = model.entity(named: description.name) else { continue }
            tables[entity.name] = entity.tableName
            var byProperty: [String: String] = [:]
            for attribute in entity.attributes { byProperty[attribute.name] = attribute.column.sql }
            for relationship in entity.relationships {
                if case .foreignKey(let key) = relationship.storage {
                    byProperty[relationship.name] = key.column.sql
                }
            }
            columns[entity.name] = byProperty
        }
        return StoreNaming(tables: tables, columns: columns)
    }
}
