import Foundation
import SQLiteDB
import Testing

@testable import ObjectGraph

/// The compact row: every storage class round-trips, from decoded values and from a
/// statement's row, and text is decoded on read.
@Suite struct RowSnapshotTests {
    private let values: [SQLiteValue] = [
        .null, .integer(-42), .integer(.max), .real(2.5), .real(-.infinity), .text(""),
        .text("héllo, wörld — ✓"), .text(String(repeating: "long text ", count: 50)),
        .blob(Data()), .blob(Data([0, 1, 2, 255])), .integer(0),
    ]

    private var id: ObjectID {
        ObjectID(
            entity: Fixtures.social.entity(named: "User")!, primaryKey: 7, store: UUID())
    }

    @Test("values made from decoded values read back equal, in order")
    func fromValues() {
        let row = RowSnapshot.make(objectID: id, version: 3, values: values)
        #expect(Array(row.values) == values)
        #expect(row.version == 3 && row.objectID.primaryKey == 7)
        #expect(row.values.count == values.count)
    }

    @Test("values copied from a statement's columns read back as SQLite returns them")
    func fromStatement() throws {
        let connection = try Connection(location: .memory)
        try connection.execute(script: "CREATE TABLE t(a, b, c, d, e, f)")
        try connection.execute(
            "INSERT INTO t VALUES (NULL, 5, 1.5, 'ünïcode text', x'00ff10', '')")
        let row = try #require(
            try connection.fetchOne("SELECT 0, 1, 2, a, b, c, d, e, f FROM t") { statement in
                RowSnapshot.make(
                    objectID: id, version: 1, from: statement, positions: [3, 4, 5, 6, 7, 8])
            })
        #expect(
            Array(row.values) == [
                .null, .integer(5), .real(1.5), .text("ünïcode text"), .blob(Data([0, 255, 16])),
                .text(""),
            ])
    }

    @Test("an empty row has no values")
    func empty() {
        #expect(RowSnapshot.make(objectID: id, version: 1, values: []).values.isEmpty)
    }
}
