import BenchKit
import ObjectGraph
import SQLiteDB

/// One `indexes` scenario's query: which entity, which column pair, which predicate,
/// and the same condition written by hand for the raw floor.
struct IndexQuery: Sendable {
    /// The entity fetched.
    let entity: String
    /// The unindexed attribute; `<key>Indexed` is its indexed twin.
    let key: String
    /// The string attribute read and checksummed from each match.
    let readKey: String
    /// The predicate, `%K` standing for the attribute.
    let format: String
    /// The predicate's SQL for the raw floor, given the indexed column
    /// (`t0.ZAGEINDEXED`); it must select the rows ``format`` selects.
    let rawCondition: @Sendable (String) -> String

    /// Fetches the matches on `key` and checksums their sorted read values.
    func fetch(_ context: ManagedObjectContext, key: String) throws -> UInt64 {
        let request = FetchRequest(entityName: entity)
        request.predicate = try FetchPredicate(format: format, key)
        let values = try context.fetch(request).map { $0.value(forKey: readKey) as? String ?? "" }
        return Self.checksum(values)
    }

    /// The same work by hand, with the predicate on the indexed column.
    func raw(_ connection: Connection) throws -> UInt64 {
        let condition = rawCondition("t0.Z" + (key + "Indexed").uppercased())
        let sql =
            "SELECT t0.Z\(readKey.uppercased()) FROM Z\(entity.uppercased()) t0 WHERE \(condition)"
        return Self.checksum(try connection.fetchAll(SQL(text: sql)) { $0.string(at: 0) })
    }

    private static func checksum(_ values: [String]) -> UInt64 {
        var checksum = Checksum()
        for value in values.sorted() { checksum.combine(value) }
        checksum.combine(values.count)
        return checksum.value
    }
}
