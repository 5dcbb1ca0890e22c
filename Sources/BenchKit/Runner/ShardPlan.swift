/// Which shard runs each scenario-and-size group, chosen so the shards' predicted
/// times are as even as the groups allow.
///
/// Groups stay whole (all configurations of a scenario at a size run in one process
/// tree, as their checksums are compared there). The plan is the longest-first greedy
/// one: groups by descending cost (ties in run order), each to the shard with the
/// least predicted time so far (ties to the lowest number). Every shard of a CI job
/// computes the same plan from the same costs, so no plan file has to travel.
///
/// Cost: a sort of the groups and a pass over the shards per group.
public struct ShardPlan: Hashable, Sendable {
    /// One group's place in the plan.
    public struct Entry: Hashable, Sendable {
        /// `suite/scenario`.
        public let benchmark: String
        /// The size.
        public let size: Int
        /// The shard, 1...count.
        public let shard: Int
        /// The predicted cost (seconds when measured, cases otherwise).
        public let cost: Double
    }

    /// The entries in run order.
    public let entries: [Entry]
    /// How many shards.
    public let count: Int
    /// What the costs are: `measured seconds` or `cases`.
    public let unit: String

    /// Plans `groups` (benchmark ID and size, in run order) over `count` shards.
    public init(groups: [(benchmark: String, size: Int)], count: Int, costs: ShardCosts) {
        precondition(count >= 1, "shard count \(count)")
        let priced = groups.enumerated().map { offset, group in
            (offset, group, costs.cost(benchmark: group.benchmark, size: group.size))
        }
        var loads = Array(repeating: 0.0, count: count)
        var shardOf = Array(repeating: 0, count: groups.count)
        for (offset, _, cost) in priced.sorted(by: { $0.2 > $1.2 || ($0.2 == $1.2 && $0.0 < $1.0) })
        {
            let lightest = loads.indices.min {
                loads[$0] < loads[$1] || (loads[$0] == loads[$1] && $0 < $1)
            }!
            loads[lightest] += cost
            shardOf[offset] = lightest + 1
        }
        entries = priced.map { offset, group, cost in
            Entry(benchmark: group.benchmark, size: group.size, shard: shardOf[offset], cost: cost)
        }
        self.count = count
        unit = costs.unit
    }

    /// A plan read from a file (``read(from:)``).
    init(entries: [Entry], count: Int, unit: String) {
        self.entries = entries
        self.count = count
        self.unit = unit
    }

    /// The predicted total of each shard, 1...count in order.
    public var predictedTotals: [Double] {
        (1...count).map { shard in entries.filter { $0.shard == shard }.reduce(0) { $0 + $1.cost } }
    }

    /// Whether the group at `position` (run order, from 0) is in `shard`.
    public func includes(position: Int, in shard: Int) -> Bool {
        entries[position].shard == shard
    }
}

/// What each scenario-and-size group costs, for ``ShardPlan``: measured from a
/// results file (``CaseResult/elapsedNanoseconds``, else the wall-time median times
/// the iterations), or one per case when nothing was measured.
public struct ShardCosts: Hashable, Sendable {
    private let seconds: [String: Double]
    private let caseCounts: [String: Int]
    /// `measured seconds` when a results file gave costs, `cases` otherwise.
    public let unit: String

    /// One per case of each group: `caseCounts` by `benchmark@size`.
    public init(caseCounts: [String: Int]) {
        seconds = [:]
        self.caseCounts = caseCounts
        unit = "cases"
    }

    /// Measured costs from `results`; a group it lacks costs the mean of those it has
    /// (a scenario added since the results were recorded).
    public init(results: RunResults, caseCounts: [String: Int]) {
        var seconds: [String: Double] = [:]
        for result in results.cases {
            guard let cost = Self.seconds(of: result) else { continue }
            seconds[Self.key(result.key.benchmark.description, result.key.size), default: 0] += cost
        }
        self.init(seconds: seconds, caseCounts: caseCounts)
    }

    /// How many of a case's most recent runs ``init(history:caseCounts:runs:)`` takes
    /// the median of.
    public static let historyRuns = 5

    /// Measured costs from a history (``HistoryFile``, oldest record first): each case
    /// costs the median of its ``HistoryCase/elapsedNanoseconds`` over the last `runs`
    /// records that hold it, among the records of the newest record's environment
    /// (``HistoryRecord/environment``: another machine's times would mislead); a group
    /// costs the sum of its cases, and a group none of whose cases has a time costs
    /// the mean of those that have one, as with a results file. Records without
    /// elapsed times (written before they were kept) count for nothing; with none
    /// left the costs are case counts.
    public init(history: [HistoryRecord], caseCounts: [String: Int], runs: Int = historyRuns) {
        precondition(runs >= 1, "history runs \(runs)")
        let environment = history.last?.environment
        var samples: [CaseKey: [Double]] = [:]
        for record in history.reversed() where record.environment == environment {
            for item in record.cases {
                guard let elapsed = item.elapsedNanoseconds,
                    samples[item.key, default: []].count < runs
                else { continue }
                samples[item.key, default: []].append(Double(elapsed) / 1e9)
            }
        }
        var seconds: [String: Double] = [:]
        // Summed in key order, so every process prices a group to the same bit.
        for key in samples.keys.sorted() {
            seconds[Self.key(key.benchmark.description, key.size), default: 0] +=
                Statistics.median(samples[key] ?? [])
        }
        self.init(seconds: seconds, caseCounts: caseCounts)
    }

    private init(seconds: [String: Double], caseCounts: [String: Int]) {
        self.seconds = seconds
        self.caseCounts = caseCounts
        unit = seconds.isEmpty ? "cases" : "measured seconds"
    }

    /// `benchmark@size`.
    public static func key(_ benchmark: String, _ size: Int) -> String { "\(benchmark)@\(size)" }

    /// The cost of one group.
    public func cost(benchmark: String, size: Int) -> Double {
        let key = Self.key(benchmark, size)
        guard !seconds.isEmpty else { return Double(caseCounts[key] ?? 1) }
        return seconds[key] ?? seconds.values.reduce(0, +) / Double(seconds.count)
    }

    /// A case's measured seconds: its recorded share of the group, else its timed
    /// median times every iteration it ran; nil when neither is known.
    static func seconds(of result: CaseResult) -> Double? {
        if let elapsed = result.elapsedNanoseconds { return Double(elapsed) / 1e9 }
        guard let wall = result.metric(.wallTime) else { return nil }
        let iterations = result.iterations.values.reduce(0, +)
        return wall.summary.median * Double(max(iterations, 1)) / 1e9
    }
}
