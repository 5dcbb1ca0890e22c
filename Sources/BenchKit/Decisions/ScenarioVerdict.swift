/// Which configuration of one scenario to use: the winner at each measured size with
/// its interval, the size where the winner changes, and why, from the counters.
///
/// The floor (a `raw` configuration) is hand-written SQL the code under test is
/// measured against, not a choice, so it never wins; each size says how far the
/// winner is from it. Configurations whose median interval overlaps the winner's are
/// tied with it: within noise nobody wins. Pure function of the results. Cost: one
/// bootstrap of a ratio per size.
public struct ScenarioVerdict: Hashable, Sendable, Codable {
    /// The scenario.
    public let scenario: BenchmarkID
    /// One verdict per size with at least one passed configuration, ascending.
    public let sizes: [SizeVerdict]
    /// Where the winner changes between two measured sizes.
    public let crossovers: [Crossover]

    /// The verdict of the sizes in `cases` (one scenario's), nil when no configuration
    /// other than the floor passed with a measured time.
    public init?(scenario: BenchmarkID, cases: [CaseResult], seed: UInt64) {
        let mine = cases.filter { $0.key.benchmark == scenario }
        let sizes = Set(mine.map(\.key.size)).sorted().compactMap {
            size -> SizeVerdict? in
            SizeVerdict(cases: mine.filter { $0.key.size == size }, seed: seed)
        }
        guard !sizes.isEmpty else { return nil }
        self.scenario = scenario
        self.sizes = sizes
        crossovers = zip(sizes, sizes.dropFirst()).compactMap { Crossover(from: $0, to: $1) }
    }

    /// Every scenario's verdict, in run order.
    public static func verdicts(of results: RunResults) -> [ScenarioVerdict] {
        var order: [BenchmarkID] = []
        for result in results.cases where !order.contains(result.key.benchmark) {
            order.append(result.key.benchmark)
        }
        return order.compactMap {
            ScenarioVerdict(scenario: $0, cases: results.cases, seed: results.settings.seed)
        }
    }

    /// The verdict at the largest size, which the headline speaks of.
    public var largest: SizeVerdict { sizes[sizes.count - 1] }

    /// One sentence for the scenario: the winner at the largest size with its margin,
    /// and any crossover. `count-subquery wins at 10k: 1.21 ms (1.18-1.25 ms), 4.4x
    /// faster than prefetch (95% CI 4.1-4.7x).`
    public var headline: String {
        var text = largest.sentence
        for crossover in crossovers { text += " " + crossover.sentence }
        return text
    }
}

/// The winner at one size.
public struct SizeVerdict: Hashable, Sendable, Codable {
    /// The size.
    public let size: Int
    /// The fastest configuration by median wall time (the floor excluded).
    public let winner: String
    /// Its median wall time, in nanoseconds.
    public let median: Double
    /// The 95% interval of its median.
    public let interval: Interval
    /// Configurations whose interval overlaps the winner's: tied with it.
    public let tied: [String]
    /// The fastest configuration not tied with the winner, with the winner's speedup
    /// over it.
    public let runnerUp: Margin?
    /// Why the winner is faster than the runner-up, from the counters; nil when no
    /// counter differs.
    public let why: String?
    /// The floor and how much faster it is than the winner.
    public let floor: Margin?

    /// A configuration compared with the winner.
    public struct Margin: Hashable, Sendable, Codable {
        /// The configuration.
        public let configuration: String
        /// Its median over the winner's (above 1: the winner is faster).
        public let ratio: Double
        /// The bootstrap 95% interval of the ratio, when samples were kept.
        public let interval: Interval?
    }

    /// The verdict of `cases` (one scenario, one size); nil when no configuration but
    /// the floor passed.
    init?(cases: [CaseResult], seed: UInt64) {
        let timed = cases.filter { $0.status == .passed && $0.metric(.wallTime) != nil }
        let candidates = timed.filter { !$0.isFloor(among: cases) }.sorted {
            ($0.metric(.wallTime)!.summary.median, $0.key.configuration)
                < ($1.metric(.wallTime)!.summary.median, $1.key.configuration)
        }
        guard let best = candidates.first, let time = best.metric(.wallTime) else { return nil }
        size = best.key.size
        winner = best.key.configuration
        median = time.summary.median
        interval = time.summary.medianInterval
        let high = time.summary.medianInterval.high
        let others = candidates.dropFirst()
        tied = others.filter { $0.metric(.wallTime)!.summary.medianInterval.low <= high }
            .map(\.key.configuration)
        let beaten = others.first { $0.metric(.wallTime)!.summary.medianInterval.low > high }
        runnerUp = beaten.map { Margin(of: $0, over: best, seed: seed) }
        why = beaten.flatMap { CounterContrast(winner: best, other: $0).sentence }
        floor = timed.first { $0.isFloor(among: cases) }.map {
            Margin(of: $0, over: best, seed: seed)
        }
    }

    /// `count-subquery wins at 10k: 1.21 ms (1.18-1.25 ms), 4.4x faster than prefetch
    /// (95% CI 4.1-4.7x); count-subquery runs 1 statement, prefetch 2.` A tie says so.
    public var sentence: String {
        let at = SizeFormat.short(size)
        let time = timeText
        var text =
            tied.isEmpty
            ? "\(winner) wins at \(at): \(time)"
            : "\(Self.list([winner] + tied)) tie at \(at) within noise; \(winner) \(time)"
        if let runnerUp {
            text += ", \(runnerUp.speedText)"
        }
        if let why { text += "; \(why)" }
        return text + "."
    }

    /// What to use: the winner, or `tie: a and b`.
    public var choice: String {
        tied.isEmpty ? winner : "tie: " + Self.list([winner] + tied)
    }

    /// The winner's median and its interval: `1.21 ms (1.18 ms-1.25 ms)`.
    public var timeText: String {
        "\(DecisionFormat.duration(median)) (\(DecisionFormat.duration(interval.low))-"
            + "\(DecisionFormat.duration(interval.high)))"
    }

    /// `a`, `a and b`, `a, b and c`.
    static func list(_ names: [String]) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
    }
}

extension SizeVerdict.Margin {
    /// `other`'s wall time over `winner`'s, with a bootstrap interval when both kept
    /// samples.
    init(of other: CaseResult, over winner: CaseResult, seed: UInt64) {
        configuration = other.key.configuration
        let theirs = other.metric(.wallTime)!
        let mine = winner.metric(.wallTime)!
        if !theirs.samples.isEmpty, !mine.samples.isEmpty,
            let (ratio, interval) = Bootstrap.ratioOfMedians(
                theirs.samples, mine.samples, seed: seed)
        {
            self.ratio = ratio
            self.interval = interval
        } else {
            ratio = mine.summary.median > 0 ? theirs.summary.median / mine.summary.median : 1
            interval = nil
        }
    }

    /// `4.4x faster than prefetch (95% CI 4.1-4.7x)`; `0.8x slower than raw` for a
    /// floor that is faster than the winner.
    public var speedText: String {
        let bounds = interval.map {
            " (95% CI \(DecisionFormat.significant($0.low))-\(DecisionFormat.ratio($0.high)))"
        }
        let speed =
            ratio >= 1
            ? "\(DecisionFormat.ratio(ratio)) faster" : "\(DecisionFormat.ratio(1 / ratio)) slower"
        return "\(speed) than \(configuration)\(bounds ?? "")"
    }
}

/// Where the winner changes between two measured sizes.
public struct Crossover: Hashable, Sendable, Codable {
    /// The smaller size.
    public let fromSize: Int
    /// The larger size.
    public let toSize: Int
    /// The winner at the smaller size.
    public let before: String
    /// The winner at the larger size.
    public let after: String

    /// A crossover when the winners of `first` and `second` differ and neither is tied
    /// with the other at either size.
    init?(from first: SizeVerdict, to second: SizeVerdict) {
        guard first.winner != second.winner, !first.tied.contains(second.winner),
            !second.tied.contains(first.winner)
        else { return nil }
        fromSize = first.size
        toSize = second.size
        before = first.winner
        after = second.winner
    }

    /// `The winner changes between 10k and 100k: prefetch up to 10k, batch-size from 100k.`
    public var sentence: String {
        "The winner changes between \(SizeFormat.short(fromSize)) and "
            + "\(SizeFormat.short(toSize)): \(before) at \(SizeFormat.short(fromSize)), "
            + "\(after) at \(SizeFormat.short(toSize))."
    }
}

extension CaseResult {
    /// Whether this is the scenario's floor: recorded as `raw`, or, in results written
    /// before kinds were recorded, named `raw`.
    public func isFloor(among cases: [CaseResult]) -> Bool {
        if let configurationKind { return configurationKind == .raw }
        return cases.allSatisfy { $0.configurationKind == nil } && key.configuration == "raw"
    }
}
