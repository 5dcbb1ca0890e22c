/// Comparisons across cases: configuration ratios and scaling exponents.
///
/// Ratios compare each configuration with the benchmark's first (reference)
/// configuration at the same size, per metric, with a bootstrap interval. Scaling fits
/// each configuration's metric across sizes (``ScalingFit``). Only passed cases count.
/// Cost: one bootstrap per ratio (1,000 resamples) and one fit per scaling line.
public struct RunAnalysis: Hashable, Sendable, Codable {
    /// Ratios of medians against the reference configuration.
    public let ratios: [MedianRatio]
    /// Scaling exponents per benchmark, configuration and metric.
    public let scaling: [ScalingResult]

    /// Analyzes `cases`; `seed` drives the bootstrap.
    public init(cases: [CaseResult], seed: UInt64) {
        let passed = cases.filter { $0.status == .passed }
        ratios = Self.ratios(passed, seed: seed)
        scaling = Self.scaling(passed)
    }

    private static func ratios(_ cases: [CaseResult], seed: UInt64) -> [MedianRatio] {
        let byGroup = Dictionary(grouping: cases) { "\($0.key.benchmark)#\($0.key.size)" }
        return byGroup.keys.sorted().flatMap { group -> [MedianRatio] in
            let members = byGroup[group]!
            let reference = members[0]
            return members.dropFirst().flatMap { member in
                member.metrics.compactMap { result in
                    guard let base = reference.metric(result.metric) else { return nil }
                    return MedianRatio(
                        member: member, reference: reference, result, base, seed: seed)
                }
            }
        }
    }

    private static func scaling(_ cases: [CaseResult]) -> [ScalingResult] {
        let byLine = Dictionary(grouping: cases) { "\($0.key.benchmark)#\($0.key.configuration)" }
        return byLine.keys.sorted().flatMap { line -> [ScalingResult] in
            let members = byLine[line]!.sorted { $0.key.size < $1.key.size }
            return members[0].metrics.compactMap { ScalingResult(members, metric: $0.metric) }
        }
    }
}

/// The median of a metric in one configuration divided by the reference's.
public struct MedianRatio: Hashable, Sendable, Codable {
    /// The benchmark.
    public let benchmark: BenchmarkID
    /// The size.
    public let size: Int
    /// The metric's name.
    public let metric: String
    /// The configuration compared.
    public let configuration: String
    /// The reference (first) configuration.
    public let reference: String
    /// median(configuration) / median(reference).
    public let ratio: Double
    /// Bootstrap 95% interval of the ratio.
    public let interval: Interval

    init?(
        member: CaseResult, reference: CaseResult, _ result: MetricResult, _ base: MetricResult,
        seed: UInt64
    ) {
        // A baseline keeps statistics without samples: no interval can be drawn then.
        guard !result.samples.isEmpty, !base.samples.isEmpty,
            let (ratio, interval) = Bootstrap.ratioOfMedians(
                result.samples, base.samples, seed: seed)
        else { return nil }
        benchmark = member.key.benchmark
        size = member.key.size
        metric = result.metric.name
        configuration = member.key.configuration
        self.reference = reference.key.configuration
        self.ratio = ratio
        self.interval = interval
    }
}

/// How one configuration's metric grows across sizes.
public struct ScalingResult: Hashable, Sendable, Codable {
    /// The benchmark.
    public let benchmark: BenchmarkID
    /// The configuration.
    public let configuration: String
    /// The metric's name.
    public let metric: String
    /// The sizes fitted.
    public let sizes: [Int]
    /// The fit.
    public let fit: ScalingFit

    init?(_ cases: [CaseResult], metric: Metric) {
        let points = cases.flatMap { member in
            (member.metric(metric)?.samples ?? []).map {
                (size: Double(member.key.size), value: $0)
            }
        }
        guard let fit = ScalingFit(points: points) else { return nil }
        benchmark = cases[0].key.benchmark
        configuration = cases[0].key.configuration
        self.metric = metric.name
        sizes = cases.map(\.key.size)
        self.fit = fit
    }
}
