import Testing

@testable import BenchKit

/// The N+1 detector on synthetic traces shaped like Core Data's SQL.
@Suite struct NPlusOneDetectorTests {
    static let id = BenchmarkID(suite: "n-plus-one", scenario: "user-post-counts")

    /// A group executed `count` times, each with a different bound value.
    static func group(_ sql: String, count: Int, distinct: Int? = nil) -> StatementGroup {
        let recorder = SQLTraceRecorder()
        recorder.startTrace()
        for index in 0..<count {
            recorder.record(
                sql: sql, arguments: ["\(index % (distinct ?? count))"], nanoseconds: 1, rows: 1)
        }
        return recorder.finishTrace().statements[0]
    }

    static func result(_ configuration: String, size: Int = 1_000, _ groups: [StatementGroup])
        -> CaseResult
    {
        CaseResult(
            key: CaseKey(benchmark: id, configuration: configuration, size: size), status: .passed,
            checksum: nil, iterations: [:], metrics: [], errors: [],
            sqlTrace: SQLTrace(statements: groups))
    }

    static let users = "SELECT 0, t0.Z_PK, t0.Z_OPT, t0.ZNAME FROM ZUSER t0 LIMIT 1000"
    static let postsOfUser = "SELECT 0, t0.Z_PK FROM ZPOST t0 WHERE t0.ZAUTHOR = ?"
    static let prefetch =
        "SELECT 0, t0.Z_PK, t0.ZAUTHOR FROM ZPOST t0 WHERE t0.ZAUTHOR IN (SELECT * FROM _Z_intarray0(?)) ORDER BY t0.ZAUTHOR"

    @Test("flags 1 + N: a to-many fault per user, naming Post.author and the fix")
    func flagsToManyFaults() throws {
        let cases = [
            Self.result(
                "fault-per-object",
                [Self.group(Self.users, count: 1), Self.group(Self.postsOfUser, count: 1_000)])
        ]
        let findings = NPlusOneDetector().findings(in: cases)
        let finding = try #require(findings.first)
        #expect(findings.count == 1)
        #expect(finding.count == 1_000)
        #expect(finding.statementCount == 1_001)
        #expect(finding.pattern == .toManyFault)
        #expect(finding.relationship == "Post.author")
        #expect(finding.suggestion.contains("relationshipKeyPathsForPrefetching"))
    }

    @Test("ignores a 2-statement prefetch and a batched read")
    func ignoresPrefetch() {
        let batches = Self.group(
            "SELECT 0, t0.Z_PK FROM ZPOST t0 WHERE t0.Z_PK IN (1, 2, 3) LIMIT 20", count: 50)
        let cases = [
            Self.result(
                "prefetch", [Self.group(Self.users, count: 1), Self.group(Self.prefetch, count: 1)]),
            Self.result("batch", [Self.group(Self.users, count: 1), batches]),
        ]
        #expect(NPlusOneDetector().findings(in: cases).isEmpty)
    }

    @Test("object faults by primary key name the entity and suggest prefetching")
    func objectFaults() throws {
        let fault = Self.group(
            "SELECT 0, t0.Z_PK, t0.ZNAME FROM ZUSER t0 WHERE t0.Z_PK = ?", count: 12)
        let finding = try #require(
            NPlusOneDetector().findings(in: [Self.result("faults", [fault])]).first)
        #expect(finding.pattern == .objectFault)
        #expect(finding.relationship == "User")
        #expect(finding.suggestion.contains("relationshipKeyPathsForPrefetching"))
    }

    @Test("many-to-many faults name the relationship from the join table")
    func manyToMany() throws {
        let sql =
            "SELECT 0, t0.Z_PK FROM Z_1TAGS t1 JOIN ZTAG t0 ON t0.Z_PK = t1.Z_2TAGS WHERE t1.Z_1POSTS = ?"
        let finding = try #require(
            NPlusOneDetector().findings(in: [Self.result("faults", [Self.group(sql, count: 30)])])
                .first)
        #expect(finding.pattern == .manyToManyFault)
        #expect(finding.relationship == "tags")
    }

    @Test("below the threshold, or with the same values every time, nothing is flagged")
    func thresholdAndRepeats() {
        let few = Self.result("few", [Self.group(Self.postsOfUser, count: 9)])
        let same = Self.result("same", [Self.group(Self.postsOfUser, count: 50, distinct: 1)])
        #expect(NPlusOneDetector().findings(in: [few, same]).isEmpty)
        #expect(NPlusOneDetector(threshold: 5).findings(in: [few]).count == 1)
    }

    @Test("a count growing linearly with size is flagged with its growth, even below k")
    func linearGrowth() throws {
        let cases = [100, 400, 1_600].map { size in
            Self.result("faults", size: size, [Self.group(Self.postsOfUser, count: size / 20)])
        }
        let finding = try #require(NPlusOneDetector(threshold: 100).findings(in: cases).first)
        #expect(finding.key.size == 1_600)
        #expect(finding.growth.map(\.count) == [5, 20, 80])
        let constant = [100, 1_000].map { size in
            Self.result("prefetch", size: size, [Self.group(Self.postsOfUser, count: 3)])
        }
        #expect(NPlusOneDetector().findings(in: constant).isEmpty)
    }
}
