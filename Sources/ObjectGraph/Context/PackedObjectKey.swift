/// An ``ObjectTable`` key: an object ID packed into 64 bits, hashed by a multiply-shift
/// mix instead of `Hasher`.
///
/// `Hasher` (SipHash-1-3) cost about 100 instructions per lookup and was the largest
/// single item of the registry and row-cache lookups a fetch makes per object. The
/// packed keys are distinct integers, so a 64-bit finalizer mix (MurmurHash3's
/// `fmix64`) of the key and the table's seed spreads them over the buckets as well,
/// in a handful of instructions.
struct PackedObjectKey: Hashable {
    /// The packed ID: primary key (or complemented temporary number) above 12 bits of
    /// entity number.
    let bits: Int64

    func hash(into hasher: inout Hasher) {
        hasher.combine(bits)
    }

    /// What `Dictionary` calls to place the key: the mixed bits, seeded per table as
    /// `Hasher` would be.
    func _rawHashValue(seed: Int) -> Int {
        finalizerMix(UInt64(bitPattern: bits), seed: seed)
    }
}
