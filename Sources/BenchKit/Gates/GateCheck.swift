import Foundation

/// The gate as a run or a comparison applies it: a loaded baseline and thresholds,
/// applied to a run's results.
///
/// Shared by `bench compare`, `bench run --baseline` and `bench run --against` (through
/// ``RunSession``). Loading reads two files at most; applying is
/// ``GateEvaluator``'s pure comparison. Printing the verdicts is the caller's.
public struct GateCheck: Sendable {
    /// The baseline's path, as given (or the reference's name for `--against`).
    public let baselinePath: String
    /// The baseline.
    public let baseline: RunResults
    /// The rules.
    public let thresholds: GateThresholds
    /// Whether results made from other data may still be compared.
    public let allowsDatasetChange: Bool
    /// The thresholds file's path, if one was given.
    public let thresholdsPath: String?
    /// Gate allocation and instruction counts against a baseline from another
    /// environment too (``GateEvaluator/gatesAcrossEnvironments``).
    public var gatesAcrossEnvironments = false
    /// The baselines of other environments beside the file (``BaselineSet``): a run is
    /// gated against the one of its environment. Only ``baseline`` for a run
    /// directory, a reference build, or a file without siblings.
    public let baselines: BaselineSet

    /// Reads the baseline (a file or a run directory) and the thresholds file, if any.
    /// - Parameters:
    ///   - path: A `results.json` (a baseline is one) or a run directory holding one.
    ///   - thresholds: The thresholds file; nil for the built-in rules.
    ///   - allowsDatasetChange: Compare even when the datasets' hashes differ.
    /// - Throws: ``ResultsFileError`` for a missing, malformed or wrong-version file.
    ///
    /// A baseline file `DIR/NAME.json` brings its siblings `DIR/NAME.env-<id>.json`, the
    /// same baseline recorded in other environments; ``apply(to:)`` picks one.
    public init(baseline path: String, thresholds: String?, allowsDatasetChange: Bool) throws {
        let primary = try RunResults.read(from: URL(fileURLWithPath: RunResults.file(at: path)))
        try self.init(
            reference: primary, name: path, thresholds: thresholds,
            allowsDatasetChange: allowsDatasetChange,
            baselines: BaselineSet(primary: path, results: primary))
    }

    /// Gates against `reference`, already in memory (`bench run --against`), named
    /// `name` in reports.
    /// - Parameters:
    ///   - reference: The results to compare with.
    ///   - name: How the comparison names the reference.
    ///   - thresholds: The thresholds file; nil for `defaults`.
    ///   - allowsDatasetChange: Compare even when the datasets' hashes differ.
    ///   - defaults: The rules when no thresholds file is given.
    /// - Throws: ``ResultsFileError`` for a malformed thresholds file.
    public init(
        reference: RunResults, name: String, thresholds: String?, allowsDatasetChange: Bool,
        defaults: GateThresholds = GateThresholds()
    ) throws {
        try self.init(
            reference: reference, name: name, thresholds: thresholds,
            allowsDatasetChange: allowsDatasetChange, defaults: defaults,
            baselines: BaselineSet(member: .init(path: name, results: reference)))
    }

    private init(
        reference: RunResults, name: String, thresholds: String?, allowsDatasetChange: Bool,
        defaults: GateThresholds = GateThresholds(), baselines: BaselineSet
    ) throws {
        self.baselines = baselines
        baselinePath = name
        baseline = reference
        self.thresholds =
            try thresholds.map { try GateThresholds.read(from: URL(fileURLWithPath: $0)) }
            ?? defaults
        self.allowsDatasetChange = allowsDatasetChange
        thresholdsPath = thresholds
    }

    /// The rules of a same-machine A/B run (`bench run --against`) without a thresholds
    /// file: CPU times are reported, not gated. Linux samples user and system time at
    /// the timer tick and splits a process's run time between them by its whole life's
    /// ratio, so a sub-millisecond body's `cpuUser` delta depends on how the worker
    /// started (in A/A runs against the same build through a wrapper, 4 of 10 runs
    /// failed on `cpuUser`, P(current>baseline) about 0.7, none on `wallTime`).
    public static let pairedDefaults = GateThresholds(
        metrics: [
            Metric.cpuUser.name: GateRule(gate: false),
            Metric.cpuSystem.name: GateRule(gate: false),
        ])

    /// The paths (`metrics.wallTme`, `benchmarks.nowhere/case`) of the thresholds
    /// file's rules that name a metric or benchmark found in neither the baseline nor
    /// `results`: likely misspellings. Empty without a thresholds file.
    public func unmatchedRules(in results: RunResults) -> [String] {
        guard thresholdsPath != nil else { return [] }
        return GateEvaluator(thresholds: thresholds).unmatchedRules(in: [baseline, results])
    }

    /// `results` with the comparison filled in, against the baseline of its
    /// environment (``BaselineSet/choice(for:)``).
    /// - Throws: ``ResultsFileError`` when datasets changed and that is not allowed.
    public func apply(to results: RunResults) throws -> RunResults {
        let choice = baselines.choice(for: CounterEnvironment(results.environment))
        let baseline = choice.member.results
        let baselinePath = choice.member.path
        let changes = Baseline.datasetChanges(baseline: baseline, current: results)
        if !changes.isEmpty && !allowsDatasetChange {
            throw ResultsFileError(
                path: baselinePath,
                reason: changes.joined(separator: "; ")
                    + " (regenerate the baseline, or pass --allow-dataset-change)")
        }
        var gated = results
        gated.comparison = GateEvaluator(
            thresholds: thresholds, gatesAcrossEnvironments: gatesAcrossEnvironments
        ).compare(
            baseline: baseline, current: results, name: baselinePath)
        gated.comparison?.baselineChoice = choice.note
        return gated
    }
}
