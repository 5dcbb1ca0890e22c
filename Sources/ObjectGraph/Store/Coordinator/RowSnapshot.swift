import Foundation
import SQLiteDB

/// The committed values of one row, as read from SQLite: what a fault is filled from.
///
/// One allocation per row: a header (ID, version) and, in the same block, two words per
/// column (storage class and length; the integer, the double's bits or where the bytes
/// are) followed by every text and blob column's bytes, copied straight from SQLite's
/// buffer. Text is decoded into a `String` only when a value is read, so a fetch of
/// posts whose titles alone are read never builds their bodies; a read of the same
/// text twice decodes it twice. A class, shared by the row cache and every object
/// filled from it: copying it is one retain.
///
/// `values` has one slot per ``Entity/columns`` entry of the object's entity.
///
/// Shared by contexts on other queues through the row cache, so it is written only while
/// it is made and immutable after (`ManagedBuffer` cannot be declared `Sendable`).
package final class RowSnapshot: ManagedBuffer<RowSnapshot.Header, UInt64> {
    /// The identity and version of the row.
    package struct Header {
        /// The row's object.
        let objectID: ObjectID
        /// `Z_OPT` when the row was read: the optimistic-locking version.
        let version: Int64
        /// How many columns.
        let count: Int
    }

    private enum Tag: UInt64 {
        case null, integer, real, text, blob
    }

    /// The row's object.
    package var objectID: ObjectID { fields.objectID }
    /// `Z_OPT` when the row was read: the optimistic-locking version.
    package var version: Int64 { fields.version }

    /// The header, read through its pointer: `header` is a class's stored `var`, so each
    /// read of it ran the runtime exclusivity check (swift_beginAccess, about 150
    /// instructions), once or more per fetched row and per fault. The header is written
    /// only while the row is made.
    @inline(__always) fileprivate var fields: Header {
        withUnsafeMutablePointerToHeader { $0.pointee }
    }
    /// Column values in the entity's snapshot order.
    package var values: RowValues { RowValues(row: self) }

    /// A snapshot of values already decoded (a save's new row, a partial fetch).
    ///
    /// Cost: one allocation; text and blobs are copied into it without intermediate
    /// buffers.
    package static func make(objectID: ObjectID, version: Int64, values: [SQLiteValue])
        -> RowSnapshot
    {
        var byteCount = 0
        for value in values {
            switch value {
            case .text(let text): byteCount += text.utf8.count
            case .blob(let data): byteCount += data.count
            default: break
            }
        }
        let row = allocate(
            objectID: objectID, version: version, count: values.count, bytes: byteCount)
        row.fill(byteCount: byteCount) { cells, bytes in
            var offset = 0
            for (index, value) in values.enumerated() {
                switch value {
                case .null: cells[2 * index] = Tag.null.rawValue
                case .integer(let int):
                    (cells[2 * index], cells[2 * index + 1]) = (
                        Tag.integer.rawValue, UInt64(bitPattern: int)
                    )
                case .real(let double):
                    (cells[2 * index], cells[2 * index + 1]) = (
                        Tag.real.rawValue, double.bitPattern
                    )
                case .text(let text):
                    let target = UnsafeMutableRawBufferPointer(rebasing: bytes[offset...])
                    let count = text.utf8.count
                    target.copyBytes(from: text.utf8)
                    (cells[2 * index], cells[2 * index + 1]) = (
                        Tag.text.rawValue | UInt64(count) << 8, UInt64(offset)
                    )
                    offset += count
                case .blob(let data):
                    UnsafeMutableRawBufferPointer(rebasing: bytes[offset...]).copyBytes(from: data)
                    (cells[2 * index], cells[2 * index + 1]) = (
                        Tag.blob.rawValue | UInt64(data.count) << 8, UInt64(offset)
                    )
                    offset += data.count
                }
            }
        }
        return row
    }

    /// The snapshot of the statement's current row: the columns at `positions`, in order.
    ///
    /// Cost: one allocation; per column one read of SQLite's value
    /// (``Statement/rawColumn(at:)``), and for text and blobs one copy of its bytes (no
    /// decoding).
    package static func make(
        objectID: ObjectID, version: Int64, from statement: Statement, positions: [Int32]
    ) -> RowSnapshot {
        withUnsafeTemporaryAllocation(of: RawColumn.self, capacity: positions.count) { columns in
            var byteCount = 0
            for (index, position) in positions.enumerated() {
                let column = statement.rawColumn(at: position)
                columns.initializeElement(at: index, to: column)
                byteCount += column.bytes.count
            }
            let row = allocate(
                objectID: objectID, version: version, count: positions.count, bytes: byteCount)
            row.copy(columns, byteCount: byteCount)
            return row
        }
    }

    /// The second pass of ``make(objectID:version:from:positions:)``: each column's
    /// value or bytes, as the first pass read them (SQLite's buffers are valid until the
    /// statement steps).
    private func copy(_ columns: UnsafeMutableBufferPointer<RawColumn>, byteCount: Int) {
        fill(byteCount: byteCount) { cells, bytes in
            var offset = 0
            for (index, column) in columns.enumerated() {
                switch column.type {
                case .null: cells[2 * index] = Tag.null.rawValue
                case .integer:
                    (cells[2 * index], cells[2 * index + 1]) = (Tag.integer.rawValue, column.bits)
                case .real:
                    (cells[2 * index], cells[2 * index + 1]) = (Tag.real.rawValue, column.bits)
                case .text, .blob:
                    let count = column.bytes.count
                    if let base = column.bytes.baseAddress {
                        bytes.baseAddress!.advanced(by: offset).copyMemory(
                            from: base, byteCount: count)
                    }
                    let tag = column.type == .text ? Tag.text : Tag.blob
                    cells[2 * index] = tag.rawValue | UInt64(count) << 8
                    cells[2 * index + 1] = UInt64(offset)
                    offset += count
                }
            }
        }
    }

    private static func allocate(objectID: ObjectID, version: Int64, count: Int, bytes: Int)
        -> RowSnapshot
    {
        let words = 2 * count + (bytes + 7) / 8
        let buffer = create(minimumCapacity: words) { _ in
            Header(objectID: objectID, version: version, count: count)
        }
        return unsafeDowncast(buffer, to: RowSnapshot.self)
    }

    /// Writes the cells and the `byteCount` bytes after them while the row is being
    /// made. The byte count is the caller's, not `capacity`'s: reading `capacity` asks
    /// the allocator for the block's usable size (`malloc_usable_size`, about 50
    /// instructions per row).
    private func fill(
        byteCount: Int,
        _ body: (UnsafeMutablePointer<UInt64>, UnsafeMutableRawBufferPointer) -> Void
    ) {
        let count = fields.count
        withUnsafeMutablePointerToElements { cells in
            let start = UnsafeMutableRawPointer(cells + 2 * count)
            body(cells, UnsafeMutableRawBufferPointer(start: start, count: byteCount))
        }
    }

    /// The value in column slot `index` of `row`, decoded, with the row borrowed: no
    /// retain and release around the read (a typed read of a loaded object runs this).
    @inline(__always)
    package static func value(at index: Int, of row: Unmanaged<RowSnapshot>) -> SQLiteValue {
        row._withUnsafeGuaranteedRef { $0.checkedValue(at: index) }
    }

    /// ``value(at:)`` after checking `index` against the row's column count (an index
    /// comes from the model's entity, which the row was made for).
    @inline(__always)
    fileprivate func checkedValue(at index: Int) -> SQLiteValue {
        precondition(index >= 0 && index < fields.count, "row value index out of range")
        return value(at: index)
    }

    /// The value in column slot `index`, decoded.
    fileprivate func value(at index: Int) -> SQLiteValue {
        let count = fields.count
        return withUnsafeMutablePointerToElements { cells in
            let word = cells[2 * index]
            let payload = cells[2 * index + 1]
            switch Tag(rawValue: word & 0xff) {
            case .integer: return .integer(Int64(bitPattern: payload))
            case .real: return .real(Double(bitPattern: payload))
            case .text, .blob:
                let bytes = UnsafeRawBufferPointer(
                    start: UnsafeRawPointer(cells + 2 * count).advanced(by: Int(payload)),
                    count: Int(word >> 8))
                if word & 0xff == Tag.text.rawValue {
                    return .text(String(decoding: bytes, as: UTF8.self))
                }
                return .blob(Data(bytes))
            case .null, nil: return .null
            }
        }
    }
}

/// A row snapshot's values as a collection: each read decodes its column.
package struct RowValues: RandomAccessCollection {
    fileprivate let row: RowSnapshot

    package var startIndex: Int { 0 }
    package var endIndex: Int { row.fields.count }

    package subscript(position: Int) -> SQLiteValue { row.checkedValue(at: position) }
}
