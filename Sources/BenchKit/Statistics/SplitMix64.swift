/// The SplitMix64 pseudo-random generator: small, fast and fully determined by its seed.
///
/// Used for bootstrap resampling so statistics are reproducible from the run's seed,
/// and by the selftest suite to generate its data. Not cryptographic. Cost: a few
/// arithmetic operations per number.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Starts the sequence for `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xbf58_476d_1ce4_e5b9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94d0_49bb_1331_11eb
        return mixed ^ (mixed >> 31)
    }
}
