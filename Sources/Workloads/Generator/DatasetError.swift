/// Why a dataset could not be planned, generated, stored or reused.
public enum DatasetError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A schema plan names an entity the model does not have.
    case unknownEntity(schema: String, entity: String)
    /// A schema plan names an attribute or relationship the entity does not have.
    case unknownProperty(schema: String, entity: String, property: String)
    /// A size that is not a positive number of records.
    case invalidSize(String)
    /// No schema of that name.
    case unknownSchema(String, known: [String])
    /// The store could not be written.
    case storeFailed(path: String, reason: String)
    /// A cached dataset failed its checks (it is rebuilt, never used).
    case corrupt(path: String, reason: String)
    /// A generated store contradicts its model (a required value missing, a
    /// one-to-one set on one side, a to-many outside its counts): it is not measured.
    case contradictsModel(schema: String, problems: [String])
    /// The cache directory cannot be written (a read-only mount, another user's cache)
    /// and holds no usable copy of the dataset, so it can be neither reused nor made.
    case readOnlyCache(directory: String, key: String, reason: String)

    public var description: String {
        switch self {
        case .unknownEntity(let schema, let entity):
            return "schema '\(schema)': no entity '\(entity)' in the model"
        case .unknownProperty(let schema, let entity, let property):
            return "schema '\(schema)': entity '\(entity)' has no property '\(property)'"
        case .invalidSize(let text):
            return
                "invalid dataset size '\(text)': expected a whole number of records like 10000, "
                + "10k, 2.5k or 1m, from 1 to 1000m"
        case .unknownSchema(let name, let known):
            return "unknown schema '\(name)' (known: \(known.joined(separator: ", ")))"
        case .storeFailed(let path, let reason):
            return "cannot write the dataset store \(path): \(reason)"
        case .corrupt(let path, let reason):
            return "cached dataset \(path) is unusable: \(reason)"
        case .contradictsModel(let schema, let problems):
            let shown = problems.prefix(5).joined(separator: "; ")
            let more = problems.count > 5 ? " (and \(problems.count - 5) more)" : ""
            return "the dataset generated for schema '\(schema)' contradicts its model: "
                + shown + more + "; set --entity counts so every relationship can be filled"
        case .readOnlyCache(let directory, let key, let reason):
            return "the dataset cache \(directory) is read-only and has no usable \(key) "
                + "(\(reason)); generate it where the cache is writable (bench generate "
                + "--dataset-dir DIR) or give a writable --dataset-dir"
        }
    }
}
