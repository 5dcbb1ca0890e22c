import Foundation
import SQLiteDB

extension ManagedObjectContext {
    /// The IDs of the objects a request selects, without registering or caching
    /// anything (Core Data's `.managedObjectIDResultType`).
    ///
    /// Cost: one `SELECT 0, t0.Z_PK …` with the full WHERE, ORDER BY and LIMIT. With
    /// pending changes, unsaved deletes are left out and matching unsaved inserts
    /// (temporary IDs) are added at the end.
    ///
    /// - Parameter request: The request; its result type is not consulted.
    /// - Throws: ``FetchError`` or `SQLiteError`.
    public func fetchObjectIDs(_ request: AnyFetchRequest) throws -> [ObjectID] {
        checkQueue()
        let entity = try entity(for: request)
        if parent != nil, let changes = try ancestorChanges(for: entity) {
            return try fetchInChild(request, entity: entity, changes: changes).map(\.objectID)
        }
        var ids = try coordinator.fetchObjectIDs(for: request, entity: entity)
        if request.includesPendingChanges {
            ids.removeAll { registered[$0]?.isDeleted == true }
            ids += try pending(inserted.objects, matching: request, entity: entity).map(\.objectID)
        }
        return ids
    }

    /// One dictionary per row with the keys of ``AnyFetchRequest/propertiesToFetch`` (all
    /// attributes when nil): attribute values, to-one IDs, `objectID`, and aggregate
    /// expressions grouped by ``AnyFetchRequest/propertiesToGroupBy`` (Core Data's
    /// `.dictionaryResultType`). NULL values leave their key out, as in Core Data.
    ///
    /// ```swift
    /// request.propertiesToFetch = ["age", .expression(.init(name: "n", function: .count,
    ///                                                      keyPath: "age"))]
    /// request.propertiesToGroupBy = ["age"]
    /// let rows = try context.fetchDictionaries(request)   // [["age": 30, "n": 2], …]
    /// ```
    ///
    /// Cost: one SELECT of only the requested columns; nothing is cached or registered,
    /// and pending changes are ignored (as in Core Data).
    ///
    /// - Parameter request: The request, with `propertiesToFetch` (and `propertiesToGroupBy`)
    ///   naming the columns.
    /// - Throws: ``FetchError`` or `SQLiteError`.
    public func fetchDictionaries(_ request: AnyFetchRequest) throws -> [[String: Any]] {
        checkQueue()
        let start = MonotonicClock.now()
        let entity = try entity(for: request)
        let store = coordinator.storeUUID
        let model = coordinator.model
        let rows = try coordinator.fetchDictionaryRows(for: request, entity: entity) {
            try Self.dictionary($0, $1, model: model, store: store, entity: entity)
        }
        coordinator.trace?.fetchCompleted(
            nanoseconds: MonotonicClock.now() &- start, rows: rows.count, entity: entity.name)
        return rows
    }

    private static func dictionary(
        _ statement: Statement, _ columns: [(name: String, reader: DictionaryQuery.Reader)],
        model: ManagedObjectModel, store: UUID, entity: Entity
    ) throws -> [String: Any] {
        var row: [String: Any] = [:]
        var position: Int32 = 0
        for (name, reader) in columns {
            let value = statement.value(at: position)
            position += 1
            switch reader {
            case .attribute(let type): row[name] = type.decode(value)
            case .transformed(let attribute):
                do { row[name] = try attribute.value(from: value) } catch {
                    throw KeyValueError.transformFailed(entity: entity.name, key: name, error)
                }
            case .count: row[name] = value.int64
            case .average: row[name] = value.double
            case .sum(let type): row[name] = sum(value.double ?? 0, as: type)
            case .toOne(let entity):
                row[name] = value.int64.map {
                    ObjectID(entity: entity, primaryKey: $0, store: store)
                }
            case .objectID:
                row[name] = ObjectID(
                    entity: model.entity(id: Int(value.int64 ?? 0)),
                    primaryKey: statement.int64(at: position), store: store)
                position += 1
            }
        }
        return row
    }

    /// `total()` is always real; integer attributes report an integer sum, as Core Data.
    private static func sum(_ total: Double, as type: AttributeType) -> Any {
        switch type {
        case .integer16, .integer32, .integer64: return Int64(total)
        default: return total
        }
    }
}
