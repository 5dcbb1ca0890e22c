import Foundation
import ObjectGraph
import SQLiteDB

/// The selectivity of a schema's probe predicates on one dataset, measured with the
/// engine itself (one `count(for:)` per probe plus one per entity).
public struct DatasetDescription: Sendable {
    /// One probe's result.
    public struct Line: Sendable {
        public let entity: String
        public let predicate: String
        public let matching: Int
        public let total: Int

        /// Matching rows as a percentage of the entity's rows.
        public var percent: Double { total == 0 ? 0 : 100 * Double(matching) / Double(total) }
    }

    public let lines: [Line]

    /// Counts every probe of `schema` on `dataset`, on a copy of its store so the cached
    /// file stays byte for byte what its manifest records.
    public init(schema: DatasetSchema, dataset: CachedDataset) throws {
        let copy = try DatasetStoreCopy(of: dataset, schema: schema)
        let context = copy.container.newBackgroundContext()
        lines = try context.performAndWait {
            try schema.probes.map { probe in
                let request = FetchRequest(entityName: probe.entity)
                let total = try context.count(for: request)
                request.predicate = try FetchPredicate(format: probe.predicate)
                return Line(
                    entity: probe.entity, predicate: probe.predicate,
                    matching: try context.count(for: request), total: total)
            }
        }
    }
}
