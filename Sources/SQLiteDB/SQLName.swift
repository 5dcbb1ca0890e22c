import CSQLite
import Foundation

/// A table, column, index, trigger or alias name as it goes into SQL text: written
/// as is when SQLite reads it as a plain name, double-quoted (quotes doubled) when it
/// is not one or is an SQLite keyword.
///
/// Why a type: names are the one part of SQL text that is spliced rather than bound,
/// so only values of this type may be interpolated as names (`\(name)` in ``SQL``).
/// ObjectGraph's model resolver creates them from validated model names, which never
/// need quoting, so Core Data's statements keep their exact text
/// (`SELECT 0, t0.Z_PK FROM ZPOST t0`); the quoting is the guard for anything else.
///
/// ```swift
/// let table: SQLName = "ZPOST"           // ZPOST
/// let odd = SQLName("na\"me")            // "na""me"
/// let sql: SQL = "SELECT count(*) FROM \(table)"
/// ```
///
/// Cost: the rendering is decided once, at creation (one keyword lookup); interpolating
/// appends the stored text.
public struct SQLName: Hashable, Sendable, Comparable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    /// The text as it appears in SQL: the name itself, or its quoted form.
    public let sql: String

    /// A name, quoted only when SQLite would not read it as a plain name.
    ///
    /// `package` so that only the package's own code (the model resolver, fixed Core
    /// Data names, engine aliases) makes names.
    package init(_ name: String) {
        sql = Self.isPlain(name) ? name : Self.quoted(name)
    }

    /// A fixed name written in the code (`"t0"`, `"Z_PK"`), rendered like any other.
    public init(stringLiteral name: String) {
        self.init(name)
    }

    /// The SQL text.
    public var description: String { sql }

    public static func < (lhs: SQLName, rhs: SQLName) -> Bool { lhs.sql < rhs.sql }

    /// ASCII letters, digits and underscores, not starting with a digit, and not a
    /// keyword.
    private static func isPlain(_ name: String) -> Bool {
        guard let first = name.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
        else { return false }
        let isWord = name.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "_")
        }
        guard isWord else { return false }
        return name.withCString { sqlite3_keyword_check($0, Int32(name.utf8.count)) } == 0
    }

    private static func quoted(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
