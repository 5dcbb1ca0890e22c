import BenchKit
import CoreDataLog
import Foundation
import ObjectGraph
import TestSupport
import Testing
import Workloads

@testable import BenchmarkSuites

/// `bench explain-log --replay`: a log's statements run on stores generated from a
/// model (ModelSuiteTests' library), at two sizes, with their fixes beside them.
@Suite struct LogReplayTests {
    static let tagFault =
        "SELECT 0, t0.Z_PK FROM Z_2TAGS t1 JOIN ZTAG t0 ON t0.Z_PK = t1.Z_3TAGS WHERE t1.Z_2BOOKS = ?"
    static let titleScan = "SELECT 0, t0.Z_PK, t0.ZTITLE FROM ZBOOK t0 WHERE  t0.ZTITLE = ?"

    /// Twelve to-many faults of Book.tags, a fetch by an unindexed title, a statement
    /// naming a column the model lacks, and one cut off.
    static var log: String {
        var lines: [String] = []
        for key in 1...12 {
            lines += [
                "CoreData: sql: \(tagFault)",
                "CoreData: details: SQLite bind[0] = \(key)",
                "CoreData: annotation: sql connection fetch time: 0.0010s",
                "CoreData: annotation: to-many relationship fault \"tags\" for objectID 0x1 <x-coredata://A/Book/p\(key)> fulfilled from database.  Got 2 rows",
            ]
        }
        lines += [
            "CoreData: sql: \(titleScan)",
            "CoreData: details: SQLite bind[0] = \"Some title\"",
            "CoreData: annotation: sql connection fetch time: 0.0200s",
            "CoreData: annotation: total fetch execution time: 0.0210s for 1 rows.",
            "CoreData: sql: SELECT 0, t0.Z_PK, t0.ZSUBTITLE FROM ZBOOK t0",
            "CoreData: sql: SELECT 0, t0.Z_PK, t0.ZTITLE FROM ZBOOK t0 WHERE t0.ZYEAR >",
        ]
        return lines.joined(separator: "\n")
    }

    private func replay() throws -> (ReplayResult, LogSummary, StoreNames) {
        let (dataset, directory) = try ModelSuiteTests.dataset()
        let cache = DatasetCache(directory: directory.url.appendingPathComponent("datasets"))
        let names = StoreNames(model: dataset.schema.model)
        var replay = LogReplay(dataset: dataset, names: names, cache: cache, sizes: [200, 800])
        replay.timer = ReplayTimer(budget: 0.01, maximumRepetitions: 5)
        var reader = LogLineReader(data: Data(Self.log.utf8))
        let summary = try LogReading.summarize(&reader)
        return (try replay.replay([summary]), summary, names)
    }

    @Test("the model's names: tables, to-ones, join tables and indexes")
    func names() throws {
        let (dataset, _) = try ModelSuiteTests.dataset()
        let names = StoreNames(model: dataset.schema.model)
        #expect(names.property(table: "ZBOOK", column: "ZAUTHOR") == "Book.author")
        #expect(names.joinTables["Z_2TAGS"]?.name == "tags")
        #expect(names.isIndexLeader(table: "ZAUTHOR", column: "ZNAME"))
        #expect(names.isIndexLeader(table: "ZBOOK", column: "ZYEAR"))
        #expect(!names.isIndexed(table: "ZBOOK", column: "ZTITLE"))
    }

    @Test("each SELECT at each size with its plan; the N+1's fix is one IN-list statement")
    func replays() throws {
        let (result, _, _) = try replay()
        #expect(result.sizes == [200, 800])
        let faults = try #require(result.statement(SQLFingerprint.normalize(Self.tagFault)))
        #expect(faults.runs.map(\.size) == [200, 800])
        #expect(faults.valuesFrom == "log")
        let inList = try #require(faults.fixes.first)
        #expect(inList.kind == .nPlusOne && inList.replaces == 12)
        #expect(inList.name == "one statement for 12 keys")
        #expect(inList.runs.count == 2 && inList.runs.allSatisfy { $0.rows > 0 })
        let scan = try #require(result.statement(SQLFingerprint.normalize(Self.titleScan)))
        #expect(scan.runs.allSatisfy { $0.plan.fullScans.count == 1 })
        let index = try #require(scan.fixes.first { $0.kind == .fullScan })
        #expect(index.name == "index on ZBOOK(ZTITLE)")
        #expect(
            index.runs.allSatisfy { $0.plan.contains { $0.detail.contains("INDEX replay_fix") } })
    }

    @Test("a column the model lacks and a cut-off statement are skipped with the reason")
    func skips() throws {
        let (result, _, _) = try replay()
        let reasons = Dictionary(
            uniqueKeysWithValues: result.skipped.map { ($0.fingerprint, $0.reason) })
        #expect(
            reasons[SQLFingerprint.normalize("SELECT 0, t0.Z_PK, t0.ZSUBTITLE FROM ZBOOK t0")]
                == "no such column: t0.ZSUBTITLE")
        #expect(reasons.values.contains("the statement is cut off in the log"))
    }

    @Test("findings with the replay: measured fixes, replayed plans, confidence replay")
    func findings() throws {
        let (result, summary, names) = try replay()
        let findings = LogFindings(summary: summary, file: "app.log", names: names, replay: result)
            .findings()
        let scan = try #require(findings.first { $0.kind == .fullScan })
        #expect(scan.confidence == .replay)
        #expect(scan.subject.keyPath == "title" && scan.subject.entity == "Book")
        #expect(scan.evidence.plans.contains { $0.source == "replay 800" })
        #expect(scan.evidence.alternatives.count == 2)
        let nPlusOne = try #require(findings.first { $0.kind == .nPlusOne })
        #expect(nPlusOne.confidence == .replay)
        let alternative = try #require(nPlusOne.evidence.alternatives.last)
        let single = try #require(
            result.statement(SQLFingerprint.normalize(Self.tagFault))?.runs.last)
        #expect(alternative.originalSeconds == single.seconds * 12)
        #expect(nPlusOne.evidence.growth.map(\.size) == [200, 800])
    }
}

/// docs/examples/Social.xcdatamodeld, the model EXPLAIN-LOG.md's example passes with
/// --model: the lab's social tables, so the lab's own logs map onto it.
@Suite struct SocialExampleModelTests {
    @Test("the example model has the social schema's tables, join table and indexes")
    func matchesSocial() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let bundle = try XcodeModelBundle(
            at: root.appendingPathComponent("docs/examples/Social.xcdatamodeld"))
        let model = try bundle.loadVersion(named: bundle.currentVersionName).makeModel()
        let example = StoreNames(model: model)
        let social = StoreNames(model: DatasetSchema.social.model)
        #expect(Set(example.tables.keys) == Set(social.tables.keys))
        #expect(example.joinTables == social.joinTables)
        for (name, table) in social.tables {
            #expect(example.tables[name]?.properties == table.properties, "\(name)")
            #expect(example.tables[name]?.indexes == table.indexes, "\(name)")
        }
    }
}
