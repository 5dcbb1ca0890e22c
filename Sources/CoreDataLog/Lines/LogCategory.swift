/// The category word after `CoreData: `: what kind of message a line carries.
///
/// Core Data writes `CoreData: sql: …`, `CoreData: annotation: …`, `CoreData: details: …`
/// and, for its own diagnostics, `error:`, `warning:`, `debug:`, `fault:` and `info:`
/// (coredata-reference.md §5.1). A Core Data line without one of these words
/// (`CoreData: Using local store …`) is a ``message``.
public enum LogCategory: String, Hashable, Sendable, Codable, CaseIterable {
    /// A statement sent to SQLite.
    case sql
    /// Times, row counts, faults, prefetches, intarray bindings.
    case annotation
    /// Bound values (`SQLite bind[0] = 18`) and query plans.
    case details
    /// An error Core Data logged.
    case error
    /// A warning.
    case warning
    /// Debug output (`PostSaveMaintenance: …`, remote change registration).
    case debug
    /// A fault (os_log's most severe level).
    case fault
    /// Informational output.
    case info
    /// A Core Data line without a category word.
    case message

    /// The category named `word` (`sql`, `annotation`, …), never ``message``.
    init?(word: Substring) {
        guard let category = LogCategory(rawValue: String(word)), category != .message else {
            return nil
        }
        self = category
    }
}
