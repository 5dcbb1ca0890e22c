import ObjectGraph

/// A request for `entity`, optionally sorted by `key` and filtered by `format`.
func request(
    _ entity: String, sortedBy key: String? = nil, where format: String? = nil,
    _ arguments: any Sendable...
) throws -> FetchRequest<ManagedObject> {
    let request = FetchRequest(entityName: entity)
    if let key { request.sortDescriptors = [SortKey(key, ascending: true)] }
    if let format {
        request.predicate = try FetchPredicate(format: format, argumentArray: arguments)
    }
    return request
}
