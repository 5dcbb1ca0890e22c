import Foundation
import SQLiteDB
import Testing

@Suite struct FunctionTests {
    private struct Refused: Error, CustomStringConvertible {
        var description: String { "refused by the test function" }
    }

    @Test("a Swift scalar function receives typed arguments and returns any storage class")
    func scalarFunction() throws {
        let connection = try Connection()
        try connection.createFunction("describe_args", argumentCount: -1) { arguments in
            .text((0..<arguments.count).map { "\(arguments.value(at: $0))" }.joined(separator: "|"))
        }
        let text = try connection.fetchOne("SELECT describe_args(1, 2.5, 'a''b', x'0F', NULL)") {
            $0.string(at: 0)
        }
        #expect(text == "1|2.5|'a''b'|X'0F'|NULL")
    }

    @Test("function results keep empty text and blobs distinct from NULL")
    func emptyResults() throws {
        let connection = try Connection()
        try connection.createFunction("empty_text", argumentCount: 0) { _ in .text("") }
        try connection.createFunction("empty_blob", argumentCount: 0) { _ in .blob(Data()) }
        let types = try connection.fetchOne("SELECT typeof(empty_text()), typeof(empty_blob())") {
            [$0.string(at: 0), $0.string(at: 1)]
        }
        #expect(types == ["text", "blob"])
    }

    @Test("a function used in WHERE filters rows; a thrown error becomes an SQL error")
    func filteringAndErrors() throws {
        let connection = try Connection()
        try connection.execute(
            script: "CREATE TABLE t (name); INSERT INTO t VALUES ('Ab'), ('ab'), ('b');")
        try connection.createFunction("starts_a", argumentCount: 1) { arguments in
            .integer(arguments.string(at: 0)?.lowercased().hasPrefix("a") == true ? 1 : 0)
        }
        let names = try connection.fetchAll("SELECT name FROM t WHERE starts_a(name) ORDER BY name")
        { $0.string(at: 0) }
        #expect(names == ["Ab", "ab"])

        try connection.createFunction("refuse", argumentCount: 0) { _ in throw Refused() }
        let error = try #require(throws: SQLiteError.self) {
            try connection.fetchOne("SELECT refuse()") { $0.int64(at: 0) }
        }
        #expect(error.message == "refused by the test function")
    }

    @Test("a Swift collation orders and compares text")
    func collation() throws {
        let connection = try Connection()
        try connection.createCollation("BY_LENGTH") { lhs, rhs in
            lhs.count == rhs.count
                ? .orderedSame : (lhs.count < rhs.count ? .orderedAscending : .orderedDescending)
        }
        try connection.execute(
            script: "CREATE TABLE t (s); INSERT INTO t VALUES ('ccc'), ('a'), ('bb');")
        let ordered = try connection.fetchAll("SELECT s FROM t ORDER BY s COLLATE BY_LENGTH") {
            $0.string(at: 0)
        }
        #expect(ordered == ["a", "bb", "ccc"])
        let equal = try connection.fetchOne("SELECT 'xy' = 'ab' COLLATE BY_LENGTH") {
            $0.int64(at: 0)
        }
        #expect(equal == 1)
    }
}
