/// What a batch request reports back, as Core Data's `NSBatch…RequestResultType`.
public enum BatchResultType: Hashable, Sendable {
    /// Whether it succeeded (the default).
    case statusOnly
    /// How many rows it inserted, updated or deleted.
    case count
    /// The IDs of those rows (read with `RETURNING`, in the same statement).
    case objectIDs
}
