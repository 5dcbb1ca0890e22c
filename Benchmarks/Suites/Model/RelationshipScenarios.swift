import BenchKit
import ObjectGraph
import SQLiteDB
import Workloads

/// The relationship scenarios of `bench run --model`: every object of an entity with
/// one of its own relationships.
///
/// - `to-one-E.r`: each object's destination key and the destination's first
///   attribute. `faults` (1 + one fault per distinct destination), `prefetch` (2),
///   `raw` (one LEFT JOIN).
/// - `to-many-E.r`: each object's key and how many members `r` has.
///   `fault-per-owner` (1 + N), `prefetch` (2, or 3 through a join table),
///   `count` (one dictionary fetch of `objectID` and `r.@count`: a correlated COUNT
///   subquery), `raw` (the same SELECT by hand).
///
/// Each iteration starts from an empty context (reset, not timed). A relationship that
/// is empty in every row of the dataset is not compared: its cases are skipped with
/// the reason (``CaseNotRun``). Cost: every object of the entity.
enum RelationshipScenarios {
    /// The ways a to-one is read.
    enum ToOneVariant: BenchmarkVariant {
        case faults, prefetch, raw

        var configuration: BenchmarkConfiguration {
            switch self {
            case .faults:
                .init(
                    "faults", summary: "one fault per distinct destination",
                    demonstrates: [.nPlusOne])
            case .prefetch: .init("prefetch", summary: "relationshipKeyPathsForPrefetching")
            case .raw: .init("raw", summary: "one LEFT JOIN", kind: .raw)
            }
        }
    }

    /// The ways a to-many is counted.
    enum ToManyVariant: BenchmarkVariant {
        case faultPerOwner, prefetch, count, raw

        var configuration: BenchmarkConfiguration {
            switch self {
            case .faultPerOwner:
                .init(
                    "fault-per-owner", summary: "one to-many fault per owner",
                    demonstrates: [.nPlusOne])
            case .prefetch: .init("prefetch", summary: "relationshipKeyPathsForPrefetching")
            case .count: .init("count", summary: "one dictionary fetch with r.@count")
            case .raw: .init("raw", summary: "one SELECT with a correlated COUNT", kind: .raw)
            }
        }
    }

    /// `to-one-E.r`.
    static func toOne(
        _ template: ModelTemplate, entity: String, relationship: String, schema: DatasetSchema
    ) -> BenchmarkScenario {
        BenchmarkScenario(
            template.scenarioName, summary: template.summary, variants: ToOneVariant.self,
            setup: { context, _ in try RelationshipCase(context, schema, entity, relationship) },
            reset: { state, _ in try state.suite.resetContext() },
            body: { state, variant in
                let (suite, layout) = (state.suite, state.layout)
                switch variant {
                case .faults: return try suite.engine { try readToOne($0, layout, prefetch: false) }
                case .prefetch:
                    return try suite.engine { try readToOne($0, layout, prefetch: true) }
                case .raw: return try suite.raw { try layout.rawToOne($0) }
                }
            })
    }

    /// `to-many-E.r`.
    static func toMany(
        _ template: ModelTemplate, entity: String, relationship: String, schema: DatasetSchema
    ) -> BenchmarkScenario {
        BenchmarkScenario(
            template.scenarioName, summary: template.summary, variants: ToManyVariant.self,
            setup: { context, _ in try RelationshipCase(context, schema, entity, relationship) },
            reset: { state, _ in try state.suite.resetContext() },
            body: { state, variant in
                let (suite, layout) = (state.suite, state.layout)
                switch variant {
                case .faultPerOwner:
                    return try suite.engine { try countToMany($0, layout, prefetch: false) }
                case .prefetch:
                    return try suite.engine { try countToMany($0, layout, prefetch: true) }
                case .count: return try suite.engine { try countInQuery($0, layout) }
                case .raw: return try suite.raw { try layout.rawToMany($0) }
                }
            })
    }

    private static func readToOne(
        _ context: ManagedObjectContext, _ layout: RelationshipLayout, prefetch: Bool
    ) throws -> UInt64 {
        let request = FetchRequest<ManagedObject>(entityName: layout.entity.name)
        if prefetch { request.relationshipKeyPathsForPrefetching = [layout.relationship.name] }
        var digest = RowDigest()
        for object in try context.fetch(request) {
            let destination =
                try object.checkedValue(forKey: layout.relationship.name)
                as? ManagedObject
            let value = try layout.destinationAttribute.map { attribute in
                RowDigest.canonical(
                    try destination?.checkedValue(forKey: attribute.name), as: attribute)
            }
            let key: SQLiteValue = destination?.objectID.primaryKey.map { .integer($0) } ?? .null
            digest.add(key: object.objectID.primaryKey, values: [key] + (value.map { [$0] } ?? []))
        }
        return digest.value
    }

    private static func countToMany(
        _ context: ManagedObjectContext, _ layout: RelationshipLayout, prefetch: Bool
    ) throws -> UInt64 {
        let request = FetchRequest<ManagedObject>(entityName: layout.entity.name)
        if prefetch { request.relationshipKeyPathsForPrefetching = [layout.relationship.name] }
        var digest = RowDigest()
        for object in try context.fetch(request) {
            let members = try object.checkedValue(forKey: layout.relationship.name)
            let count =
                (members as? Set<ManagedObject>)?.count ?? (members as? [ManagedObject])?.count ?? 0
            digest.add(key: object.objectID.primaryKey, values: [.integer(Int64(count))])
        }
        return digest.value
    }

    private static func countInQuery(_ context: ManagedObjectContext, _ layout: RelationshipLayout)
        throws -> UInt64
    {
        let request = FetchRequest<ManagedObject>(entityName: layout.entity.name)
        request.resultType = .dictionary
        request.propertiesToFetch = [
            "objectID",
            .expression(
                try FetchExpression(
                    name: "memberCount", expression: "\(layout.relationship.name).@count")),
        ]
        var digest = RowDigest()
        for row in try context.fetchDictionaries(request) {
            let count = (row["memberCount"] as? Int64) ?? Int64(row["memberCount"] as? Int ?? 0)
            digest.add(key: (row["objectID"] as? ObjectID)?.primaryKey, values: [.integer(count)])
        }
        return digest.value
    }
}

/// A relationship case: the store copy and where the relationship lives.
struct RelationshipCase {
    let suite: SuiteState
    let layout: RelationshipLayout

    /// Opens the case's copy of the dataset.
    ///
    /// - Throws: ``CaseNotRun`` when the relationship is empty in every row of the
    ///   dataset (or the entity has no rows): ways of reading nothing are not compared
    ///   (one untimed COUNT, before any iteration); ``ModelScenarioError`` when the
    ///   model has no such relationship; what opening the store throws.
    init(
        _ context: CaseContext, _ schema: DatasetSchema, _ entity: String, _ relationship: String
    ) throws {
        suite = try SuiteState(context, schema: schema)
        layout = try RelationshipLayout(schema, entity, relationship)
        let (rows, filled) = try layout.filledRows(suite.store.connection)
        if rows == 0 {
            throw CaseNotRun(
                "\(entity) has no rows in the generated dataset, so \(entity).\(relationship) "
                    + "has nothing to read: not compared")
        }
        if filled == 0 {
            throw CaseNotRun(
                "\(entity).\(relationship) is empty in all \(rows) rows of the generated "
                    + "dataset (its destination \(layout.destination.name) has "
                    + "\(try Self.rows(of: layout.destination, suite.store.connection)) rows): "
                    + "reading nothing is not compared")
        }
    }

    private static func rows(of entity: Entity, _ connection: Connection) throws -> Int64 {
        var rows: Int64 = 0
        try connection.forEachRow(
            SQL(
                text: "SELECT count(*) FROM \(entity.table.sql) WHERE Z_ENT BETWEEN "
                    + "\(entity.descendantIDs.lowerBound) AND \(entity.descendantIDs.upperBound)")
        ) { row in rows = row.int64(at: 0) }
        return rows
    }
}
