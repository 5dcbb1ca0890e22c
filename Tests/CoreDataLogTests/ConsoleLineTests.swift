import CoreDataLog
import Testing

@Suite struct ConsoleLineTests {
    struct Example: CustomTestStringConvertible, Sendable {
        let text: String
        let origin: ConsoleLine.Origin
        let category: LogCategory?
        let body: String
        var testDescription: String { text }
    }

    static let examples: [Example] = [
        Example(
            text: "CoreData: sql: SELECT Z_VERSION FROM Z_METADATA", origin: .coreData,
            category: .sql, body: "SELECT Z_VERSION FROM Z_METADATA"),
        Example(
            text: "ObjectGraph: annotation: sql connection fetch time: 0.0001s",
            origin: .objectGraph, category: .annotation, body: "sql connection fetch time: 0.0001s"),
        Example(
            text: "SQLiteDB: sql: SELECT 1 FROM ZPOST", origin: .sqliteDB, category: .sql,
            body: "SELECT 1 FROM ZPOST"),
        // Xcode's prefix before iOS 10 (openradar 12965555, Apress WordList log).
        Example(
            text:
                "2014-07-31 15:29:04.797 WordList[73416:2971038] CoreData: details: SQLite bind[0] = \"s\"",
            origin: .coreData, category: .details, body: "SQLite bind[0] = \"s\""),
        Example(
            text:
                "2013-01-07 14:46:17.561 CoreDataOuterJoinBugTest[3913:c07] CoreData: sql: COMMIT",
            origin: .coreData, category: .sql, body: "COMMIT"),
        // os_log's prefix (Xcode 8 and later).
        Example(
            text:
                "2024-03-01 10:00:00.123456+0100 App[123:4567] CoreData: annotation: Bound intarray values.",
            origin: .coreData, category: .annotation, body: "Bound intarray values."),
        // `log stream` columns.
        Example(
            text:
                "2024-03-01 10:00:00.123456+0100 0x2a4f1    Default     0x0   1234   0    App: (CoreData) [com.apple.coredata:sql] CoreData: sql: COMMIT",
            origin: .coreData, category: .sql, body: "COMMIT"),
        // Console.app columns, copied with tabs.
        Example(
            text: "default\t10:00:00.123456+0100\tApp\tCoreData: sql: pragma page_count",
            origin: .coreData, category: .sql, body: "pragma page_count"),
        // An indented paste (fatbobman's excerpts start with a space).
        Example(
            text: " CoreData: annotation: total fetch execution time: 0.0053s for 190 rows.",
            origin: .coreData, category: .annotation,
            body: "total fetch execution time: 0.0053s for 190 rows."),
        // A paste that lost its first characters (azamsharp's BudgetApp post).
        Example(
            text: "ata: sql: BEGIN EXCLUSIVE", origin: .coreData, category: .sql,
            body: "BEGIN EXCLUSIVE"),
        // No prefix at all, as the objc.io book prints it.
        Example(
            text: "annotation: sql connection fetch time: 0.0005s", origin: .coreData,
            category: .annotation, body: "sql connection fetch time: 0.0005s"),
        Example(
            text: "sql: SELECT t0.Z_ENT, t0.Z_PK FROM ZGEOGRAPHICREGION t0", origin: .coreData,
            category: .sql, body: "SELECT t0.Z_ENT, t0.Z_PK FROM ZGEOGRAPHICREGION t0"),
        // `-com.apple.CoreData.SyntaxColoredLogging YES` wraps times in colour escapes.
        Example(
            text: "CoreData: annotation: sql connection fetch time: \u{1B}[31m0.0012\u{1B}[0ms",
            origin: .coreData, category: .annotation, body: "sql connection fetch time: 0.0012s"),
        Example(
            text:
                "CoreData: warning: Unable to load class named 'WAChatSession' for entity 'WAChatSession'.",
            origin: .coreData, category: .warning,
            body: "Unable to load class named 'WAChatSession' for entity 'WAChatSession'."),
        Example(
            text:
                "CoreData: debug: PostSaveMaintenance: fileSize 9315352 greater than prune threshold",
            origin: .coreData, category: .debug,
            body: "PostSaveMaintenance: fileSize 9315352 greater than prune threshold"),
        Example(
            text: "CoreData: Using local store", origin: .coreData, category: .message,
            body: "Using local store"),
        // Not Core Data: app output, with and without a timestamp.
        Example(
            text: "fetch count: 1066", origin: .unprefixed, category: nil, body: "fetch count: 1066"
        ),
        Example(
            text: "2021-12-26 02:36:31.112 watoi[92347:21851470] Loaded 1206 chat(s)",
            origin: .unprefixed, category: nil, body: "Loaded 1206 chat(s)"),
        Example(
            text: "error: something else", origin: .unprefixed, category: nil,
            body: "error: something else"),
        Example(
            text: "   ORDER BY t0.ZFIRSTNAME", origin: .unprefixed, category: nil,
            body: "ORDER BY t0.ZFIRSTNAME"),
    ]

    @Test("prefixes, categories and bodies", arguments: examples)
    func splits(_ example: Example) {
        let line = ConsoleLine(example.text)
        #expect(line.origin == example.origin)
        #expect(line.category == example.category)
        #expect(line.body == example.body)
    }
}
