/// How much a finding costs and what shows it: counts, rows, time, plans, and the
/// measured effect of the alternatives.
///
/// Every field is optional because producers know different things: a level-1 log
/// has counts and times but no plans; a replay adds plans and timings per size; the
/// lab adds other configurations' measurements. Cost: small arrays.
public struct FindingEvidence: Hashable, Sendable, Codable {
    /// The fingerprints of the statements involved.
    public var fingerprints: [String]
    /// Executions of the pattern.
    public var statementCount: Int?
    /// Statements of the whole log or case, for scale.
    public var totalStatements: Int?
    /// Rows involved, when known.
    public var rows: Int?
    /// Time spent in the pattern, in seconds (logged or measured).
    public var seconds: Double?
    /// Its share of the log's or case's time, 0 to 1.
    public var share: Double?
    /// Query plans behind it.
    public var plans: [FindingPlan]
    /// Measured alternatives: the fix run beside the original.
    public var alternatives: [MeasuredAlternative]
    /// The pattern's time at each size, when measured at several.
    public var growth: [GrowthPoint]
    /// The scaling exponent fitted to ``growth`` (1 is linear).
    public var growthExponent: Double?
    /// What could not be measured, and why.
    public var notes: [String]

    /// Evidence.
    public init(
        fingerprints: [String] = [], statementCount: Int? = nil, totalStatements: Int? = nil,
        rows: Int? = nil, seconds: Double? = nil, share: Double? = nil,
        plans: [FindingPlan] = [], alternatives: [MeasuredAlternative] = [],
        growth: [GrowthPoint] = [], growthExponent: Double? = nil, notes: [String] = []
    ) {
        self.fingerprints = fingerprints
        self.statementCount = statementCount
        self.totalStatements = totalStatements
        self.rows = rows
        self.seconds = seconds
        self.share = share
        self.plans = plans
        self.alternatives = alternatives
        self.growth = growth
        self.growthExponent = growthExponent
        self.notes = notes
    }
}

/// A query plan and where it came from.
public struct FindingPlan: Hashable, Sendable, Codable {
    /// The statement's fingerprint.
    public var fingerprint: String
    /// The plan rows.
    public var steps: [QueryPlanStep]
    /// `log` (level 4), `replay 100k`, `run`.
    public var source: String

    /// A plan.
    public init(fingerprint: String, steps: [QueryPlanStep], source: String) {
        self.fingerprint = fingerprint
        self.steps = steps
        self.source = source
    }
}

/// An alternative measured beside the original: a fixed statement in a replay, or
/// another configuration of the same scenario in a run.
public struct MeasuredAlternative: Hashable, Sendable, Codable {
    /// Its name (`prefetch`, `index on ZPOST.ZAUTHOR`).
    public var name: String
    /// What it changes.
    public var description: String
    /// The size it was measured at.
    public var size: Int?
    /// Statements it runs for the same work.
    public var statements: Int?
    /// The original's time, in seconds.
    public var originalSeconds: Double?
    /// Its time, in seconds.
    public var seconds: Double?
    /// Its plan, when it has one.
    public var plan: [QueryPlanStep]?

    /// An alternative.
    public init(
        name: String, description: String, size: Int? = nil, statements: Int? = nil,
        originalSeconds: Double? = nil, seconds: Double? = nil, plan: [QueryPlanStep]? = nil
    ) {
        self.name = name
        self.description = description
        self.size = size
        self.statements = statements
        self.originalSeconds = originalSeconds
        self.seconds = seconds
        self.plan = plan
    }

    /// How many times faster than the original (above 1) or slower (below 1).
    public var speedup: Double? {
        guard let originalSeconds, let seconds, seconds > 0 else { return nil }
        return originalSeconds / seconds
    }
}

/// A time at one size.
public struct GrowthPoint: Hashable, Sendable, Codable {
    /// The size (rows of the primary entity).
    public var size: Int
    /// The time, in seconds.
    public var seconds: Double

    /// A point.
    public init(size: Int, seconds: Double) {
        self.size = size
        self.seconds = seconds
    }
}
