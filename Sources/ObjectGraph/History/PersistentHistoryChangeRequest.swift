import Foundation

/// Reads or trims a store's persistent history; run it with
/// `ManagedObjectContext.execute(_:)`.
///
/// ```swift
/// let result = try context.execute(.fetchHistory(after: lastToken))
/// for transaction in result.transactions { … }
/// try context.execute(.deleteHistory(before: lastToken))
/// ```
///
/// Related: https://developer.apple.com/documentation/coredata/nspersistenthistorychangerequest
public struct PersistentHistoryChangeRequest: Sendable {
    /// Which transactions a request covers.
    enum Bound: Sendable {
        case token(PersistentHistoryToken?)
        case date(Date)
    }

    let isDelete: Bool
    let bound: Bound

    /// Every transaction after `token` (all of them when nil), oldest first.
    ///
    /// Cost: two SELECTs (transactions, then their changes).
    public static func fetchHistory(after token: PersistentHistoryToken?) -> Self {
        Self(isDelete: false, bound: .token(token))
    }

    /// Every transaction committed after `date`, oldest first.
    ///
    /// Cost: two SELECTs.
    public static func fetchHistory(after date: Date) -> Self {
        Self(isDelete: false, bound: .date(date))
    }

    /// Deletes every transaction before `token` (the token's own transaction stays, so
    /// later tokens keep counting up); all of them when nil.
    ///
    /// Cost: one exclusive transaction with two DELETEs.
    public static func deleteHistory(before token: PersistentHistoryToken?) -> Self {
        Self(isDelete: true, bound: .token(token))
    }

    /// Deletes every transaction committed before `date`.
    ///
    /// Cost: one exclusive transaction with two DELETEs.
    public static func deleteHistory(before date: Date) -> Self {
        Self(isDelete: true, bound: .date(date))
    }
}

/// What a ``PersistentHistoryChangeRequest`` returned.
///
/// Related: https://developer.apple.com/documentation/coredata/nspersistenthistoryresult
public struct PersistentHistoryResult: Sendable {
    /// The transactions a fetch found, oldest first; empty for a delete.
    public let transactions: [PersistentHistoryTransaction]
    /// How many transactions a delete removed; 0 for a fetch.
    public let deletedTransactionCount: Int
}

/// A persistent-history request that cannot run.
public enum PersistentHistoryError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The store was loaded without ``PersistentStoreDescription/isPersistentHistoryTrackingEnabled``.
    case trackingDisabled(path: String)
    /// The token came from another store.
    case foreignToken(token: String, store: String)

    /// One line: what is wrong and what to do.
    public var description: String {
        switch self {
        case .trackingDisabled(let path):
            return "persistent history: store \(path) was loaded without history tracking; "
                + "set isPersistentHistoryTrackingEnabled on its description before "
                + "loadPersistentStores()"
        case .foreignToken(let token, let store):
            return "persistent history: token \(token) belongs to another store than \(store); "
                + "use a token this store's history returned"
        }
    }
}
