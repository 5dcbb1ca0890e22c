import BenchKit
import ObjectGraph
import SQLiteDB
import Workloads

/// Makes the benchmark scenario of a ``FetchSpec``: each configuration runs the same
/// fetch on a private copy of the model's dataset and folds what it read into a
/// ``RowDigest``; a raw floor runs the engine's own ID query (captured in setup) joined
/// to the table by hand.
///
/// Cost per iteration: the configuration's fetch (statements as Core Data's rules say:
/// 1, or 1 + ⌈N/B⌉ with batch size B, + 1 per prefetched level) and reading
/// ``FetchSpec/read`` on every result.
enum FetchScenario {
    /// The scenario named `name` for `spec` on `schema`'s dataset.
    static func make(
        _ name: String, summary: String, spec: FetchSpec, schema: DatasetSchema
    ) -> BenchmarkScenario {
        let configurations = spec.configurations + [.raw]
        let content = ChecksumContent(configurations)
        return BenchmarkScenario(
            name, summary: summary, variants: configurations,
            configuration: \.benchmarkConfiguration,
            setup: { context, configuration in
                try FetchCase(context, configuration, spec: spec, schema: schema)
            },
            reset: { state, _ in try state.suite.resetContext() },
            body: { state, configuration in
                try state.run(configuration, content: content)
            })
    }
}

/// One case of a fetch scenario: the store copy, the predicate with its variables
/// substituted, and for the raw floor the SQL it runs.
struct FetchCase {
    /// The case's store, opened for its configuration's kind.
    let suite: SuiteState
    let spec: FetchSpec
    let predicate: FetchPredicate?
    let attributes: [ResolvedAttribute]
    let rawSQL: SQL?

    /// Copies the dataset, substitutes the variables, captures the raw floor's SQL and
    /// drops `configuration`'s index, all untimed.
    init(
        _ context: CaseContext, _ configuration: FetchConfiguration, spec: FetchSpec,
        schema: DatasetSchema
    ) throws {
        suite = try SuiteState(context, schema: schema)
        let store = suite.store
        self.spec = spec
        guard let entity = schema.model.entity(named: spec.entity) else {
            throw ModelScenarioError("unknown entity \(spec.entity)")
        }
        attributes = try spec.read.map { name in
            guard let attribute = entity.attribute(named: name) else {
                throw ModelScenarioError("\(spec.entity) has no attribute \(name)")
            }
            return attribute
        }
        let planning = try FetchPlanning(store: store, schema: schema)
        predicate = try planning.predicate(for: spec)
        let isRaw = configuration.isRaw
        rawSQL =
            try isRaw
            ? Self.rawSQL(
                idQuery: planning.idQuery(spec, predicate: predicate), table: entity.table,
                columns: attributes.map(\.column)) : nil
        if isRaw { try StoreFunctions.register(on: store.connection) }
        if let dropped = configuration.dropsIndex {
            try store.connection.execute("DROP INDEX \(SQLName(dropped))")
        }
    }

    /// `SELECT k.Z_PK, t.<columns> FROM (<the engine's ID query>) k JOIN <table> t …`.
    private static func rawSQL(idQuery: SQL, table: SQLName, columns: [SQLName]) -> SQL {
        let list = (["k.Z_PK"] + columns.map { "t.\($0.sql)" }).joined(separator: ", ")
        var sql: SQL = "SELECT \(raw: list) FROM ("
        sql.append(idQuery)
        sql.append(") k JOIN \(table) t ON t.Z_PK = k.Z_PK")
        return sql
    }

    /// Runs `configuration` once and returns its checksum.
    func run(_ configuration: FetchConfiguration, content: ChecksumContent) throws -> UInt64 {
        if let rawSQL {
            return try suite.raw { try runRaw(rawSQL, on: $0, content: content) }
        }
        return try suite.engine { try runEngine(configuration, in: $0, content: content) }
    }

    private func runRaw(_ sql: SQL, on connection: Connection, content: ChecksumContent) throws
        -> UInt64
    {
        var digest = RowDigest()
        try connection.forEachRow(sql) { row in
            let values = attributes.enumerated().map { index, attribute in
                RowDigest.canonical(stored: row.value(at: Int32(index + 1)), as: attribute)
            }
            digest.add(
                key: content.keys ? row.int64(at: 0) : nil, values: content.values ? values : [])
        }
        return digest.value
    }

    private func runEngine(
        _ configuration: FetchConfiguration, in context: ManagedObjectContext,
        content: ChecksumContent
    ) throws -> UInt64 {
        let request = makeRequest(configuration)
        var digest = RowDigest()
        switch configuration.resultType {
        case .managedObject:
            for object in try context.fetch(request) {
                let values = try attributes.map {
                    RowDigest.canonical(try object.checkedValue(forKey: $0.name), as: $0)
                }
                digest.add(
                    key: content.keys ? object.objectID.primaryKey : nil,
                    values: content.values ? values : [])
            }
        case .managedObjectID:
            for id in try context.fetchObjectIDs(request) {
                digest.add(key: content.keys ? id.primaryKey : nil, values: [])
            }
        case .dictionary:
            for row in try context.fetchDictionaries(request) {
                let values = attributes.map { RowDigest.canonical(row[$0.name], as: $0) }
                digest.add(key: nil, values: content.values ? values : [])
            }
        case .count:
            let count = try context.count(for: request)
            for _ in 0..<count { digest.add(key: nil, values: []) }
        }
        return digest.value
    }

    private func makeRequest(_ configuration: FetchConfiguration) -> FetchRequest<ManagedObject> {
        let request = FetchRequest<ManagedObject>(entityName: spec.entity)
        request.predicate = predicate
        request.sortDescriptors = spec.sort
        request.fetchLimit = spec.limit
        request.fetchBatchSize = configuration.batchSize
        request.relationshipKeyPathsForPrefetching = configuration.prefetch
        request.resultType = configuration.resultType
        if configuration.resultType == .dictionary {
            request.propertiesToFetch = (configuration.propertiesToFetch ?? spec.read).map {
                .key($0)
            }
        } else if let properties = configuration.propertiesToFetch {
            request.propertiesToFetch = properties.map { .key($0) }
        }
        return request
    }
}

/// A model scenario that cannot run on this model or dataset: what and where.
struct ModelScenarioError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
