/// One N+1 pattern the detector found in a case's SQL: a per-row lookup repeated once
/// per object, with what it probably loads and how to avoid it.
///
/// Cost: a few strings.
public struct NPlusOneFinding: Hashable, Sendable, Codable {
    /// What the repeated statement loads.
    public enum Pattern: String, Hashable, Sendable, Codable {
        /// `… FROM ZUSER t0 WHERE t0.Z_PK = ?`: objects faulted in one at a time.
        case objectFault
        /// `… FROM ZPOST t0 WHERE t0.ZAUTHOR = ?`: a to-many fault per owner.
        case toManyFault
        /// `… FROM Z_1TAGS t1 JOIN ZTAG t0 … WHERE t1.Z_1POSTS = ?`: a many-to-many fault.
        case manyToManyFault
        /// A repeated lookup whose shape is not one of the above.
        case repeatedLookup
    }

    /// The case where the pattern was seen (the largest size, when several).
    public let key: CaseKey
    /// The repeated statement's fingerprint.
    public let fingerprint: String
    /// Executions of it in one iteration at that size.
    public let count: Int
    /// Total statements of the iteration.
    public let statementCount: Int
    /// Executions per size when the count was seen to grow linearly with size.
    public let growth: [SizeCount]
    /// What the statement loads.
    public let pattern: Pattern
    /// The relationship, when it can be inferred: `Post.author`, `User`, `tags`.
    public let relationship: String?
    /// The fix, in one sentence.
    public let suggestion: String

    /// Makes a finding.
    public init(
        key: CaseKey, fingerprint: String, count: Int, statementCount: Int, growth: [SizeCount],
        pattern: Pattern, relationship: String?, suggestion: String
    ) {
        self.key = key
        self.fingerprint = fingerprint
        self.count = count
        self.statementCount = statementCount
        self.growth = growth
        self.pattern = pattern
        self.relationship = relationship
        self.suggestion = suggestion
    }
}

/// A statement count at one size.
public struct SizeCount: Hashable, Sendable, Codable {
    /// The size.
    public let size: Int
    /// The count.
    public let count: Int

    /// Makes a pair.
    public init(size: Int, count: Int) {
        self.size = size
        self.count = count
    }
}
