/// MurmurHash3's 64-bit finalizer (`fmix64`) of `value` and a hash table's `seed`: what
/// ``PackedObjectKey`` and `ManagedObject` give `Set` and `Dictionary` instead of
/// `Hasher` (SipHash-1-3, about 100 to 160 instructions a call). Their keys are distinct
/// integers (packed IDs, object addresses), which this spreads over the buckets in a
/// handful of instructions. Pure; cost: five operations.
@usableFromInline
@inline(__always)
func finalizerMix(_ value: UInt64, seed: Int) -> Int {
    var mixed = value ^ UInt64(bitPattern: Int64(seed))
    mixed ^= mixed >> 33
    mixed &*= 0xff51_afd7_ed55_8ccd
    mixed ^= mixed >> 33
    mixed &*= 0xc4ce_b9fe_1a85_ec53
    mixed ^= mixed >> 33
    return Int(bitPattern: UInt(mixed))
}
