/// What deleting an object does to the objects at the other end of a relationship.
///
/// Related: https://developer.apple.com/documentation/coredata/nsdeleterule
public enum DeleteRule: String, Hashable, Sendable, CaseIterable {
    /// Removes the deleted object from the inverse relationship (the default).
    case nullify
    /// Deletes the related objects too.
    case cascade
    /// Refuses the save while related objects remain.
    case deny
    /// Leaves the related objects untouched, even pointing at the deleted object.
    case noAction
}
