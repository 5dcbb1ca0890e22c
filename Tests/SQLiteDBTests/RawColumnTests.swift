import Testing

@testable import SQLiteDB

/// `Statement.rawColumn(at:)`: one read per column gives the storage class and the
/// number or the bytes, as the separate `sqlite3_column_*` readers do.
@Suite struct RawColumnTests {
    @Test("each storage class: integer, real, text (UTF-8 bytes), blob, empty ones, NULL")
    func storageClasses() throws {
        let connection = try Connection()
        let sql: SQL =
            "SELECT 42, -1.5, 'héllo', x'00ff10', '', x'', NULL, 9223372036854775807"
        try connection.forEachRow(sql) { statement in
            let columns = (0..<8).map { statement.rawColumn(at: Int32($0)) }
            #expect(
                columns.map(\.type) == [
                    .integer, .real, .text, .blob, .text, .blob, .null, .integer,
                ])
            #expect(Int64(bitPattern: columns[0].bits) == 42)
            #expect(Double(bitPattern: columns[1].bits) == -1.5)
            #expect(Array(columns[2].bytes) == Array("héllo".utf8))
            #expect(Array(columns[3].bytes) == [0x00, 0xff, 0x10])
            #expect(columns[4].bytes.isEmpty && columns[5].bytes.isEmpty)
            #expect(columns[6].bytes.isEmpty && columns[6].bits == 0)
            #expect(Int64(bitPattern: columns[7].bits) == .max)
            for index in 0..<8 {
                #expect(columns[index].type == statement.columnType(at: Int32(index)))
            }
        }
    }
}
