import CoreDataLog
import Testing

/// Grouping into operations, on Core Data's shapes (coredata-reference.md §2 to §4) and
/// on the engine's, which logs faults and prefetches without their own totals.
@Suite struct OperationGrouperTests {
    @Test("the engine's faults: a to-many fault per post, an object fault per tag")
    func engineFaults() {
        let log = Parsed(
            """
            ObjectGraph: sql: SELECT 0, t0.Z_PK, t0.Z_OPT, t0.ZTITLE FROM ZPOST t0 ORDER BY t0.ZCREATEDATINDEXED DESC LIMIT 1000
            ObjectGraph: annotation: sql connection fetch time: 0.0059s
            ObjectGraph: annotation: total fetch execution time: 0.0209s for 1000 rows.
            ObjectGraph: sql: SELECT 0, t0.Z_PK FROM Z_2TAGS t1 JOIN ZTAG t0 ON t0.Z_PK = t1.Z_3TAGS WHERE t1.Z_2POSTS = ?
            ObjectGraph: details: SQLite bind[0] = 480
            ObjectGraph: annotation: sql connection fetch time: 0.0000s
            ObjectGraph: annotation: to-many relationship fault "tags" for objectID <x-coredata://F9/Post/p480> fulfilled from database.  Got 2 rows
            ObjectGraph: sql: SELECT 0, t0.Z_PK, t0.Z_OPT, t0.ZNAME FROM ZTAG t0 WHERE t0.Z_PK = ?
            ObjectGraph: details: SQLite bind[0] = 169
            ObjectGraph: annotation: sql connection fetch time: 0.0000s
            ObjectGraph: annotation: fault fulfilled from database for : <x-coredata://F9/Tag/p169> with row values: {ZNAME = 'tag169'}
            ObjectGraph: sql: SELECT 0, t0.Z_PK FROM Z_2TAGS t1 JOIN ZTAG t0 ON t0.Z_PK = t1.Z_3TAGS WHERE t1.Z_2POSTS = ?
            ObjectGraph: details: SQLite bind[0] = 1751
            ObjectGraph: annotation: sql connection fetch time: 0.0001s
            ObjectGraph: annotation: to-many relationship fault "tags" for objectID <x-coredata://F9/Post/p1751> fulfilled from database.  Got 0 rows
            """)
        #expect(log.kinds == [.fetch, .toManyFault, .objectFault, .toManyFault])
        #expect(log.operations[1].fingerprint == log.operations[3].fingerprint)
        #expect(log.operations[1].fingerprint != log.operations[2].fingerprint)
        #expect(log.operations[1].relationship == "tags" && log.operations[1].entity == "Post")
        #expect(log.operations[2].object == ObjectReference(entity: "Tag", primaryKey: 169))
        #expect(log.operations[0].rows == 1000 && log.operations[0].seconds == 0.0209)
        #expect(log.operations[3].seconds == 0.0001)
    }

    @Test("the engine's prefetch: no total of its own, named by the Prefetching line")
    func enginePrefetch() {
        let log = Parsed(
            """
            ObjectGraph: sql: SELECT 0, t0.Z_PK, t0.Z_OPT, t0.ZTITLE FROM ZPOST t0 ORDER BY t0.ZCREATEDATINDEXED DESC LIMIT 1000
            ObjectGraph: annotation: sql connection fetch time: 0.0017s
            ObjectGraph: annotation: Bound intarray _Z_intarray0
            ObjectGraph: annotation: Bound intarray values.
            ObjectGraph: sql: SELECT 0, t0.Z_PK, t0.Z_OPT, t0.ZNAME, t1.Z_2POSTS FROM Z_2TAGS t1 JOIN ZTAG t0 ON t0.Z_PK = t1.Z_3TAGS WHERE t1.Z_2POSTS IN (SELECT * FROM _Z_intarray0(?)) ORDER BY t1.Z_2POSTS
            ObjectGraph: details: SQLite bind[0] = <1000 keys: 480, 1751, 77, …>
            ObjectGraph: annotation: sql connection fetch time: 0.0061s
            ObjectGraph: annotation: Prefetching with key 'tags'.  Got 198 rows.
            ObjectGraph: annotation: total fetch execution time: 0.0614s for 1000 rows.
            """)
        #expect(log.kinds == [.fetch])
        #expect(log.operations[0].statements.map(\.role) == [.main, .prefetch(keyPath: "tags")])
        #expect(log.operations[0].rows == 1000)
    }

    @Test("fetchBatchSize: the ID-only fetch, then each batch a batch fault linked to it")
    func batches() {
        let log = Parsed(
            """
            CoreData: sql: SELECT t0.Z_ENT, t0.Z_PK FROM ZGEOGRAPHICREGION t0 WHERE t0.ZMARKEDFORDELETIONDATE = ? ORDER BY t0.ZUPDATEDAT DESC
            CoreData: annotation: total fetch execution time: 0.0020s for 60 rows.
            CoreData: annotation: Bound intarray _Z_intarray0
            CoreData: annotation: Bound intarray values.
            CoreData: sql: SELECT t0.Z_ENT, t0.Z_PK, t0.Z_OPT, t0.ZUPDATEDAT FROM ZGEOGRAPHICREGION t0 WHERE t0.Z_PK IN (SELECT * FROM _Z_intarray0) LIMIT 20
            CoreData: annotation: total fetch execution time: 0.0010s for 20 rows.
            CoreData: annotation: Bound intarray _Z_intarray0
            CoreData: annotation: Bound intarray values.
            CoreData: sql: SELECT t0.Z_ENT, t0.Z_PK, t0.Z_OPT, t0.ZUPDATEDAT FROM ZGEOGRAPHICREGION t0 WHERE t0.Z_PK IN (SELECT * FROM _Z_intarray0) LIMIT 20
            CoreData: annotation: total fetch execution time: 0.0010s for 20 rows.
            """)
        #expect(log.kinds == [.fetch, .batchFault, .batchFault])
        #expect(log.operations[0].statements[0].role == .identities)
        #expect(log.operations[1].parentLine == 1 && log.operations[2].parentLine == 1)
    }

    @Test("a save that updates with optimistic-lock checks and deletes")
    func saveWithUpdates() {
        let log = Parsed(
            """
            CoreData: sql: BEGIN EXCLUSIVE
            CoreData: sql: UPDATE ZGEOGRAPHICREGION SET ZUPDATEDAT = ?, Z_OPT = ? WHERE Z_PK=? AND Z_OPT=?
            CoreData: sql: DELETE FROM ZMESSAGE WHERE Z_PK = ? AND Z_OPT = ?
            CoreData: sql: COMMIT
            """)
        #expect(log.kinds == [.save])
        #expect(
            log.operations[0].statements.map(\.role) == [
                .transaction, .write, .write, .transaction,
            ])
    }

    @Test("batch update: Z_OPT = (Z_OPT + 1) and no per-row check")
    func batchUpdate() {
        let log = Parsed(
            """
            CoreData: sql: BEGIN EXCLUSIVE
            CoreData: sql: UPDATE ZPOST SET ZSTATUS = ?, Z_OPT = (Z_OPT + 1) WHERE ZLIKES > ?
            CoreData: sql: COMMIT
            """)
        #expect(log.kinds == [.batchUpdate])
    }

    @Test("batch delete: temporary triggers around one DELETE")
    func batchDelete() {
        let log = Parsed(
            """
            CoreData: sql: BEGIN EXCLUSIVE
            CoreData: sql: CREATE TEMP TRIGGER IF NOT EXISTS ZQ_ZPOST_TRIGGER AFTER DELETE ON ZPOST FOR EACH ROW BEGIN UPDATE ZUSER SET Z_OPT = (Z_OPT + 1) WHERE Z_PK = OLD.ZAUTHOR; END
            CoreData: sql: DELETE FROM ZPOST WHERE ZSTATUS = ?
            CoreData: sql: DROP TRIGGER IF EXISTS ZQ_ZPOST_TRIGGER
            CoreData: sql: COMMIT
            """)
        #expect(log.kinds == [.batchDelete])
    }

    @Test("the engine's batch insert is named by its annotation after COMMIT")
    func engineBatchInsert() {
        let log = Parsed(
            """
            ObjectGraph: sql: BEGIN EXCLUSIVE
            ObjectGraph: sql: SELECT Z_MAX FROM Z_PRIMARYKEY WHERE Z_ENT = ?
            ObjectGraph: sql: INSERT INTO ZTAG(Z_PK, Z_ENT, Z_OPT, ZNAME) VALUES(?, ?, ?, ?)
            ObjectGraph: sql: INSERT INTO ZTAG(Z_PK, Z_ENT, Z_OPT, ZNAME) VALUES(?, ?, ?, ?)
            ObjectGraph: sql: UPDATE OR FAIL Z_PRIMARYKEY SET Z_MAX = ? WHERE Z_ENT = ? AND Z_MAX = ?
            ObjectGraph: sql: COMMIT
            ObjectGraph: annotation: batch insert of ZTAG: 2 rows in 0.0182s.
            ObjectGraph: sql: SELECT COUNT(*) FROM ZTAG t0
            ObjectGraph: annotation: total count request execution time: 0.0001s for count of 2.
            """)
        #expect(log.kinds == [.batchInsert, .count])
        #expect(log.operations[0].rows == 2 && log.operations[0].seconds == 0.0182)
        #expect(log.operations[0].statementCount == 6)
    }

    @Test("a migration: its annotations and the statements between them")
    func migration() {
        let log = Parsed(
            """
            CoreData: annotation: (migration)\t will attempt automatic schema migration
            CoreData: sql: BEGIN EXCLUSIVE
            CoreData: sql: ALTER TABLE ZPOST ADD COLUMN ZSUBTITLE VARCHAR
            CoreData: sql: COMMIT
            CoreData: annotation: (migration) in-place migration completed successfully in 0.05 seconds
            CoreData: sql: SELECT 0, t0.Z_PK FROM ZPOST t0
            """)
        #expect(log.kinds == [.migration, .fetch])
        #expect(log.operations[0].statementCount == 3)
    }
}

/// Inputs the fuzzer found (scripts/fuzz explain-log), kept as regressions.
@Suite struct OperationGrouperFuzzTests {
    /// A prefetch still open when a COMMIT with no BEGIN arrived, then a pragma: the
    /// grouper looped forever closing the prefetch.
    @Test("a stray COMMIT during a prefetch, then a pragma, ends")
    func strayCommitDuringPrefetch() {
        let log = Parsed(
            """
            CoreData: sql: SELECT 0, t0.Z_PK, t0.ZTITLE FROM ZITEM t0
            CoreData: annotation: Bound intarray _Z_intarray0
            CoreData: sql: SELECT 0, t0.Z_PK, t0.ZITEM FROM ZATTACHMENT t0 WHERE t0.ZITEM IN (SELECT * FROM _Z_intarray0)
            CoreData: sql: COMMIT
            CoreData: sql: pragma page_count
            """)
        #expect(log.kinds == [.fetch, .other, .maintenance])
        #expect(log.operations[0].statementCount == 2)
    }
}

@Suite struct OperationGrouperSavepointTests {
    @Test("a savepoint inside a transaction stays in its operation")
    func nestedSavepoint() {
        let log = Parsed(
            """
            CoreData: sql: BEGIN EXCLUSIVE
            CoreData: sql: SAVEPOINT s1
            CoreData: sql: INSERT INTO ZTAG(Z_PK, Z_ENT, Z_OPT, ZNAME) VALUES(?, ?, ?, ?)
            CoreData: sql: RELEASE s1
            CoreData: sql: COMMIT
            """)
        #expect(log.kinds == [.save])
        #expect(log.operations[0].statementCount == 5)
    }
}
