import Foundation
import SQLiteDB

extension PredicateValue {
    /// The value as an integer when it is one: integers, and booleans as 1 and 0 (as
    /// SQLite stores them); nil for every other value.
    var integerValue: Int64? {
        switch self {
        case .integer(let int): return int
        case .bool(let bool): return bool ? 1 : 0
        default: return nil
        }
    }

    /// The value as stored in a column of `type`, or nil when the types do not fit
    /// (a string compared with an integer attribute).
    func storage(for type: AttributeType) -> SQLiteValue? {
        switch (type, self) {
        case (.integer16, .integer(let int)), (.integer32, .integer(let int)),
            (.integer64, .integer(let int)), (.boolean, .integer(let int)):
            return .integer(int)
        case (.integer16, .bool(let bool)), (.integer32, .bool(let bool)),
            (.integer64, .bool(let bool)), (.boolean, .bool(let bool)):
            return .integer(bool ? 1 : 0)
        case (.integer16, .double(let double)), (.integer32, .double(let double)),
            (.integer64, .double(let double)), (.double, .double(let double)),
            (.float, .double(let double)), (.date, .double(let double)):
            return .real(double)
        case (.double, .integer(let int)), (.float, .integer(let int)), (.date, .integer(let int)):
            return .real(Double(int))
        case (.decimal, .decimal(let decimal)):
            return .text(decimal.description)
        case (.decimal, .integer(let int)):
            return .integer(int)
        case (.decimal, .double(let double)):
            return .real(double)
        case (.string, .string(let string)), (.uri, .string(let string)):
            return .text(string)
        case (.date, .date(let date)):
            return .real(date.timeIntervalSinceReferenceDate)
        case (.binary, .data(let data)):
            return .blob(data)
        case (.uuid, .uuid(let uuid)):
            return type.encode(uuid)
        case (.uri, .url(let url)):
            return .text(url.absoluteString)
        default:
            return nil
        }
    }
}
