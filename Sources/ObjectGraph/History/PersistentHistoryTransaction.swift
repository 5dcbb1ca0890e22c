import Foundation

/// A position in a store's persistent history: the transaction number it names.
/// Fetch the history after it, delete the history before it; persist it (it is
/// `Codable`) to remember what an app has already merged.
///
/// Cost: comparing and hashing read one integer and a UUID.
///
/// Related: https://developer.apple.com/documentation/coredata/nspersistenthistorytoken
public struct PersistentHistoryToken: Hashable, Comparable, Codable, Sendable,
    CustomStringConvertible
{
    /// The UUID of the store the transaction was recorded in.
    public let storeIdentifier: String
    /// `ATRANSACTION.Z_PK` of the transaction.
    public let transactionNumber: Int64

    /// A token naming transaction `transactionNumber` of a store.
    public init(storeIdentifier: String, transactionNumber: Int64) {
        self.storeIdentifier = storeIdentifier
        self.transactionNumber = transactionNumber
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        lhs.transactionNumber < rhs.transactionNumber
    }

    /// `<store>:<number>`.
    public var description: String { "\(storeIdentifier):\(transactionNumber)" }
}

/// One save as persistent history recorded it: who saved, when, and what changed.
///
/// Related: https://developer.apple.com/documentation/coredata/nspersistenthistorytransaction
public struct PersistentHistoryTransaction: Sendable {
    /// Where it sits in the history; the next fetch goes after it.
    public let token: PersistentHistoryToken
    /// When the save committed.
    public let timestamp: Date
    /// The saving context's ``ManagedObjectContext/transactionAuthor``.
    public let author: String?
    /// The saving context's ``ManagedObjectContext/name``.
    public let contextName: String?
    /// The saving process's name (Core Data's bundle ID).
    public let bundleID: String?
    /// The saving process's ID, as text.
    public let processID: String?
    /// Each changed object, in the order the save wrote them.
    public let changes: [PersistentHistoryChange]

    /// The changes as a save notification's ID lists, keyed by
    /// ``ManagedObjectContext/insertedObjectsKey`` and its siblings: what
    /// ``ManagedObjectContext/mergeChanges(fromRemoteContextSave:into:)`` takes
    /// (Core Data's `objectIDNotification()`).
    public var objectIDsByChangeKey: [String: [ObjectID]] {
        var result: [String: [ObjectID]] = [:]
        for change in changes {
            let key: String
            switch change.changeType {
            case .insert: key = ManagedObjectContext.insertedObjectsKey
            case .update: key = ManagedObjectContext.updatedObjectsKey
            case .delete: key = ManagedObjectContext.deletedObjectsKey
            }
            result[key, default: []].append(change.changedObjectID)
        }
        return result
    }
}

/// One object's change within a ``PersistentHistoryTransaction``.
///
/// Related: https://developer.apple.com/documentation/coredata/nspersistenthistorychange
public struct PersistentHistoryChange: Sendable, Equatable {
    /// Core Data's `NSPersistentHistoryChangeType`, with its raw values as stored in
    /// `ACHANGE.ZCHANGETYPE`.
    public enum ChangeType: Int64, Sendable {
        /// The object was inserted.
        case insert = 0
        /// Some of its properties changed.
        case update = 1
        /// The object was deleted.
        case delete = 2
    }

    /// `ACHANGE.Z_PK`.
    public let changeID: Int64
    /// Insert, update or delete.
    public let changeType: ChangeType
    /// The object, with its permanent ID.
    public let changedObjectID: ObjectID
    /// The names of the attributes and relationships an update changed; nil for
    /// inserts and deletes, as in Core Data.
    public let updatedProperties: Set<String>?
}
