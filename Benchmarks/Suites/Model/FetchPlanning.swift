import Foundation
import ObjectGraph
import SQLiteDB
import Synchronization
import Workloads

/// What a fetch case works out before it is timed, with an engine container on the
/// case's copy (the case's own, or for a raw case a short-lived one): the values of the
/// predicate's `$VARIABLE`s, and the ID query the raw floor reruns by hand.
///
/// Every configuration does this the same way on the same dataset, so they agree on
/// the values. Cost: one COUNT and one single-row fetch per variable; one ID fetch for
/// a raw case.
struct FetchPlanning {
    private let container: PersistentContainer
    private let context: ManagedObjectContext

    /// Plans on `store`'s engine, or on a container opened on its file for a raw case.
    init(store: SocialStore, schema: DatasetSchema) throws {
        if let container = store.container, let context = store.context {
            self.container = container
            self.context = context
        } else {
            let container = PersistentContainer(name: schema.name, model: schema.model)
            container.persistentStoreDescriptions = [
                PersistentStoreDescription(url: URL(fileURLWithPath: store.path))
            ]
            container.sqlDebugLog = nil
            try container.loadPersistentStores()
            self.container = container
            context = container.newBackgroundContext()
        }
    }

    /// The spec's predicate with its arguments bound and its variables substituted,
    /// nil when it has none.
    ///
    /// - Throws: `PredicateSyntaxError`, `FetchError` or `KeyValueError` from the engine.
    func predicate(for spec: FetchSpec) throws -> FetchPredicate? {
        guard let format = spec.predicate else { return nil }
        let predicate = try FetchPredicate(
            format: format, argumentArray: spec.arguments.map(\.argument))
        guard !spec.variables.isEmpty else { return predicate }
        let values = try context.performAndWait { try variableValues(spec, in: context) }
        context.performAndWait { context.reset() }
        return try predicate.withSubstitutionVariables(values)
    }

    /// Each variable's key path read on the entity's middle row in store order.
    private func variableValues(_ spec: FetchSpec, in context: ManagedObjectContext) throws
        -> [String: Any?]
    {
        let request = FetchRequest<ManagedObject>(entityName: spec.entity)
        let count = try context.count(for: request)
        request.sortDescriptors = []
        request.fetchOffset = count / 2
        request.fetchLimit = 1
        let middle = try context.fetch(request).first
        var values: [String: Any?] = [:]
        for (name, keyPath) in spec.variables {
            values[name] = try middle.flatMap { try Self.value(of: $0, at: keyPath) }
        }
        return values
    }

    /// The value at `keyPath`; through a to-many, its first member's (by key).
    private static func value(of object: ManagedObject, at keyPath: String) throws -> Any? {
        var current: Any? = object
        for key in keyPath.split(separator: ".").map(String.init) {
            guard let object = current as? ManagedObject else { return nil }
            current = try object.checkedValue(forKey: key)
            if let objects = current as? Set<ManagedObject> {
                current = first(objects)
            } else if let objects = current as? [ManagedObject] {
                current = objects.first
            }
        }
        return current
    }

    private static func first(_ objects: Set<ManagedObject>) -> ManagedObject? {
        objects.min { ($0.objectID.primaryKey ?? 0) < ($1.objectID.primaryKey ?? 0) }
    }

    /// The SELECT the engine runs for the spec's object IDs (`SELECT 0, t0.Z_PK …`
    /// with its WHERE, ORDER BY and LIMIT), with its bound values.
    ///
    /// - Throws: what the fetch throws, or ``ModelScenarioError`` when it ran no SELECT.
    func idQuery(_ spec: FetchSpec, predicate: FetchPredicate?) throws -> SQL {
        let collector = SelectCollector()
        container.addTraceSink(collector)
        defer { container.removeTraceSink(collector) }
        try context.performAndWait {
            let request = FetchRequest<ManagedObject>(entityName: spec.entity)
            request.predicate = predicate
            request.sortDescriptors = spec.sort
            request.fetchLimit = spec.limit
            request.resultType = .managedObjectID
            _ = try context.fetchObjectIDs(request)
        }
        guard let select = collector.last else {
            throw ModelScenarioError("the ID fetch of \(spec.entity) ran no SELECT")
        }
        return SQL(text: select.sql, arguments: select.arguments)
    }
}

/// Keeps the last SELECT the engine ran.
private final class SelectCollector: EngineTraceSink {
    private let storage = Mutex<StatementEvent?>(nil)

    func receive(_ event: EngineTraceEvent) {
        guard case .sql(.statement(let statement)) = event, statement.kind == .select else {
            return
        }
        storage.withLock { $0 = statement }
    }

    var last: StatementEvent? { storage.withLock { $0 } }
}
