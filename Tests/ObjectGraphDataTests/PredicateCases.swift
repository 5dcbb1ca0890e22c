import Foundation
import ObjectGraphData
import SQLiteDB

/// The table of ``PredicateTranslationTests``: one small `#Predicate` per construct
/// (large ones take the type checker minutes).
enum PredicateCases {
    typealias Case = PredicateTranslationTests.Case

    static func make(
        _ name: String, _ predicate: Predicate<Note>, sql: String, _ arguments: [SQLArgument],
        _ rows: [String]
    ) -> Case {
        Case(name: name, predicate: predicate, sql: sql, arguments: arguments, rows: rows)
    }

    static let comparisons: [Case] = [
        make(
            "==", #Predicate<Note> { $0.score == 20 },
            sql: "ZNOTE t0 WHERE t0.ZSCORE = ?",
            [20], ["beta"]),
        make(
            "!=", #Predicate<Note> { $0.score != 20 },
            sql: "ZNOTE t0 WHERE t0.ZSCORE IS NOT ?",
            [20], ["-", "alpha", "gamma"]),
        make(
            "<", #Predicate<Note> { $0.score < 20 },
            sql: "ZNOTE t0 WHERE t0.ZSCORE < ?",
            [20], ["alpha"]),
        make(
            "<=", #Predicate<Note> { $0.score <= 20 },
            sql: "ZNOTE t0 WHERE t0.ZSCORE <= ?",
            [20], ["alpha", "beta"]),
        make(
            ">", #Predicate<Note> { $0.score > 20 },
            sql: "ZNOTE t0 WHERE t0.ZSCORE > ?",
            [20], ["-", "gamma"]),
        make(
            ">=", #Predicate<Note> { $0.score >= 30 },
            sql: "ZNOTE t0 WHERE t0.ZSCORE >= ?",
            [30], ["-", "gamma"]),
        make(
            "Bool key path", #Predicate<Note> { $0.isDraft },
            sql: "ZNOTE t0 WHERE t0.ZISDRAFT = ?",
            [1], ["beta"]),
        make(
            "!", #Predicate<Note> { !$0.isDraft },
            sql: "ZNOTE t0 WHERE NOT COALESCE(t0.ZISDRAFT = ?, 0)",
            [1], ["-", "alpha", "gamma"]),
        make(
            "&&", #Predicate<Note> { $0.score > 10 && $0.rating < 3 },
            sql: "ZNOTE t0 WHERE (t0.ZSCORE > ? AND t0.ZRATING < ?)",
            [10, 3.0],
            ["beta", "gamma"]),
        make(
            "||", #Predicate<Note> { $0.score == 10 || $0.score == 30 },
            sql: "ZNOTE t0 WHERE (t0.ZSCORE = ? OR t0.ZSCORE = ?)",
            [10, 30],
            ["alpha", "gamma"]),
        make(
            "String ==", #Predicate<Note> { $0.title == "alpha" },
            sql: "ZNOTE t0 WHERE t0.ZTITLE = ?",
            ["alpha"], ["alpha"]),
        make(
            "String != (nil differs)", #Predicate<Note> { $0.title != "alpha" },
            sql: "ZNOTE t0 WHERE t0.ZTITLE IS NOT ?",
            ["alpha"],
            ["-", "beta", "gamma"]),
        make(
            "== nil", #Predicate<Note> { $0.title == nil },
            sql: "ZNOTE t0 WHERE t0.ZTITLE IS NULL",
            [], ["-"]),
        make(
            "contains", #Predicate<Note> { ($0.title ?? "").contains("mm") },
            sql:
                "ZNOTE t0 WHERE ((t0.ZTITLE IS NOT NULL AND NSCoreDataStringSearch(t0.ZTITLE, ?, 0, 3)) OR (t0.ZTITLE IS NULL AND 0))",
            ["mm"],
            ["gamma"]),
        make(
            "starts(with:)", #Predicate<Note> { ($0.title ?? "").starts(with: "a") },
            sql:
                "ZNOTE t0 WHERE ((t0.ZTITLE IS NOT NULL AND NSCoreDataStringSearch(t0.ZTITLE, ?, 0, 1)) OR (t0.ZTITLE IS NULL AND 0))",
            ["a"], ["alpha"]),
        make(
            "+ and *", #Predicate<Note> { $0.score * 2 + 1 > 41 },
            sql: "ZNOTE t0 WHERE ((t0.ZSCORE * ?) + ?) > ?",
            [2, 1, 41],
            ["-", "gamma"]),
        make(
            "unary -", #Predicate<Note> { -$0.score < -25 },
            sql: "ZNOTE t0 WHERE (? - t0.ZSCORE) < ?",
            [0, -25], ["-", "gamma"]),
        make(
            "Double /", #Predicate<Note> { $0.rating / 2.0 > 1.0 },
            sql: "ZNOTE t0 WHERE (CAST(t0.ZRATING AS REAL) / ?) > ?",
            [2.0, 1.0], ["-", "beta"]),
        make(
            "array contains (IN)", inList([10, 30]),
            sql: "ZNOTE t0 WHERE t0.ZSCORE IN (?, ?)",
            [10, 30], ["alpha", "gamma"]),
        make(
            "? :", #Predicate<Note> { ($0.isDraft ? $0.score : 0) == 20 },
            sql:
                "ZNOTE t0 WHERE ((t0.ZISDRAFT = ? AND t0.ZSCORE = ?) OR (NOT COALESCE(t0.ZISDRAFT = ?, 0) AND 0))",
            [1, 20, 1],
            ["beta"]),
    ]

    static let optionals: [Case] = [
        make(
            "to-one ?.", #Predicate<Note> { $0.author?.name == "ann" },
            sql:
                "ZNOTE t0 LEFT OUTER JOIN ZWRITER t1 ON t0.ZAUTHOR = t1.Z_PK WHERE (t0.ZAUTHOR IS NOT NULL AND t1.ZNAME = ?)",
            ["ann"],
            ["alpha", "beta"]),
        make(
            "to-one ?. != (nil author matches)", #Predicate<Note> { $0.author?.name != "ann" },

            sql:
                "ZNOTE t0 LEFT OUTER JOIN ZWRITER t1 ON t0.ZAUTHOR = t1.Z_PK WHERE ((t0.ZAUTHOR IS NOT NULL AND t1.ZNAME IS NOT ?) OR t0.ZAUTHOR IS NULL)",
            ["ann"], ["-", "gamma"]),
        make(
            "to-one == nil", #Predicate<Note> { $0.author == nil },
            sql: "ZNOTE t0 WHERE t0.ZAUTHOR IS NULL",
            [], ["-"]),
        make(
            "?? on a to-one chain", #Predicate<Note> { ($0.author?.age ?? 0) > 26 },
            sql:
                "ZNOTE t0 LEFT OUTER JOIN ZWRITER t1 ON t0.ZAUTHOR = t1.Z_PK WHERE ((t0.ZAUTHOR IS NOT NULL AND t1.ZAGE IS NOT NULL AND t1.ZAGE > ?) OR (t0.ZAUTHOR IS NOT NULL AND t1.ZAGE IS NULL AND 0) OR (t0.ZAUTHOR IS NULL AND 0))",
            [26], ["alpha", "beta"]),
        make(
            "?. == nil", #Predicate<Note> { $0.author?.name == nil },
            sql:
                "ZNOTE t0 LEFT OUTER JOIN ZWRITER t1 ON t0.ZAUTHOR = t1.Z_PK WHERE ((t0.ZAUTHOR IS NOT NULL AND t1.ZNAME IS NULL) OR t0.ZAUTHOR IS NULL)",
            [], ["-"]),
    ]

    static let collections: [Case] = [
        make(
            "count", #Predicate<Note> { $0.labels.count == 2 },
            sql:
                "ZNOTE t0 WHERE (SELECT COUNT(t1.Z_1LABELS) FROM Z_1NOTES t1 WHERE (t0.Z_PK = t1.Z_2NOTES)) = ?",
            [2], ["beta"]),
        make(
            "isEmpty", #Predicate<Note> { $0.labels.isEmpty },
            sql:
                "ZNOTE t0 WHERE (SELECT COUNT(t1.Z_1LABELS) FROM Z_1NOTES t1 WHERE (t0.Z_PK = t1.Z_2NOTES)) = ?",
            [0], ["gamma"]),
        make(
            "!isEmpty", #Predicate<Note> { !$0.labels.isEmpty },
            sql:
                "ZNOTE t0 WHERE NOT COALESCE((SELECT COUNT(t1.Z_1LABELS) FROM Z_1NOTES t1 WHERE (t0.Z_PK = t1.Z_2NOTES)) = ?, 0)",
            [0],
            ["-", "alpha", "beta"]),
        make(
            "contains(where:)", #Predicate<Note> { $0.labels.contains { $0.name == "sql" } },

            sql:
                "ZNOTE t0 WHERE (SELECT COUNT(t2.Z_PK) FROM Z_1NOTES t1 JOIN ZLABEL t2 ON t1.Z_1LABELS = t2.Z_PK WHERE (t0.Z_PK = t1.Z_2NOTES) AND t2.ZNAME = ?) > ?",
            ["sql", 0], ["-", "beta"]),
        make(
            "allSatisfy", #Predicate<Note> { $0.labels.allSatisfy { $0.name == "swift" } },

            sql:
                "ZNOTE t0 WHERE (SELECT COUNT(t2.Z_PK) FROM Z_1NOTES t1 JOIN ZLABEL t2 ON t1.Z_1LABELS = t2.Z_PK WHERE (t0.Z_PK = t1.Z_2NOTES) AND NOT COALESCE(t2.ZNAME = ?, 0)) = ?",
            ["swift", 0], ["alpha", "gamma"]),
        make(
            "to-many through a to-one", #Predicate<Note> { $0.author?.notes.count == 2 },

            sql:
                "ZNOTE t0 WHERE (t0.ZAUTHOR IS NOT NULL AND (SELECT COUNT(t1.Z_PK) FROM ZNOTE t1 WHERE (t0.ZAUTHOR = t1.ZAUTHOR)) = ?)",
            [2], ["alpha", "beta"]),
    ]

    private static func inList(_ scores: [Int64]) -> Predicate<Note> {
        #Predicate<Note> { scores.contains($0.score) }
    }
}
