import Foundation
import ObjectGraph

/// Which persistent history transactions to fetch or delete: the analogue of
/// SwiftData's `HistoryDescriptor`, bounded by a token or a date instead of a
/// `#Predicate` over transactions.
///
/// Related: https://developer.apple.com/documentation/swiftdata/historydescriptor
public struct HistoryDescriptor: Sendable {
    enum Bound: Sendable {
        case token(PersistentHistoryToken?)
        case date(Date)
    }

    let bound: Bound
    /// At most this many transactions (the oldest); 0 for all.
    public var fetchLimit = 0

    /// Every transaction after `token` (all of them for nil).
    public init(after token: PersistentHistoryToken? = nil) {
        bound = .token(token)
    }

    /// Every transaction committed after `date`.
    public init(after date: Date) {
        bound = .date(date)
    }
}

/// A transaction of the persistent history: SwiftData's `DefaultHistoryTransaction`.
public typealias DefaultHistoryTransaction = PersistentHistoryTransaction

/// The position of a transaction: SwiftData's `DefaultHistoryToken`.
public typealias DefaultHistoryToken = PersistentHistoryToken

extension ModelContext {
    /// The transactions `descriptor` selects, oldest first, each with its changes.
    ///
    /// Cost: one SELECT of transactions and one of their changes.
    /// - Parameter descriptor: Which transactions: after a token or date, all when unbounded.
    /// - Throws: `PersistentHistoryError` (tracking off, a token of another store) or
    ///   `SQLiteError`.
    ///
    /// Related: https://developer.apple.com/documentation/swiftdata/modelcontext/fetchhistory(_:)
    public func fetchHistory(_ descriptor: HistoryDescriptor) throws -> [DefaultHistoryTransaction]
    {
        let request: PersistentHistoryChangeRequest =
            switch descriptor.bound {
            case .token(let token): .fetchHistory(after: token)
            case .date(let date): .fetchHistory(after: date)
            }
        let transactions = try managedObjectContext.execute(request).transactions
        return descriptor.fetchLimit > 0
            ? Array(transactions.prefix(descriptor.fetchLimit)) : transactions
    }

    /// Deletes the transactions before `descriptor`'s bound.
    ///
    /// - Parameter descriptor: Which transactions to delete: those before a token or date.
    /// - Returns: how many transactions were deleted.
    /// - Throws: as ``fetchHistory(_:)``.
    @discardableResult
    public func deleteHistory(_ descriptor: HistoryDescriptor) throws -> Int {
        let request: PersistentHistoryChangeRequest =
            switch descriptor.bound {
            case .token(let token): .deleteHistory(before: token)
            case .date(let date): .deleteHistory(before: date)
            }
        return try managedObjectContext.execute(request).deletedTransactionCount
    }

    /// Applies fetched transactions to this context's objects (refreshes updated ones,
    /// drops deleted ones), as after another process's save.
    public func mergeChanges(fromHistory transactions: [DefaultHistoryTransaction]) {
        managedObjectContext.mergeChanges(fromHistory: transactions)
    }
}
