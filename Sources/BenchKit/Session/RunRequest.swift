/// What a run is asked to do: which benchmarks, at which sizes, how often and how
/// isolated; what `bench run`'s options say once they are valid.
///
/// Cost: data only.
public struct RunRequest: Equatable, Sendable {
    /// The suites selected, by name.
    public var suites: [String]
    /// Keeps benchmarks whose `suite/scenario` ID matches; nil keeps all.
    public var filter: Glob?
    /// Replaces each benchmark's own sizes; nil keeps them.
    public var sizes: [Int]?
    /// Runs one shard of the balanced ``ShardPlan`` only; nil runs all.
    public var shard: Shard?
    /// The results whose measured times the shard plan balances; nil balances by
    /// case count.
    public var shardCosts: RunResults?
    /// A plan file's plan (`--shard-plan`): ``shard`` runs its shard of it, and the
    /// session refuses a plan whose groups are not this run's.
    public var shardPlan: ShardPlan?
    /// The profile named.
    public var profile: RunProfile
    /// The profile's limits with any overrides applied.
    public var limits: RunLimits
    /// The seed for generated data and bootstrap statistics.
    public var seed: UInt64
    /// Runs cases in this process rather than one child process each.
    public var isInProcess: Bool
    /// Counts instructions under callgrind instead of timing.
    public var countsInstructions: Bool
    /// Re-measures once the cases whose wall time regressed before failing them.
    public var rerunsSuspects: Bool
    /// What the run is named after instead of its suites (a user's model).
    public var name: String?

    /// A request for `suites` with the profile's limits, the default seed (42), child
    /// processes, timing, and no filter, size override, shard or rerun.
    public init(suites: [String], profile: RunProfile = .standard) {
        self.suites = suites
        self.profile = profile
        limits = profile.limits
        seed = 42
        isInProcess = false
        countsInstructions = false
        rerunsSuspects = false
    }

    /// The run's label: ``name`` or the suites joined by `+`, plus the shard
    /// (`selftest-shard2of3`).
    public var label: String {
        let base = name ?? suites.joined(separator: "+")
        return shard.map { "\(base)-shard\($0.index)of\($0.count)" } ?? base
    }

    /// The settings results record for this request.
    public var settings: RunSettings {
        RunSettings(
            profile: profile, limits: limits, seed: seed, isolated: !isInProcess,
            suites: suites, filter: filter?.pattern, sizes: sizes, shard: shard,
            countsInstructions: countsInstructions ? true : nil)
    }
}
