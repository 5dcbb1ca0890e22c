/// A list of integer keys bound as one statement parameter.
///
/// SQL reads the list through the table-valued function `_Z_intarray0`, registered on
/// every ``Connection`` and named after the table Core Data uses for the same job:
///
/// ```swift
/// let keys = IntegerList([3, 5, 8])
/// let sql: SQL = "SELECT ZNAME FROM ZUSER WHERE Z_PK IN (SELECT * FROM _Z_intarray0(\(keys)))"
/// ```
///
/// The keys are handed to SQLite with `sqlite3_bind_pointer`: no copy, no parsing, no
/// temporary table. This was the fastest of the ways measured (see docs/ARCHITECTURE.md):
/// it costs one array retain per bind and one step per key inside SQLite.
///
/// Related: https://www.sqlite.org/bindptr.html
public struct IntegerList: Hashable, Sendable, CustomStringConvertible {
    /// The name of the table-valued function that reads a bound list.
    public static let tableFunction = "_Z_intarray0"

    /// The keys, in the order the function returns them.
    public let keys: [Int64]

    /// Wraps keys for binding.
    public init(_ keys: [Int64]) {
        self.keys = keys
    }

    /// `<3 keys: 1, 2, 3>`, with at most ten keys shown.
    public var description: String {
        let shown = keys.prefix(10).map(String.init).joined(separator: ", ")
        let more = keys.count > 10 ? ", …" : ""
        return "<\(keys.count) keys: \(shown)\(more)>"
    }
}
