import SQLiteDB
import Testing

/// The linked library's facts.
@Suite struct SQLiteLibraryTests {
    @Test("the version is the one SQLite itself reports to SQL (sqlite_version())")
    func version() throws {
        let connection = try Connection(location: .memory)
        let reported = try connection.fetchOne(SQL(text: "SELECT sqlite_version()")) {
            $0.string(at: 0)
        }
        #expect(SQLiteLibrary.version == reported)
        #expect(SQLiteLibrary.version.split(separator: ".").count == 3)
    }
}
