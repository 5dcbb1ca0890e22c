import SQLiteDB

/// The engine's own annotation lines, worded as Core Data words them.
extension SQLDebugLog {
    /// `total fetch execution time: 0.0008s for 12 rows.`, after a fetch materialized.
    func fetchCompleted(nanoseconds: UInt64, rows: Int) {
        line(
            "annotation",
            "total fetch execution time: \(Self.seconds(nanoseconds))s for \(rows) rows.")
    }

    /// `total count request execution time: 0.0002s for count of 190.`, preceded at
    /// level 3 and up by `count request <request> returned 190`.
    func countCompleted(nanoseconds: UInt64, count: Int, request: FetchRequest) {
        if level >= 3 { line("annotation", "count request \(request) returned \(count)") }
        line(
            "annotation",
            "total count request execution time: \(Self.seconds(nanoseconds))s for count of \(count)."
        )
    }

    /// `fault fulfilled from database for : <x-coredata://…/User/p4>`, plus the row
    /// values at level 3 and up.
    func faultFulfilled(_ snapshot: RowSnapshot) {
        var text = "fault fulfilled from database for : \(snapshot.objectID)"
        if level >= 3 {
            let values = zip(snapshot.objectID.entity.columns, snapshot.values)
                .map { "\($0) = \($1)" }.joined(separator: ", ")
            text += " with row values: {\(values)}"
        }
        line("annotation", text)
    }

    /// `to-many relationship fault "posts" for objectID <…> fulfilled from database.  Got 3 rows`
    func toManyFaultFulfilled(_ name: String, of objectID: ObjectID, rows: Int) {
        line(
            "annotation",
            "to-many relationship fault \"\(name)\" for objectID \(objectID) fulfilled from "
                + "database.  Got \(rows) rows")
    }

    /// `Prefetching with key 'posts'.  Got 12 rows.`, after one prefetch level.
    func prefetched(key: String, rows: Int) {
        line("annotation", "Prefetching with key '\(key)'.  Got \(rows) rows.")
    }

    /// `batch fault fulfilled from database: batch 3 of 10.  Got 20 rows.`, after a
    /// batched fetch loaded one batch.
    func batchFulfilled(batch: Int, of count: Int, rows: Int) {
        line(
            "annotation",
            "batch fault fulfilled from database: batch \(batch + 1) of \(count).  Got \(rows) rows."
        )
    }

    /// `batch update of ZPOST: 12 rows.` (and likewise for insert and delete).
    func batchRequestCompleted(_ kind: String, table: String, rows: Int, nanoseconds: UInt64) {
        line(
            "annotation",
            "batch \(kind) of \(table): \(rows) rows in \(Self.seconds(nanoseconds))s.")
    }

    /// The `EXPLAIN QUERY PLAN` of a fetch, one line per node (level 4).
    func queryPlan(_ plan: QueryPlan) {
        for row in plan.description.split(separator: "\n") {
            line("details", "query plan: \(row)")
        }
    }
}
