import BenchKit
import Foundation
import ObjectGraph
import SQLiteDB
import Workloads

/// `insert-E` of `bench run --model`: size/10 new objects whose attribute values are
/// copied from the entity's existing rows (so they keep the model's bounds), inserted
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
            setup: { try InsertCase($0, schema, entity) },
            reset: { try $0.suite.restoreDataset() },
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
        rows = existing.isEmpty ? [] : (0..<wanted).map { existing[$0 % existing.count] }
        dictionaries = rows.map { row in
            var dictionary: [String: Any] = [:]
            for (attribute, value) in zip(entity.attributes, row) {
                if let decoded = attribute.type.decode(value) {
                    dictionary[attribute.name] = decoded
                }
            }
            return dictionary
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
                RowDigest.canonical(stored: row.value(at: Int32(index)), as: attribute.type)
            }
            digest.add(key: nil, values: values)
        }
        return digest.value
    }
}
