/// Why the engine ran a statement, when it said so: a lookup by an ID the caller holds,
/// or a delete rule reading what it must update. The recorder tags a statement group
/// with the cause of its executions, so findings can tell `existingObject(with:)` from
/// an N+1 and attribute delete-rule reads to the rule.
///
/// Cost: a few strings per statement group.
public struct StatementCause: Hashable, Sendable, Codable {
    /// What kind of work.
    public enum Kind: String, Hashable, Sendable, Codable {
        /// `existingObject(with:)`: a fetch by an ID the caller already holds.
        case lookup
        /// A delete rule reading the related objects of a deleted object.
        case deleteRule = "delete-rule"
    }

    /// What kind of work.
    public let kind: Kind
    /// The entity looked up, or whose object was deleted.
    public let entity: String
    /// The relationship whose delete rule ran.
    public let relationship: String?
    /// The rule (`nullify`, `cascade`).
    public let rule: String?

    /// A cause.
    public init(kind: Kind, entity: String, relationship: String? = nil, rule: String? = nil) {
        self.kind = kind
        self.entity = entity
        self.relationship = relationship
        self.rule = rule
    }
}
