extension DatasetSchema {
    /// Every schema `bench generate --schema` knows, by name.
    public static let catalog: [DatasetSchema] = [.social]

    /// The schema named `name`.
    /// - Throws: ``DatasetError/unknownSchema(_:known:)``.
    public static func named(_ name: String) throws -> DatasetSchema {
        guard let schema = catalog.first(where: { $0.name == name }) else {
            throw DatasetError.unknownSchema(name, known: catalog.map(\.name))
        }
        return schema
    }
}
