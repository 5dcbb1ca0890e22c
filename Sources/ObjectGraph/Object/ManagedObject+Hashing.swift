extension ManagedObject {
    /// What `Set` and `Dictionary` call to place an object: its identity (the same as
    /// ``hash(into:)``: equality is identity), mixed with the table's seed by a 64-bit
    /// finalizer (MurmurHash3's `fmix64`, as ``PackedObjectKey``) instead of `Hasher`.
    ///
    /// A typed to-many read builds a `Set` of its members; `Hasher` (SipHash-1-3)
    /// cost about 160 instructions per member, this a handful. Objects are distinct
    /// addresses, so the mix spreads them over the buckets as well. Engine plumbing,
    /// hidden from the documentation.
    @_documentation(visibility: internal)
    @inlinable
    public func _rawHashValue(seed: Int) -> Int {
        finalizerMix(UInt64(UInt(bitPattern: ObjectIdentifier(self))), seed: seed)
    }
}
