/// The outcome of a batch request, in the shape its ``BatchResultType`` asked for.
public enum BatchResult: Hashable, Sendable {
    /// The request succeeded.
    case status(Bool)
    /// The number of rows inserted, updated or deleted.
    case count(Int)
    /// The IDs of the rows inserted, updated or deleted.
    case objectIDs([ObjectID])

    /// The row count, when the result is a count.
    public var count: Int? {
        if case .count(let count) = self { return count }
        return nil
    }

    /// The IDs, when the result lists them.
    public var objectIDs: [ObjectID]? {
        if case .objectIDs(let ids) = self { return ids }
        return nil
    }

    /// A result of `type` for the rows `ids` (`count` rows when the IDs were not read).
    static func make(_ type: BatchResultType, count: Int, ids: [ObjectID]) -> BatchResult {
        switch type {
        case .statusOnly: return .status(true)
        case .count: return .count(count)
        case .objectIDs: return .objectIDs(ids)
        }
    }
}
