import BenchKit
import CoreDataLog
import Foundation

/// Logs written for finding tests, and their findings.
enum LogFixture {
    /// The summary of `text`.
    static func summary(_ text: String) -> LogSummary {
        var reader = LogLineReader(data: Data(text.utf8))
        return (try? LogReading.summarize(&reader)) ?? LogSummary()
    }

    /// The findings of `text`.
    static func findings(_ text: String, names: StoreNames? = nil, replay: ReplayResult? = nil)
        -> [Finding]
    {
        LogFindings(summary: summary(text), file: "app.log", names: names, replay: replay)
            .findings()
    }

    /// `count` to-many faults of Post.tags (the engine's form), each followed by an object
    /// fault of a Tag when `tags` is true.
    static func tagFaults(_ count: Int, tags: Bool = false) -> String {
        var lines: [String] = [
            "CoreData: sql: SELECT 0, t0.Z_PK, t0.Z_OPT, t0.ZTITLE FROM ZPOST t0 ORDER BY t0.ZDATE DESC LIMIT 1000",
            "CoreData: annotation: sql connection fetch time: 0.0050s",
            "CoreData: annotation: total fetch execution time: 0.0060s for 1000 rows.",
        ]
        for key in 1...count {
            lines += [
                "CoreData: sql: SELECT 0, t0.Z_PK FROM Z_2TAGS t1 JOIN ZTAG t0 ON t0.Z_PK = t1.Z_3TAGS WHERE t1.Z_2POSTS = ?",
                "CoreData: details: SQLite bind[0] = \(key)",
                "CoreData: annotation: sql connection fetch time: 0.0010s",
                "CoreData: annotation: total fetch execution time: 0.0011s for 2 rows.",
                "CoreData: annotation: to-many relationship fault \"tags\" for objectID 0x1 <x-coredata://A/Post/p\(key)> fulfilled from database.  Got 2 rows",
            ]
            if tags {
                lines += [
                    "CoreData: sql: SELECT 0, t0.Z_PK, t0.Z_OPT, t0.ZNAME FROM ZTAG t0 WHERE t0.Z_PK = ?",
                    "CoreData: details: SQLite bind[0] = \(key + 100)",
                    "CoreData: annotation: sql connection fetch time: 0.0010s",
                    "CoreData: annotation: fault fulfilled from database for : 0x2 <x-coredata://A/Tag/p\(key + 100)>",
                ]
            }
        }
        return lines.joined(separator: "\n")
    }

    /// One fetch of `sql`, with a level-4 plan of `plan` rows and a time.
    static func planned(_ sql: String, plan: [String], seconds: Double = 0.05, rows: Int = 10)
        -> String
    {
        (["CoreData: sql: \(sql)", "CoreData: details: SQLite: EXPLAIN QUERY PLAN \(sql)"]
            + plan.enumerated().map { "     \($0.offset + 2) 0 0 \($0.element)" }
            + [
                "CoreData: annotation: sql connection fetch time: \(seconds)s",
                "CoreData: annotation: total fetch execution time: \(seconds)s for \(rows) rows.",
            ]).joined(separator: "\n")
    }

    /// `count` executions of `sql`, bound with `value(i)`, each a fetch of `rows` rows.
    static func repeated(
        _ count: Int, _ sql: String, rows: Int = 1, value: (Int) -> String = { "\($0)" }
    )
        -> String
    {
        (1...count).map { index in
            """
            CoreData: sql: \(sql)
            CoreData: details: SQLite bind[0] = \(value(index))
            CoreData: annotation: sql connection fetch time: 0.0010s
            CoreData: annotation: total fetch execution time: 0.0011s for \(rows) rows.
            """
        }.joined(separator: "\n")
    }
}
