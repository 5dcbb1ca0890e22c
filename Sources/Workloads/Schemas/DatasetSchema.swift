import ObjectGraph

/// A benchmark schema: an ObjectGraph model plus how to fill it at any size.
///
/// Everything the schema does not say is derived from the model (attribute types,
/// relationships, optionality), so any model can be generated; ``social`` is the one
/// the suites use.
public struct DatasetSchema: Sendable {
    /// How many rows an entity gets for a dataset size.
    public enum Count: Sendable, Hashable {
        /// size × numerator / denominator (at least 1).
        case ratio(Int, Int)
        /// A fixed number, whatever the size.
        case fixed(Int)

        /// The row count at `size`.
        public func rows(at size: Int) -> Int {
            switch self {
            case .ratio(let numerator, let denominator):
                return max(1, size * numerator / denominator)
            case .fixed(let count): return count
            }
        }

        /// "size × 2", "size / 10", "200".
        public var description: String {
            switch self {
            case .ratio(let numerator, 1): return numerator == 1 ? "size" : "size × \(numerator)"
            case .ratio(1, let denominator): return "size / \(denominator)"
            case .ratio(let numerator, let denominator):
                return "size × \(numerator) / \(denominator)"
            case .fixed(let count): return "\(count)"
            }
        }
    }

    /// The plan for one entity; unnamed attributes and relationships get defaults.
    public struct EntityPlan: Sendable {
        public var count: Count
        public var values: [String: ValueRecipe]
        public var links: [String: LinkRecipe]

        /// A plan.
        public init(
            count: Count, values: [String: ValueRecipe] = [:], links: [String: LinkRecipe] = [:]
        ) {
            self.count = count
            self.values = values
            self.links = links
        }
    }

    /// The schema's name (`social`), part of every dataset's cache key.
    public let name: String
    /// The model datasets are stored in.
    public let model: ManagedObjectModel
    /// Plans by entity name; entities without one get `size` rows and default values.
    public let plans: [String: EntityPlan]
    /// Predicates worth knowing the selectivity of (printed by `bench generate --describe`).
    public let probes: [SelectivityProbe]

    /// A schema.
    public init(
        name: String, model: ManagedObjectModel, plans: [String: EntityPlan] = [:],
        probes: [SelectivityProbe] = []
    ) {
        self.name = name
        self.model = model
        self.plans = plans
        self.probes = probes
    }

    /// The plan of `entity`, or the default one.
    func plan(for entity: String) -> EntityPlan {
        plans[entity] ?? EntityPlan(count: .ratio(1, 1))
    }
}

/// A predicate of interest for a schema, for `bench generate --describe`.
public struct SelectivityProbe: Sendable, Hashable {
    /// The entity fetched.
    public let entity: String
    /// The predicate format string.
    public let predicate: String

    /// A probe.
    public init(entity: String, predicate: String) {
        self.entity = entity
        self.predicate = predicate
    }
}
