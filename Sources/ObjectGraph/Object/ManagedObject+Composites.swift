import SQLiteDB

extension ManagedObject {
    // MARK: - Composite attributes

    /// A composite's value as Core Data gives it: a dictionary of its fields (nested
    /// composites as nested dictionaries), nil when no field has a value.
    ///
    /// Cost: fires the fault if needed; reads each leaf's stored value.
    func compositeValue(_ leaves: [(path: [String], index: Int)]) throws -> Any? {
        var result: [String: Any] = [:]
        var hasValue = false
        for (path, index) in leaves {
            let attribute = entity.attributes[index]
            let stored = try attributeStoredValue(index)
            let value: Any?
            do { value = try attribute.value(from: stored) } catch {
                throw KeyValueError.transformFailed(
                    entity: entity.name, key: attribute.name, error)
            }
            guard let value else { continue }
            hasValue = true
            Self.insert(value, at: path[...], into: &result)
        }
        return hasValue ? result : nil
    }

    /// Sets every field of a composite from a dictionary (nested dictionaries for
    /// nested composites); fields the dictionary leaves out become nil, keys that are
    /// no field are refused.
    ///
    /// - Throws: ``KeyValueError`` for a value that is not a dictionary, an unknown
    ///   field or a field value of the wrong type.
    func setComposite(_ value: Any?, key: String, leaves: [(path: [String], index: Int)])
        throws
    {
        let fields: [String: Any]
        switch value {
        case nil: fields = [:]
        case let dictionary as [String: Any]: fields = dictionary
        default:
            throw KeyValueError.wrongType(
                entity: entity.name, key: key, expected: "[String: Any]",
                actual: "\(type(of: value!))")
        }
        let known = Set(leaves.map { $0.path.joined(separator: ".") })
        for path in Self.paths(in: fields) where !known.contains(path) {
            throw KeyValueError.unknownKey(entity: entity.name, key: key + "." + path)
        }
        for (path, index) in leaves {
            try setCheckedValue(
                Self.value(at: path[...], in: fields), forKey: entity.attributes[index].name)
        }
    }

    private static func insert(
        _ value: Any, at path: ArraySlice<String>, into result: inout [String: Any]
    ) {
        guard let first = path.first else { return }
        if path.count == 1 {
            result[first] = value
            return
        }
        var nested = result[first] as? [String: Any] ?? [:]
        insert(value, at: path.dropFirst(), into: &nested)
        result[first] = nested
    }

    private static func value(at path: ArraySlice<String>, in fields: [String: Any]) -> Any? {
        guard let first = path.first, let value = fields[first] else { return nil }
        guard path.count > 1 else { return value }
        return (value as? [String: Any]).flatMap { Self.value(at: path.dropFirst(), in: $0) }
    }

    /// Every leaf key path of a (nested) dictionary.
    private static func paths(in fields: [String: Any]) -> [String] {
        fields.flatMap { key, value -> [String] in
            guard let nested = value as? [String: Any] else { return [key] }
            return paths(in: nested).map { key + "." + $0 }
        }
    }
}
