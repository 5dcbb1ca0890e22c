import Foundation

/// The complete, versioned record of one run: what `results.json` holds.
///
/// The schema is documented in docs/RESULTS.md; ``schemaVersion`` changes whenever a
/// field changes meaning or disappears, so baselines can refuse files they do not
/// understand. Adding an optional field does not change the version.
/// Cost: every raw sample of the run.
public struct RunResults: Hashable, Sendable, Codable {
    /// The schema version this build writes.
    public static let currentSchemaVersion = 1

    /// The schema version of this record.
    public var schemaVersion: Int
    /// A unique ID for the run: start timestamp plus label.
    public var runID: String
    /// A short label: the suites run, plus the shard.
    public var label: String
    /// When the run started and finished (ISO 8601 in JSON).
    public var startedAt: Date
    /// When the run finished.
    public var finishedAt: Date
    /// `git rev-parse HEAD` of the working directory, when it is a repository.
    public var gitCommit: String?
    /// The command line, program name first.
    public var commandLine: [String]
    /// The machine and toolchain.
    public var environment: RunEnvironment
    /// The options in force.
    public var settings: RunSettings
    /// True when the run was interrupted or shards are missing: not every case ran.
    public var isPartial: Bool
    /// The signal that stopped the run early (`SIGINT`, `SIGTERM`, `SIGHUP`); nil when
    /// none did.
    public var interruption: String?
    /// The shards merged into this record; empty for a run that was not sharded.
    public var shards: [Shard]
    /// Datasets the cases used.
    public var datasets: [DatasetRecord]
    /// One result per case, in run order.
    public var cases: [CaseResult]
    /// Groups whose configurations disagreed on the checksum.
    public var checksumMismatches: [ChecksumMismatch]
    /// Ratios and scaling exponents.
    public var analysis: RunAnalysis
    /// The comparison with a baseline, when the run was gated; nil otherwise.
    public var comparison: BaselineComparison?
    /// What the run left out of what it was asked to measure, one line each, so a
    /// report never looks complete when it is not: for `bench run --model`, the
    /// model's attributes and indexes the generated dataset does not fill (derived
    /// attributes, transformables it cannot generate, the app's value transformers),
    /// the model's validation warnings, and the scenario templates that could not be
    /// made. Nil (absent from the JSON) when nothing was left out.
    public var leftOut: [String]?

    /// Assembles a record from a runner's outcome, finding mismatches and analyzing.
    public init(
        runID: String, label: String, startedAt: Date, finishedAt: Date, gitCommit: String?,
        commandLine: [String], environment: RunEnvironment, settings: RunSettings,
        outcome: RunOutcome
    ) {
        schemaVersion = Self.currentSchemaVersion
        self.runID = runID
        self.label = label
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.gitCommit = gitCommit
        self.commandLine = commandLine
        self.environment = environment
        self.settings = settings
        isPartial = outcome.wasInterrupted
        interruption = nil
        shards = settings.shard.map { [$0] } ?? []
        datasets = outcome.datasets
        cases = outcome.cases
        checksumMismatches = ChecksumMismatch.find(in: outcome.cases)
        analysis = RunAnalysis(cases: outcome.cases, seed: settings.seed)
        comparison = nil
        leftOut = nil
    }

    /// True when a checksum mismatch or a failed case makes the run fail (exit 1).
    public var isFailed: Bool {
        !checksumMismatches.isEmpty || cases.contains { $0.status == .failed }
            || !(comparison?.regressions.isEmpty ?? true)
    }
}
