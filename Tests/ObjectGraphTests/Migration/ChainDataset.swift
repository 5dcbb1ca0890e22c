import Foundation
import ObjectGraph

/// A seeded dataset for any model, driven by its entity descriptions alone: the
/// migration chain tests fill a store of each model version with it.
///
/// Every concrete entity gets `rowsPerEntity` objects. Attributes get a value of their
/// type (optional ones are nil one time in ten), unique within the entity so
/// uniqueness constraints hold; to-one relationships point at a random object of the
/// destination (one-to-ones pair objects by index), and to-many relationships whose
/// inverse is not a to-one (many-to-many, or no inverse) get up to three objects.
/// Transient, derived and non-plain attributes are left alone.
struct ChainDataset {
    /// Objects per concrete entity.
    var rowsPerEntity = 200
    /// The seed of the value generator; the same seed gives the same store.
    var seed: UInt64 = 20

    /// Inserts the dataset into `context` and saves it.
    func fill(_ context: ManagedObjectContext, model: ManagedObjectModel) throws {
        let shape = ModelShape(model)
        var random = SplitMix64(seed: seed)
        var objects: [String: [ManagedObject]] = [:]
        for entity in shape.concreteEntities {
            objects[entity.name] = (0..<rowsPerEntity).map { row in
                let object = context.insertNewObject(forEntityName: entity.name)
                for attribute in shape.attributes(of: entity.name) where isGenerated(attribute) {
                    let value = Self.value(for: attribute, entity: entity.name, row: row, &random)
                    object.setValue(value, forKey: attribute.name)
                }
                return object
            }
        }
        for entity in shape.concreteEntities {
            for relationship in shape.relationships(of: entity.name) {
                let targets = shape.descendants(of: relationship.destination)
                    .flatMap { objects[$0] ?? [] }
                guard !targets.isEmpty else { continue }
                connect(objects[entity.name] ?? [], relationship, targets, shape, &random)
            }
        }
        try context.save()
    }

    private func isGenerated(_ attribute: AttributeDescription) -> Bool {
        !attribute.isTransient && attribute.derivationExpression == nil
            && attribute.valueKind == .plain
    }

    // MARK: - Relationships

    private func connect(
        _ owners: [ManagedObject], _ relationship: RelationshipDescription,
        _ targets: [ManagedObject], _ shape: ModelShape, _ random: inout SplitMix64
    ) {
        guard !relationship.isTransient else { return }
        let inverse = shape.inverse(of: relationship)
        if !relationship.isToMany {
            let isOneToOne = inverse.map { !$0.isToMany } ?? false
            for (row, owner) in owners.enumerated() {
                if isOneToOne {
                    if row < targets.count {
                        owner.setValue(targets[row], forKey: relationship.name)
                    }
                } else if !relationship.isOptional || random.next() % 10 != 0 {
                    owner.setValue(targets[random.below(targets.count)], forKey: relationship.name)
                }
            }
            return
        }
        // A to-many whose inverse is a to-one is filled from the to-one's side; a
        // many-to-many from the side whose name sorts first.
        if let inverse {
            guard inverse.isToMany else { return }
            guard relationship.name <= inverse.name else { return }
        }
        for owner in owners {
            let count = max(relationship.minCount, random.below(4))
            let limit = relationship.maxCount > 0 ? min(count, relationship.maxCount) : count
            let chosen = (0..<min(limit, targets.count)).map { _ in
                targets[random.below(targets.count)]
            }
            var seen = Set<ObjectIdentifier>()
            let distinct = chosen.filter { seen.insert(ObjectIdentifier($0)).inserted }
            owner.setValue(distinct, forKey: relationship.name)
        }
    }

    // MARK: - Attribute values

    /// A value of `attribute`'s type for object `row`, unique within the entity.
    static func value(
        for attribute: AttributeDescription, entity: String, row: Int,
        _ random: inout SplitMix64
    ) -> (any Sendable)? {
        if attribute.isOptional && random.next() % 10 == 0 { return nil }
        let salt = Int(random.next() % 1000)
        switch attribute.type {
        case .integer16, .integer32, .integer64:
            return integer(row: row, salt: salt, attribute)
        case .double, .float: return Double(row) + Double(salt) / 1024
        case .decimal: return Decimal(row) + Decimal(salt) / 100
        case .string: return string(entity: entity, row: row, salt: salt, attribute)
        case .boolean: return (row + salt) % 2 == 0
        case .date: return Date(timeIntervalSinceReferenceDate: Double(row * 3600 + salt))
        case .binary: return Data([UInt8(row % 256), UInt8(row / 256 % 256), UInt8(salt % 256)])
        case .uuid:
            return UUID(uuidString: String(format: "%08lX-0000-4000-8000-%012lX", row, salt))
        case .uri: return URL(string: "https://example.com/\(entity)/\(row)?\(salt)")
        }
    }

    private static func integer(row: Int, salt: Int, _ attribute: AttributeDescription) -> Int64 {
        let low = attribute.minimumValue.map { Int64($0) } ?? 0
        let high = attribute.maximumValue.map { Int64($0) } ?? Int64(Int16.max)
        guard high > low else { return low }
        return low + Int64(row + salt) % (high - low + 1)
    }

    private static func string(
        entity: String, row: Int, salt: Int, _ attribute: AttributeDescription
    ) -> String {
        var text = "\(entity).\(attribute.name) #\(row) ~\(salt)"
        if let maximum = attribute.maximumValue, Double(text.count) > maximum {
            text = String(String(row, radix: 36).suffix(max(1, Int(maximum))))
        }
        if let minimum = attribute.minimumValue, Double(text.count) < minimum {
            text += String(repeating: "_", count: Int(minimum) - text.count)
        }
        return text
    }
}

/// SplitMix64: a small, fast generator whose whole state is one seed.
struct SplitMix64 {
    private var state: UInt64

    /// A generator starting at `seed`.
    init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A number in `0..<bound` (`bound` > 0).
    mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }
}
