import Foundation
import ObjectGraph
import TestSupport
import Testing

@testable import FaultlineTesting

/// Query snapshots: a block's fingerprints, counts and plans recorded beside the test
/// and compared on later runs, from the engine trace and from SQLDebug text; a missing
/// file or a difference fails with the fingerprint and plan diff the gates print.
@Suite struct QuerySnapshotTests {
    /// A check of `FeedTests.swift`'s test `feed()` in `directory`, in the environment
    /// given.
    static func check(
        in directory: TemporaryDirectory, _ environment: [String: String] = [:],
        name: String? = nil
    ) -> SnapshotCheck {
        SnapshotCheck(
            filePath: directory.path("FeedTests.swift"), function: "feed()", name: name,
            record: nil, environment: environment)
    }

    static let record = ["FAULTLINE_RECORD_SNAPSHOTS": "1"]

    /// Posts of `u1` by author (one SELECT on ZUSER, one on ZPOST by its index).
    static func postsOfOneUser(_ container: PersistentContainer, readAuthors: Bool = false)
        async throws -> QueryExpectation
    {
        let context = container.newBackgroundContext()
        return try await expectQueries(in: container) {
            try ExpectQueriesTests.postsOfOneUser(context, readAuthors: readAuthors)
        }
    }

    @Test("the place: __QuerySnapshots__/<file>.<test>[.<name>].json beside the test file")
    func place() throws {
        let check = SnapshotCheck(
            filePath: "/src/Tests/AppTests/FeedTests.swift", function: "feed(of:)",
            name: "first page", record: nil, environment: [:])
        #expect(
            check.file.path
                == "/src/Tests/AppTests/__QuerySnapshots__/FeedTests.feed.first_page.json")
        #expect(check.mode == .compare && !check.isCI)
        let modes = [
            ("1", SnapshotCheck.Mode.recordAll), ("all", .recordAll), ("missing", .recordMissing),
            ("0", .compare),
        ]
        for (value, mode) in modes {
            #expect(
                SnapshotCheck(
                    filePath: "/t/A.swift", function: "f()", name: nil, record: nil,
                    environment: ["FAULTLINE_RECORD_SNAPSHOTS": value, "CI": "true"]
                ).mode == mode)
        }
        #expect(
            SnapshotCheck(
                filePath: "/t/A.swift", function: "f()", name: nil, record: false,
                environment: Self.record
            ).mode == .compare)
    }

    @Test("records the trace's shapes as sorted JSON, then matches them on the next run")
    func recordsAndMatches() async throws {
        let directory = try TemporaryDirectory()
        let container = try Blog.container()
        let first = try await Self.postsOfOneUser(container)
        #expect(
            Self.check(in: directory, Self.record).failure(
                for: QuerySnapshot(first.log), log: first.log) == nil)
        let file = Self.check(in: directory).file
        #expect(file.path == directory.path("__QuerySnapshots__/FeedTests.feed.json"))
        #expect(
            try String(contentsOf: file, encoding: .utf8) == """
                {
                  "statements" : [
                    {
                      "count" : 1,
                      "fingerprint" : "SELECT ?, t0.Z_PK, t0.Z_OPT, t0.ZNAME FROM ZUSER t0 WHERE t0.ZNAME = ?",
                      "kind" : "select",
                      "plan" : [
                        "SCAN t0"
                      ]
                    },
                    {
                      "count" : 1,
                      "fingerprint" : "SELECT ?, t0.Z_PK, t0.Z_OPT, t0.ZSCORE, t0.ZTITLE, t0.ZAUTHOR FROM ZPOST t0 WHERE t0.ZAUTHOR = ?",
                      "kind" : "select",
                      "plan" : [
                        "SEARCH t0 USING INDEX ZPOST_ZAUTHOR_INDEX (ZAUTHOR=?)"
                      ]
                    }
                  ],
                  "version" : 1
                }

                """)
        let again = try await Self.postsOfOneUser(try Blog.container())
        #expect(
            Self.check(in: directory).failure(for: QuerySnapshot(again.log), log: again.log) == nil)
        // Through the public spelling: compared, no issue.
        again.matchesSnapshot(filePath: directory.path("FeedTests.swift"), function: "feed()")
    }

    @Test("a planted N+1 fails with the fingerprint diff: the author fault appeared ×2")
    func plantedExtraStatement() async throws {
        let directory = try TemporaryDirectory()
        let recorded = try await Self.postsOfOneUser(try Blog.container())
        _ = Self.check(in: directory, Self.record).failure(
            for: QuerySnapshot(recorded.log), log: recorded.log)
        let planted = try await Self.postsOfOneUser(try Blog.container(), readAuthors: true)
        let failure = try #require(
            Self.check(in: directory).failure(for: QuerySnapshot(planted.log), log: planted.log))
        let path = directory.path("__QuerySnapshots__/FeedTests.feed.json")
        #expect(
            failure.hasPrefix(
                """
                query snapshot \(path) differs: 2 statement(s) recorded, 5 now (intended? record again with FAULTLINE_RECORD_SNAPSHOTS=1):
                + SELECT ?, t0.Z_PK, t0.Z_OPT, t0.ZSCORE, t0.ZTITLE, t0.ZAUTHOR FROM ZPOST t0 ×1 (appeared)
                + SELECT ?, t0.Z_PK, t0.Z_OPT, t0.ZNAME FROM ZUSER t0 WHERE t0.Z_PK = ? ×2 (appeared)
                statements (the engine trace of the block):
                  1. SELECT 0, t0.Z_PK, t0.Z_OPT, t0.ZNAME FROM ZUSER t0 WHERE t0.ZNAME = ?
                """), "\(failure)")
        Blog.expectFailure(startingWith: "query snapshot \(path) differs: 2 statement(s)") {
            planted.matchesSnapshot(filePath: directory.path("FeedTests.swift"), function: "feed()")
        }
        // The file is left as recorded.
        #expect(
            Self.check(in: directory).failure(for: QuerySnapshot(recorded.log), log: recorded.log)
                == nil)
    }

    /// A level-4 SQLDebug excerpt: the posts of one author, planned `plan`.
    static func authorPosts(plan: String, times: Int = 1) -> String {
        let sql = "SELECT t0.Z_ENT, t0.Z_PK, t0.ZTITLE FROM ZPOST t0 WHERE t0.ZAUTHOR = ?"
        return (1...times).map { author in
            """
            CoreData: sql: \(sql)
            CoreData: details: SQLite bind[0] = \(author)
            CoreData: details: SQLite: EXPLAIN QUERY PLAN \(sql)
                 2 0 0 \(plan)
            CoreData: annotation: sql connection fetch time: 0.0005s
            CoreData: annotation: total fetch execution time: 0.0008s for 2 rows.
            """
        }.joined(separator: "\n") + "\n"
    }

    @Test("SQLDebug text: a lost index fails with the plan diff, a count change with ×a → ×b")
    func logLostIndex() throws {
        let directory = try TemporaryDirectory()
        let indexed = expectQueries(
            inLog: Self.authorPosts(plan: "SEARCH t0 USING INDEX ZPOST_ZAUTHOR_INDEX (ZAUTHOR=?)"))
        #expect(
            Self.check(in: directory, Self.record).failure(
                for: QuerySnapshot(indexed.log), log: indexed.log) == nil)
        #expect(
            Self.check(in: directory).failure(for: QuerySnapshot(indexed.log), log: indexed.log)
                == nil)
        let scanning = expectQueries(inLog: Self.authorPosts(plan: "SCAN t0", times: 2))
        let failure = try #require(
            Self.check(in: directory).failure(for: QuerySnapshot(scanning.log), log: scanning.log))
        #expect(
            failure.hasPrefix(
                """
                query snapshot \(directory.path("__QuerySnapshots__/FeedTests.feed.json")) differs: 1 statement(s) recorded, 2 now (intended? record again with FAULTLINE_RECORD_SNAPSHOTS=1):
                ~ SELECT t0.Z_ENT, t0.Z_PK, t0.ZTITLE FROM ZPOST t0 WHERE t0.ZAUTHOR = ? ×1 → ×2
                ~ plan of SELECT t0.Z_ENT, t0.Z_PK, t0.ZTITLE FROM ZPOST t0 WHERE t0.ZAUTHOR = ?:
                    - SEARCH t0 USING INDEX ZPOST_ZAUTHOR_INDEX (ZAUTHOR=?)
                    + SCAN t0
                statements (SQLDebug log):
                """), "\(failure)")
        let gone = expectQueries(inLog: "")
        #expect(
            Self.check(in: directory).failure(for: QuerySnapshot(gone.log), log: gone.log)?
                .contains(
                    "\n- SELECT t0.Z_ENT, t0.Z_PK, t0.ZTITLE FROM ZPOST t0 WHERE t0.ZAUTHOR = ? ×1 (disappeared)\n"
                ) == true)
    }

    @Test("a missing snapshot fails saying how to record it, and CI never records one silently")
    func missing() throws {
        let directory = try TemporaryDirectory()
        let log = expectQueries(inLog: Self.authorPosts(plan: "SCAN t0")).log
        let path = directory.path("__QuerySnapshots__/FeedTests.feed.json")
        let failure = Self.check(in: directory).failure(for: QuerySnapshot(log), log: log)
        #expect(
            failure?.hasPrefix(
                "no query snapshot at \(path): record it with FAULTLINE_RECORD_SNAPSHOTS=1 (for example `FAULTLINE_RECORD_SNAPSHOTS=1 swift test --filter <this test>`), review and commit the file\nstatements (SQLDebug log):"
            ) == true)
        let inCI = Self.check(in: directory, ["CI": "true"]).failure(
            for: QuerySnapshot(log), log: log)
        #expect(inCI?.contains("review and commit the file; CI never records one\n") == true)
        #expect(!FileManager.default.fileExists(atPath: path))
        // Asked to record in CI: written, and still a failure.
        let recordedInCI = Self.check(
            in: directory, Self.record.merging(["CI": "true"]) { a, _ in a }
        )
        .failure(for: QuerySnapshot(log), log: log)
        #expect(
            recordedInCI?.hasPrefix("query snapshot \(path) was recorded by this run with CI set")
                == true)
        #expect(FileManager.default.fileExists(atPath: path))
        // `missing` records a snapshot only where there is none.
        let other = expectQueries(inLog: Self.authorPosts(plan: "SCAN t0", times: 3)).log
        let onlyMissing = Self.check(in: directory, ["FAULTLINE_RECORD_SNAPSHOTS": "missing"])
        #expect(
            onlyMissing.failure(for: QuerySnapshot(other), log: other)?.contains("×1 → ×3") == true)
        let named = Self.check(
            in: directory, ["FAULTLINE_RECORD_SNAPSHOTS": "missing"], name: "three")
        #expect(named.failure(for: QuerySnapshot(other), log: other) == nil)
        #expect(
            Self.check(in: directory, name: "three").failure(for: QuerySnapshot(other), log: other)
                == nil)
    }

    @Test("an unreadable snapshot file fails naming it, never passes")
    func unreadable() throws {
        let directory = try TemporaryDirectory()
        let check = Self.check(in: directory)
        try FileManager.default.createDirectory(
            at: check.file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{".utf8).write(to: check.file)
        let log = expectQueries(inLog: "").log
        #expect(
            check.failure(for: QuerySnapshot(log), log: log)?.hasPrefix(
                "query snapshot \(check.file.path) cannot be read (") == true)
    }
}
