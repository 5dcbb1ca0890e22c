import SQLiteDB
import TestSupport
import Testing

/// The SQLiteDB behaviours the ObjectGraph engine builds on, pinned from its side.
@Suite struct EngineReliedFeaturesTests {
    @Test("an integer list binds as one parameter read through _Z_intarray0")
    func integerListBinding() throws {
        let connection = try Connection()
        try connection.execute(
            script: "CREATE TABLE ZUSER (Z_PK INTEGER PRIMARY KEY, ZNAME VARCHAR)")
        for name in ["a", "b", "c"] {
            try connection.execute("INSERT INTO ZUSER (ZNAME) VALUES (\(name))")
        }
        let keys = IntegerList([1, 3])
        let names = try connection.fetchAll(
            "SELECT ZNAME FROM ZUSER WHERE Z_PK IN (SELECT * FROM _Z_intarray0(\(keys)))"
        ) { $0.string(at: 0) }
        #expect(names == ["a", "c"])
    }

    @Test("a transaction reports begin and commit events, not statements")
    func transactionEvents() throws {
        let recorder = SQLRecorder()
        let connection = try Connection(traceSinks: [recorder])
        try connection.transaction(.exclusive) {}
        let kinds = recorder.events.compactMap { event -> String? in
            switch event {
            case .begin(_, let kind, _): return "begin \(kind.rawValue)"
            case .commit: return "commit"
            default: return nil
            }
        }
        #expect(kinds == ["begin EXCLUSIVE", "commit"])
        #expect(recorder.statements.allSatisfy { $0.kind != .transaction })
    }
}
