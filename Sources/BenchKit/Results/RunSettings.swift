/// The options a run was made with, recorded in its results.
///
/// Shards of one run must agree on everything here except ``shard`` to be merged.
/// Cost: data only.
public struct RunSettings: Hashable, Sendable, Codable {
    /// The profile named on the command line.
    public var profile: RunProfile
    /// The limits in force (the profile's, with overrides applied).
    public var limits: RunLimits
    /// The seed for data generation and bootstrap.
    public var seed: UInt64
    /// Whether each case ran in its own child process.
    public var isolated: Bool
    /// The suites selected.
    public var suites: [String]
    /// The `--filter` glob, if any.
    public var filter: String?
    /// The `--sizes` override, if any.
    public var sizes: [Int]?
    /// The shard this run was, if any.
    public var shard: Shard?
    /// True when the run counted instructions under callgrind instead of timing
    /// (`bench run --instructions`); omitted otherwise.
    public var countsInstructions: Bool?

    /// Makes settings.
    public init(
        profile: RunProfile, limits: RunLimits, seed: UInt64, isolated: Bool,
        suites: [String], filter: String? = nil, sizes: [Int]? = nil, shard: Shard? = nil,
        countsInstructions: Bool? = nil
    ) {
        self.profile = profile
        self.limits = limits
        self.seed = seed
        self.isolated = isolated
        self.suites = suites
        self.filter = filter
        self.sizes = sizes
        self.shard = shard
        self.countsInstructions = countsInstructions
    }
}
