import BenchKit
import Foundation
import ObjectGraph
import SQLiteDB
import Workloads

/// `insert-E` of `bench run --model`: size/10 new objects whose attribute values are
/// copied from the entity's existing rows (so they keep the model's bounds; a column
/// under a uniqueness constraint of the table gets a new value instead: text with
/// ` #N` appended, numbers and dates past the column's maximum, fresh 16-byte keys),
/// inserted
/// `per-object` (`insertNewObject`, `setValue` per attribute, one save), by a
/// `batch-request` (``BatchInsertRequest`` of dictionaries) or `raw` (one prepared
/// INSERT per row and the `Z_PRIMARYKEY` update, in one transaction).
///
/// Each iteration starts from a fresh copy of the dataset (not timed); the checksum
/// is the digest of the entity's rows read after the body, untimed. Cost: one INSERT
/// per object in every configuration.
enum InsertScenario {
    /// The ways rows are inserted.
    enum Variant: BenchmarkVariant {
        case perObject, batchRequest, raw

        var configuration: BenchmarkConfiguration {
            switch self {
            case .perObject: .init("per-object", summary: "insertNewObject + setValue, one save")
            case .batchRequest:
                .init("batch-request", summary: "BatchInsertRequest of dictionaries")
            case .raw: .init("raw", summary: "prepared INSERT loop", kind: .raw)
            }
        }
    }

    /// `insert-E`.
    static func make(_ template: ModelTemplate, entity: String, schema: DatasetSchema)
        -> BenchmarkScenario
    {
        BenchmarkScenario(
            template.scenarioName, summary: template.summary, variants: Variant.self,
            setup: { context, _ in try InsertCase(context, schema, entity) },
            reset: { state, _ in try state.suite.restoreDataset() },
            body: { state, variant in
                switch variant {
                case .perObject: try state.suite.engine(state.insertObjects)
                case .batchRequest:
                    _ = try state.suite.engine {
                        try $0.execute(
                            BatchInsertRequest(entityName: entity, objects: state.dictionaries))
                    }
                case .raw: try state.suite.raw(state.insertRaw)
                }
            },
            verify: { try $0.digest() })
    }
}

/// An insert case: the store copy and the rows to insert, read in setup.
struct InsertCase {
    let suite: SuiteState
    let entity: Entity
    /// The stored values of each new row, in ``Entity/attributes`` order.
    let rows: [[SQLiteValue]]
    /// The same rows as the engine takes them.
    let dictionaries: [[String: Any]]

    init(_ context: CaseContext, _ schema: DatasetSchema, _ name: String) throws {
        suite = try SuiteState(context, schema: schema)
        guard let entity = schema.model.entity(named: name) else {
            throw ModelScenarioError("unknown entity \(name)")
        }
        self.entity = entity
        let wanted = max(1, context.size / 10)
        let columns = entity.attributes.map(\.column.sql).joined(separator: ", ")
        let existing = try suite.store.connection.fetchAll(
            SQL(
                text: "SELECT \(columns.isEmpty ? "NULL" : columns) FROM \(entity.table.sql) "
                    + "WHERE Z_ENT = \(entity.id) ORDER BY Z_PK LIMIT \(wanted)")
        ) { row in entity.attributes.indices.map { row.value(at: Int32($0)) } }
        let unique = try Self.uniqueColumns(entity, schema.model, suite.store.connection)
        rows =
            existing.isEmpty
            ? []
            : (0..<wanted).map { index in
                existing[index % existing.count].enumerated().map { column, value in
                    unique[column].map { Self.fresh(value, index, maximum: $0) } ?? value
                }
            }
        dictionaries = rows.map { row in
            var dictionary: [String: Any] = [:]
            for (attribute, value) in zip(entity.attributes, row) {
                if let decoded = attribute.readableValue(value) {
                    dictionary[attribute.name] = decoded
                }
            }
            return dictionary
        }
    }

    /// For each attribute (by position) under a uniqueness constraint of the entity's
    /// table, the column's largest stored value (its maximum for numbers and dates).
    private static func uniqueColumns(
        _ entity: Entity, _ model: ManagedObjectModel, _ connection: Connection
    ) throws -> [Int: SQLiteValue] {
        let hierarchy = model.resolvedEntities.filter { $0.rootID == entity.rootID }
        let constrained = Set(hierarchy.flatMap { $0.uniquenessConstraints.joined() })
        var result: [Int: SQLiteValue] = [:]
        for (position, attribute) in entity.attributes.enumerated()
        where constrained.contains(attribute.column) {
            result[position] =
                try connection.fetchOne(
                    SQL(text: "SELECT MAX(\(attribute.column.sql)) FROM \(entity.table.sql)")
                ) { $0.value(at: 0) } ?? .null
        }
        return result
    }

    /// A value no stored row and no other new row has: text with ` #N` appended,
    /// numbers past the column's maximum, 16 fresh bytes for keys (UUIDs, data).
    private static func fresh(_ value: SQLiteValue, _ index: Int, maximum: SQLiteValue)
        -> SQLiteValue
    {
        switch value {
        case .null: return .null
        case .text(let text): return .text(text + " #\(index + 1)")
        case .integer: return .integer((maximum.int64 ?? 0) + Int64(index) + 1)
        case .real: return .real((maximum.double ?? 0) + Double(index) + 1)
        case .blob:
            var bytes = [UInt8](repeating: 0xFE, count: 16)
            withUnsafeBytes(of: UInt64(index).bigEndian) { bytes.replaceSubrange(8..<16, with: $0) }
            return .blob(Data(bytes))
        }
    }

    /// One `insertNewObject` per row, its attributes set by key, then one save.
    func insertObjects(_ context: ManagedObjectContext) throws {
        for dictionary in dictionaries {
            let object = context.insertNewObject(forEntityName: entity.name)
            for (key, value) in dictionary { object.setValue(value, forKey: key) }
        }
        try context.save()
    }

    /// The rows by hand: keys reserved from `Z_PRIMARYKEY`, one INSERT each.
    func insertRaw(_ connection: Connection) throws {
        let root = entity.rootID
        try connection.transaction(.immediate) {
            let last =
                try connection.fetchOne(
                    SQL(text: "SELECT Z_MAX FROM Z_PRIMARYKEY WHERE Z_ENT = \(root)")
                ) { $0.int64(at: 0) } ?? 0
            let columns = (["Z_PK", "Z_ENT", "Z_OPT"] + entity.attributes.map(\.column.sql))
            let text =
                "INSERT INTO \(entity.table.sql) (\(columns.joined(separator: ", "))) VALUES ("
                + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
            for (offset, row) in rows.enumerated() {
                let fixed: [SQLiteValue] = [
                    .integer(last + Int64(offset) + 1), .integer(Int64(entity.id)), .integer(1),
                ]
                _ = try connection.execute(
                    SQL(text: text, arguments: (fixed + row).map { .value($0) }))
            }
            _ = try connection.execute(
                SQL(
                    text: "UPDATE Z_PRIMARYKEY SET Z_MAX = ? WHERE Z_ENT = ?",
                    arguments: [
                        .value(.integer(last + Int64(rows.count))), .value(.integer(Int64(root))),
                    ]))
        }
    }

    /// The digest of every row of the entity (values only: keys may be handed out in
    /// another order), read on the raw connection after the body.
    func digest() throws -> UInt64 {
        var digest = RowDigest()
        let columns = entity.attributes.map(\.column.sql).joined(separator: ", ")
        try suite.store.connection.forEachRow(
            SQL(
                text: "SELECT \(columns.isEmpty ? "NULL" : columns) FROM \(entity.table.sql) "
                    + "WHERE Z_ENT = \(entity.id)")
        ) { row in
            let values = entity.attributes.enumerated().map { index, attribute in
                RowDigest.canonical(stored: row.value(at: Int32(index)), as: attribute)
            }
            digest.add(key: nil, values: values)
        }
        return digest.value
    }
}
