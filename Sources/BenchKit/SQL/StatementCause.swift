/// Why the engine ran a statement, when it said so: a lookup by an ID the caller holds,
/// a delete rule reading what it must update, or a fault filling an object or a
/// to-many relationship. The recorder tags a statement group with the cause of its
/// executions, so findings can tell `existingObject(with:)` from an N+1, attribute
/// delete-rule reads to the rule, and name a fault's key path exactly as the model
/// spells it, from the entity the fetch started at.
///
/// Cost: a few strings per statement group.
public struct StatementCause: Hashable, Sendable, Codable {
    /// What kind of work.
    public enum Kind: String, Hashable, Sendable, Codable {
        /// `existingObject(with:)`: a fetch by an ID the caller already holds.
        case lookup
        /// A delete rule reading the related objects of a deleted object.
        case deleteRule = "delete-rule"
        /// An object fault: the row of an object of ``StatementCause/entity`` read on
        /// first access.
        case objectFault = "object-fault"
        /// A to-many fault: ``StatementCause/relationship`` of an object of
        /// ``StatementCause/entity`` read on first access.
        case toManyFault = "to-many-fault"
        /// A prefetch of ``StatementCause/keyPath`` (`relationshipKeyPathsForPrefetching`)
        /// by the fetch it belongs to: the key path a configuration measured, which a
        /// finding can quote when the model alone leaves it ambiguous.
        case prefetch
    }

    /// What kind of work.
    public let kind: Kind
    /// The entity looked up, whose object was deleted, whose object a fault filled, or
    /// that owns the faulted to-many.
    public let entity: String
    /// The relationship whose delete rule ran, or the faulted to-many.
    public let relationship: String?
    /// The rule (`nullify`, `cascade`).
    public let rule: String?
    /// For a fault: the entity of the fetch that ran before it, where a prefetch
    /// would start.
    public let fetchedEntity: String?
    /// For a fault: the key path from ``fetchedEntity`` that reaches the faulted
    /// objects (`author`, `author.posts`), in the model's spelling; nil when the model
    /// has none or more than one of the shortest length.
    public let keyPath: String?

    /// A cause.
    public init(
        kind: Kind, entity: String, relationship: String? = nil, rule: String? = nil,
        fetchedEntity: String? = nil, keyPath: String? = nil
    ) {
        self.kind = kind
        self.entity = entity
        self.relationship = relationship
        self.rule = rule
        self.fetchedEntity = fetchedEntity
        self.keyPath = keyPath
    }
}
