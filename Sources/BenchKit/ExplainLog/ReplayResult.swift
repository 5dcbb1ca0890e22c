/// What replaying a log's statements on a generated store measured: each distinct
/// statement's time, rows and plan at each size, how it grows, and the mechanical
/// fixes run beside it.
///
/// Made by the lab's replay (BenchmarkSuites' `LogReplay`), which needs the engine and a
/// generated store; held here so findings, reports and `explain.json` can carry it.
/// Cost: a few numbers per statement and size.
public struct ReplayResult: Hashable, Sendable, Codable {
    /// The sizes replayed (rows of the model's primary entity).
    public var sizes: [Int]
    /// The model's primary entity, whose row count a size is.
    public var primaryEntity: String
    /// Each replayed statement.
    public var statements: [ReplayedStatement]
    /// Statements not replayed, with the reason.
    public var skipped: [ReplaySkip]
    /// The primary entity's row count the log itself shows (an unfiltered fetch or
    /// count of its table), replayed as one of ``sizes``.
    public var loggedSize: Int?

    /// A result.
    public init(
        sizes: [Int], primaryEntity: String, statements: [ReplayedStatement] = [],
        skipped: [ReplaySkip] = [], loggedSize: Int? = nil
    ) {
        self.sizes = sizes
        self.primaryEntity = primaryEntity
        self.statements = statements
        self.skipped = skipped
        self.loggedSize = loggedSize
    }

    /// The replay of `fingerprint`, if it ran.
    public func statement(_ fingerprint: String) -> ReplayedStatement? {
        statements.first { $0.fingerprint == fingerprint }
    }
}

/// One distinct statement of the log, run at each size.
public struct ReplayedStatement: Hashable, Sendable, Codable {
    /// Its fingerprint in the log.
    public var fingerprint: String
    /// The SQL as run on the generated store.
    public var sql: String
    /// Where its bound values came from: `log` or `generated data`.
    public var valuesFrom: String
    /// A run per size, in size order.
    public var runs: [ReplayRun]
    /// The scaling exponent of its time across sizes (1 is linear).
    public var exponent: Double?
    /// Mechanical fixes run beside it.
    public var fixes: [ReplayedFix]

    /// A replayed statement.
    public init(
        fingerprint: String, sql: String, valuesFrom: String, runs: [ReplayRun],
        exponent: Double?, fixes: [ReplayedFix] = []
    ) {
        self.fingerprint = fingerprint
        self.sql = sql
        self.valuesFrom = valuesFrom
        self.runs = runs
        self.exponent = exponent
        self.fixes = fixes
    }

    /// The run at the largest size.
    public var largest: ReplayRun? { runs.max { $0.size < $1.size } }
}

/// One statement at one size.
public struct ReplayRun: Hashable, Sendable, Codable {
    /// The size.
    public var size: Int
    /// The median time of one execution, in seconds.
    public var seconds: Double
    /// Rows it returned.
    public var rows: Int
    /// Executions timed.
    public var repetitions: Int
    /// Its query plan.
    public var plan: [QueryPlanStep]

    /// A run.
    public init(size: Int, seconds: Double, rows: Int, repetitions: Int, plan: [QueryPlanStep]) {
        self.size = size
        self.seconds = seconds
        self.rows = rows
        self.repetitions = repetitions
        self.plan = plan
    }
}

/// A fixed form of a statement, run beside it.
public struct ReplayedFix: Hashable, Sendable, Codable {
    /// The finding it answers.
    public var kind: FindingKind
    /// Its name (`index on ZPOST.ZAUTHOR`, `one IN-list statement`).
    public var name: String
    /// What was changed, in SQL terms.
    public var description: String
    /// How many executions of the original one execution of the fix replaces (the N of
    /// an N+1; 1 otherwise).
    public var replaces: Int
    /// A run per size.
    public var runs: [ReplayRun]

    /// A fix.
    public init(
        kind: FindingKind, name: String, description: String, replaces: Int, runs: [ReplayRun]
    ) {
        self.kind = kind
        self.name = name
        self.description = description
        self.replaces = replaces
        self.runs = runs
    }
}

/// A statement the replay could not run.
public struct ReplaySkip: Hashable, Sendable, Codable {
    /// Its fingerprint.
    public var fingerprint: String
    /// Why (`truncated in the log`, `no such column: ZFOO`).
    public var reason: String

    /// A skip.
    public init(fingerprint: String, reason: String) {
        self.fingerprint = fingerprint
        self.reason = reason
    }
}
