import BenchKit
import Foundation
import ObjectGraph
import SQLiteDB

/// An order-free checksum of rows: every configuration of a model scenario folds what
/// it read into one, so a fetch that returns rows in another order (no sort, a
/// different plan once an index is dropped) still agrees with the others.
///
/// Each row is hashed with ``Checksum`` on its own and the row hashes are added, so
/// two configurations agree exactly when they read the same multiset of rows. Values
/// go in canonical form (``canonical(_:as:)``): what the engine returns and what a raw
/// column holds give the same words. Cost: one FNV pass per row, one addition.
struct RowDigest {
    private var sum: UInt64 = 0
    private var rows = 0

    /// Adds one row: its primary key (nil when the configuration does not see keys) and
    /// its values in stored form.
    mutating func add(key: Int64?, values: [SQLiteValue]) {
        var row = Checksum()
        if let key { row.combine(UInt64(bitPattern: key)) }
        for value in values { Self.fold(value, into: &row) }
        sum &+= row.value
        rows += 1
    }

    /// The checksum: the row count and the sum of the row hashes.
    var value: UInt64 {
        var checksum = Checksum()
        checksum.combine(rows)
        checksum.combine(sum)
        return checksum.value
    }

    /// The value `attribute` stores for `value` (a Swift value from the engine, or
    /// nil), so engine and raw reads compare equal. A transformable's value is compared
    /// by its description: keyed archives of equal values differ from one encoding to
    /// the next, so bytes cannot be compared.
    static func canonical(_ value: Any?, as attribute: ResolvedAttribute) -> SQLiteValue {
        guard let value else { return .null }
        guard attribute.transformer == nil else { return .text(String(describing: value)) }
        return attribute.type.encode(value) ?? .null
    }

    /// A raw column value in the same canonical form as ``canonical(_:as:)``: a
    /// transformable's bytes decoded by its transformer, as the engine decodes them.
    static func canonical(stored: SQLiteValue, as attribute: ResolvedAttribute) -> SQLiteValue {
        canonical(attribute.readableValue(stored), as: attribute)
    }

    private static func fold(_ value: SQLiteValue, into checksum: inout Checksum) {
        switch value {
        case .null: checksum.combine(0)
        case .integer(let integer):
            checksum.combine(1)
            checksum.combine(UInt64(bitPattern: integer))
        case .real(let real):
            checksum.combine(2)
            checksum.combine(real.bitPattern)
        case .text(let text):
            checksum.combine(3)
            checksum.combine(text)
        case .blob(let data):
            checksum.combine(4)
            for byte in data { checksum.combine(UInt64(byte)) }
            checksum.combine(data.count)
        }
    }
}
