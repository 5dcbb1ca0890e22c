import Foundation

/// What one `annotation:` line says, parsed (coredata-reference.md §5.1 and the
/// engine's `SQLDebugLogFormat`).
///
/// Exact wordings seen in published logs are accepted with their variations (a final
/// period after a time, double spaces, colour escapes already removed); an annotation
/// this parser does not know is ``other(_:)``, never an error.
public enum LogAnnotation: Hashable, Sendable {
    /// `sql connection fetch time: 0.0005s`: SQLite's time for one SELECT.
    case connectionFetchTime(seconds: Double)
    /// `sql execution time: 0.0002s`: a pragma or other statement's time.
    case executionTime(seconds: Double)
    /// `total fetch execution time: 0.0008s for 1 rows.`: a whole fetch, prefetches
    /// included.
    case totalFetch(seconds: Double, rows: Int)
    /// `total count request execution time: 0.0002s for count of 190.`
    case totalCount(seconds: Double, count: Int)
    /// `count request <NSFetchRequest: 0x…> (entity: Word; …) returned 18988` (level 3).
    case countRequest(entity: String?, count: Int)
    /// `fetch using NSSQLiteStatement <0x…> on entity 'Person' with sql text '…' returned
    /// 688187 rows` (level 2; `with values: (…)` at level 3).
    case fetchSummary(entity: String, sql: String, rows: Int)
    /// `Bound intarray _Z_intarray0` and `Bound intarray values.`: a key list bound for the
    /// next statement (a batch or a prefetch).
    case boundIntarray
    /// `Prefetching with key 'attachments'.  Got 1581 rows.`
    case prefetch(keyPath: String, rows: Int)
    /// `to-many relationship fault "tags" for objectID 0x… <x-coredata://…/Item/p1>
    /// fulfilled from database.  Got 0 rows`.
    case toManyFault(relationship: String, owner: ObjectReference?, rows: Int)
    /// `fault fulfilled from database for : 0x… <x-coredata://…/Country/p4>`.
    case objectFault(object: ObjectReference?)
    /// The engine's `batch fault fulfilled from database: batch 2 of 50.  Got 20 rows.`
    case batchFault(batch: Int, of: Int, rows: Int)
    /// The engine's `batch insert of ZPOST: 500 rows in 0.0100s.` (also update, delete).
    case batchRequest(kind: String, table: String, rows: Int, seconds: Double)
    /// The engine's `save: …` phases.
    case save(String)
    /// `Connecting to sqlite database file at "…"`.
    case connecting(path: String)
    /// `Disconnecting from sqlite database.`
    case disconnecting
    /// `PostSaveMaintenance: wal_checkpoint(TRUNCATE)` (also logged as `debug:`).
    case postSaveMaintenance(String)
    /// `(migration) …`.
    case migration(String)
    /// Any other annotation.
    case other(String)

    /// Reads one annotation's text (after `annotation: `).
    public init(_ text: String) {
        self = Self.parse(Substring(text)) ?? .other(text)
    }

    private static func parse(_ text: Substring) -> LogAnnotation? {
        if let rest = text.removing(prefix: "sql connection fetch time:") {
            return LogNumber.seconds(rest).map { .connectionFetchTime(seconds: $0) }
        }
        if let rest = text.removing(prefix: "sql execution time:") {
            return LogNumber.seconds(rest).map { .executionTime(seconds: $0) }
        }
        if let rest = text.removing(prefix: "total fetch execution time:") {
            guard let seconds = LogNumber.seconds(rest) else { return nil }
            return .totalFetch(
                seconds: seconds, rows: LogNumber.integer(after: " for ", in: rest) ?? 0)
        }
        if let rest = text.removing(prefix: "total count request execution time:") {
            guard let seconds = LogNumber.seconds(rest) else { return nil }
            return .totalCount(
                seconds: seconds, count: LogNumber.integer(after: "count of ", in: rest) ?? 0)
        }
        if text.hasPrefix("Bound intarray") { return .boundIntarray }
        if text.hasPrefix("Prefetching with key ") { return prefetch(text) }
        if text.hasPrefix("to-many relationship fault ") { return toManyFault(text) }
        if text.hasPrefix("fault fulfilled from database") {
            return .objectFault(object: ObjectReference(in: text))
        }
        if text.hasPrefix("fetch using NSSQLiteStatement") { return FetchSummary.parse(text) }
        if text.hasPrefix("count request ") { return countRequest(text) }
        return parseOther(text)
    }

    private static func parseOther(_ text: Substring) -> LogAnnotation? {
        if text.hasPrefix("batch fault fulfilled from database") { return batchFault(text) }
        if text.hasPrefix("batch ") && text.contains(" rows in ") { return batchRequest(text) }
        if let rest = text.after("save:") { return .save(String(rest.drop { $0 == " " })) }
        if let rest = text.after("Connecting to sqlite database file at") {
            return .connecting(path: rest.trimmingQuotes())
        }
        if text.hasPrefix("Disconnecting from sqlite database") { return .disconnecting }
        if let rest = text.after("PostSaveMaintenance:") {
            return .postSaveMaintenance(String(rest.drop { $0 == " " }))
        }
        if let rest = text.after("(migration)") {
            return .migration(String(rest.drop { $0 == " " || $0 == "\t" }))
        }
        return nil
    }

    /// `Prefetching with key 'attachments'.  Got 1581 rows.`
    private static func prefetch(_ text: Substring) -> LogAnnotation? {
        guard let key = text.quoted(by: "'") else { return nil }
        return .prefetch(
            keyPath: String(key), rows: LogNumber.integer(after: "Got ", in: text) ?? 0)
    }

    /// `to-many relationship fault "tags" for objectID … fulfilled from database.  Got 0 rows`
    private static func toManyFault(_ text: Substring) -> LogAnnotation? {
        guard let name = text.quoted(by: "\"") else { return nil }
        return .toManyFault(
            relationship: String(name), owner: ObjectReference(in: text),
            rows: LogNumber.integer(after: "Got ", in: text) ?? 0)
    }

    /// `count request <NSFetchRequest: 0x…> (entity: Word; …) returned 18988`
    private static func countRequest(_ text: Substring) -> LogAnnotation? {
        guard let count = LogNumber.integer(after: " returned ", in: text) else { return nil }
        let entity =
            text.after("(entity: ").map {
                String($0.prefix { $0 != ";" && $0 != "," && $0 != ")" })
            }
            ?? text.after("entity: ").map {
                String($0.prefix { $0 != ";" && $0 != "," && $0 != ")" })
            }
        return .countRequest(entity: entity, count: count)
    }

    /// `batch fault fulfilled from database: batch 2 of 50.  Got 20 rows.`
    private static func batchFault(_ text: Substring) -> LogAnnotation? {
        guard let batch = LogNumber.integer(after: "batch ", in: text.after(":") ?? text),
            let count = LogNumber.integer(after: " of ", in: text)
        else { return nil }
        return .batchFault(
            batch: batch, of: count, rows: LogNumber.integer(after: "Got ", in: text) ?? 0)
    }

    /// `batch insert of ZPOST: 500 rows in 0.0100s.`
    private static func batchRequest(_ text: Substring) -> LogAnnotation? {
        let words = text.split(separator: " ")
        guard words.count >= 4, words[2] == "of", let named = text.after(" of "),
            let colon = named.firstIndex(of: ":"),
            let rows = LogNumber.integer(after: ": ", in: text),
            let seconds = text.after(" rows in ").flatMap(LogNumber.seconds)
        else { return nil }
        return .batchRequest(
            kind: String(words[1]), table: String(named[..<colon]), rows: rows, seconds: seconds)
    }
}

extension Substring {
    /// The text after `prefix` when it starts with it, or nil.
    func removing(prefix: String) -> Substring? {
        hasPrefix(prefix) ? dropFirst(prefix.count) : nil
    }

    /// The text after the first occurrence of `marker`, or nil.
    func after(_ marker: String) -> Substring? {
        range(of: marker).map { self[$0.upperBound...] }
    }

    /// The text between the first `quote` and the next one, or nil.
    func quoted(by quote: Character) -> Substring? {
        guard let open = firstIndex(of: quote) else { return nil }
        let rest = self[index(after: open)...]
        guard let close = rest.firstIndex(of: quote) else { return nil }
        return rest[..<close]
    }

    /// The text without surrounding spaces and double quotes.
    func trimmingQuotes() -> String {
        String(
            drop { $0 == " " || $0 == "\"" }.reversed().drop { $0 == " " || $0 == "\"" }.reversed())
    }
}
