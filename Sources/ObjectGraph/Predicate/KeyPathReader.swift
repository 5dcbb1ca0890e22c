/// Reads key paths of a predicate from managed objects for the in-memory evaluator,
/// with the meaning their SQL has: a to-one path gives one value, a path through a
/// to-many gives every value at its end (nil to-ones on the way dropped, as the
/// subquery's inner joins drop them), and aggregates count or fold a to-many.
///
/// Cost: one key read per object on the way, which may fire faults.
struct KeyPathReader {
    /// The object the predicate is evaluated on.
    let root: ManagedObject
    /// `SUBQUERY` variables in scope.
    let variables: PredicateEvaluator.Variables

    /// The single value at the end of a key path without to-many relationships.
    ///
    /// - Throws: ``FetchError/toManyKeyPath(entity:keyPath:)`` for a to-many on the way.
    func value(_ keyPath: String) throws -> PredicateValue {
        let (start, keys) = try origin(keyPath)
        guard !keys.isEmpty else { return .object(start.objectID) }
        var object = start
        var last = keys.count - 1
        for (position, key) in keys.enumerated().dropLast() {
            // A composite's field is an attribute named by the rest of the path.
            if object.entity.hasComposites,
                object.entity.attribute(named: keys[position...].joined(separator: ".")) != nil
            {
                last = position
                break
            }
            guard let next = try toOne(object, key, keyPath) else { return .null }
            object = next
        }
        let value = try object.checkedValue(forKey: keys[last...].joined(separator: "."))
        if value is Set<ManagedObject> || value is [ManagedObject] {
            throw FetchError.toManyKeyPath(entity: root.entity.name, keyPath: keyPath)
        }
        return PredicateValue(value) ?? .null
    }

    /// Every value at the end of a key path, through to-one and to-many relationships.
    func values(_ keyPath: String) throws -> [PredicateValue] {
        let (start, keys) = try origin(keyPath)
        guard let last = keys.last else { return [.object(start.objectID)] }
        if try firstToMany(keys, from: start) == nil { return [try value(keyPath)] }
        let owners = try objects(along: keys.dropLast(), from: [start], keyPath)
        return try owners.flatMap { owner -> [PredicateValue] in
            let value = try owner.checkedValue(forKey: last)
            if let members = Self.members(value) { return members.map { .object($0.objectID) } }
            if let object = value as? ManagedObject { return [.object(object.objectID)] }
            if value == nil, owner.entity.relationship(named: last) != nil { return [] }
            return [PredicateValue(value) ?? .null]
        }
    }

    /// `collection.@count`, `collection.@sum.key`, `SUBQUERY(…).@count`.
    func aggregate(
        _ function: AggregateFunction, of collection: PredicateExpression, key: String?
    ) throws -> PredicateValue {
        var members: [ManagedObject]
        switch collection {
        case .keyPath(let keyPath):
            members = try self.members(keyPath)
        case .subquery(let keyPath, let variable, let predicate):
            members = try self.members(keyPath).filter { member in
                var scope = variables
                scope[variable] = member
                return try PredicateEvaluator.evaluate(predicate, on: member, variables: scope)
            }
        default:
            throw FetchError.unsupportedComparison("\(function.rawValue) of \(collection)")
        }
        guard let key else { return .integer(Int64(members.count)) }
        let values = try members.map {
            try KeyPathReader(root: $0, variables: variables).value(key)
        }.filter { $0 != .null }
        return Self.fold(function, values)
    }

    /// The members of a key path that ends at a to-many relationship.
    private func members(_ keyPath: String) throws -> [ManagedObject] {
        let (start, keys) = try origin(keyPath)
        let toMany = try firstToMany(keys, from: start)
        guard let toMany, toMany == keys.count - 1 else {
            if toMany == nil {
                throw FetchError.aggregateOnToOne(entity: root.entity.name, keyPath: keyPath)
            }
            throw FetchError.unsupportedComparison("aggregate of \(keyPath)")
        }
        let owners = try objects(along: keys.dropLast(), from: [start], keyPath)
        return try owners.flatMap { Self.members(try $0.checkedValue(forKey: keys[toMany])) ?? [] }
    }

    /// The object a key path starts from (a bound `$variable` or the root) and its keys.
    private func origin(_ keyPath: String) throws -> (ManagedObject, [String]) {
        var keys = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard let first = keys.first, first.hasPrefix("$") else { return (root, keys) }
        let name = String(first.dropFirst())
        guard let bound = variables[name] else { throw FetchError.unboundVariable(name) }
        keys.removeFirst()
        return (bound, keys)
    }

    private func objects(
        along keys: ArraySlice<String>, from start: [ManagedObject], _ keyPath: String
    ) throws -> [ManagedObject] {
        var current = start
        for key in keys {
            current = try current.flatMap { object -> [ManagedObject] in
                let value = try object.checkedValue(forKey: key)
                if let members = Self.members(value) { return members }
                if let next = value as? ManagedObject { return [next] }
                guard value == nil, object.entity.relationship(named: key) != nil else {
                    throw FetchError.unknownKeyPath(entity: root.entity.name, keyPath: keyPath)
                }
                return []
            }
        }
        return current
    }

    private func toOne(_ object: ManagedObject, _ key: String, _ keyPath: String) throws
        -> ManagedObject?
    {
        guard let relationship = object.entity.relationship(named: key) else {
            throw FetchError.unknownKeyPath(entity: root.entity.name, keyPath: keyPath)
        }
        guard !relationship.isToMany else {
            throw FetchError.toManyKeyPath(entity: root.entity.name, keyPath: keyPath)
        }
        return try object.checkedValue(forKey: key) as? ManagedObject
    }

    /// The index of the first to-many of `keys` from `start`'s entity, nil if none.
    private func firstToMany(_ keys: [String], from start: ManagedObject) throws -> Int? {
        var entity = start.entity
        for (index, key) in keys.enumerated() {
            if entity.hasComposites,
                entity.attribute(named: keys[index...].joined(separator: ".")) != nil
            {
                return nil
            }
            guard let relationship = entity.relationship(named: key) else { return nil }
            if relationship.isToMany { return index }
            guard let model = start.managedObjectContext?.coordinator.model else { return nil }
            entity = model.entity(id: relationship.destinationID)
        }
        return nil
    }

    private static func members(_ value: Any?) -> [ManagedObject]? {
        if let set = value as? Set<ManagedObject> { return Array(set) }
        return value as? [ManagedObject]
    }

    private static func fold(_ function: AggregateFunction, _ values: [PredicateValue])
        -> PredicateValue
    {
        switch function {
        case .count: return .integer(Int64(values.count))
        case .sum: return sum(values)
        case .avg:
            guard !values.isEmpty, case .double(let total) = sum(values.map(asDouble)) else {
                return .null
            }
            return .double(total / Double(values.count))
        case .min:
            return values.min { PredicateEvaluator.order($0, $1) == .orderedAscending } ?? .null
        case .max:
            return values.max { PredicateEvaluator.order($0, $1) == .orderedAscending } ?? .null
        }
    }

    private static func sum(_ values: [PredicateValue]) -> PredicateValue {
        var integer: Int64 = 0
        var double = 0.0
        var isInteger = true
        for value in values {
            switch value {
            case .integer(let int): integer &+= int
            case .bool(let bool): integer &+= bool ? 1 : 0
            default:
                isInteger = false
                double += asDoubleValue(value)
            }
        }
        return isInteger ? .integer(integer) : .double(double + Double(integer))
    }

    private static func asDouble(_ value: PredicateValue) -> PredicateValue {
        .double(asDoubleValue(value))
    }

    private static func asDoubleValue(_ value: PredicateValue) -> Double {
        switch value {
        case .integer(let int): return Double(int)
        case .double(let double): return double
        case .bool(let bool): return bool ? 1 : 0
        case .date(let date): return date.timeIntervalSinceReferenceDate
        default: return 0
        }
    }
}
