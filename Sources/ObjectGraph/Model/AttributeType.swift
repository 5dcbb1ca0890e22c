/// The value type of an attribute, as in Core Data's model editor.
///
/// Each type maps to one SQLite column type in Core Data's layout (`INTEGER`, `FLOAT`,
/// `TIMESTAMP`, `VARCHAR`, `BLOB`, `DECIMAL`) and to one Swift type that
/// ``ManagedObject/value(forKey:)`` returns.
///
/// Related: https://developer.apple.com/documentation/coredata/nsattributetype
public enum AttributeType: String, Hashable, Sendable, CaseIterable {
    /// A 16-bit integer; read back as `Int64`.
    case integer16
    /// A 32-bit integer; read back as `Int64`.
    case integer32
    /// A 64-bit integer; read back as `Int64`.
    case integer64
    /// A double-precision number.
    case double
    /// A single-precision number; read back as `Double`.
    case float
    /// A `Decimal`, stored as its exact text.
    case decimal
    /// A `String`.
    case string
    /// A `Bool`, stored as 0 or 1.
    case boolean
    /// A `Date`, stored as seconds since 2001-01-01 (Core Data's reference date).
    case date
    /// `Data`.
    case binary
    /// A `UUID`, stored as 16 bytes.
    case uuid
    /// A `URL`, stored as its absolute string.
    case uri
}

extension AttributeType {
    /// The column type in `CREATE TABLE`, as Core Data writes it.
    package var columnType: String {
        switch self {
        case .integer16, .integer32, .integer64, .boolean: return "INTEGER"
        case .double, .float: return "FLOAT"
        case .decimal: return "DECIMAL"
        case .date: return "TIMESTAMP"
        case .string, .uri: return "VARCHAR"
        case .binary, .uuid: return "BLOB"
        }
    }

    /// Where columns of this type go in `CREATE TABLE`: Core Data groups by type.
    package var columnGroup: Int {
        switch columnType {
        case "INTEGER": return 0
        case "FLOAT": return 1
        case "DECIMAL": return 2
        case "TIMESTAMP": return 3
        case "VARCHAR": return 4
        default: return 5
        }
    }

    /// The Swift type name used in error messages.
    package var swiftTypeName: String {
        switch self {
        case .integer16, .integer32, .integer64: return "Int64"
        case .double, .float: return "Double"
        case .decimal: return "Decimal"
        case .string: return "String"
        case .boolean: return "Bool"
        case .date: return "Date"
        case .binary: return "Data"
        case .uuid: return "UUID"
        case .uri: return "URL"
        }
    }
}
