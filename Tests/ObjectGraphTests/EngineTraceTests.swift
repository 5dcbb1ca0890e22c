import ObjectGraph
import SQLiteDB
import Synchronization
import Testing

/// The engine trace-sink hook: SQLite's statement events with rows and time, and the
/// engine's annotations naming the entity, relationship, batch, prefetch level or
/// save phase the statements around them serve.
@Suite struct EngineTraceTests {
    /// Keeps every event.
    final class Recorder: EngineTraceSink {
        private let storage = Mutex<[EngineTraceEvent]>([])

        func receive(_ event: EngineTraceEvent) {
            storage.withLock { $0.append(event) }
        }

        var events: [EngineTraceEvent] { storage.withLock { $0 } }

        var statements: [StatementEvent] {
            events.compactMap { if case .sql(.statement(let s)) = $0 { s } else { nil } }
        }
    }

    /// A seeded container with a recorder attached.
    private func traced(users: Int, posts: Int) throws -> (PersistentContainer, Recorder) {
        let container = try Fixtures.container()
        try Fixtures.seed(container, users: users, posts: posts)
        let recorder = Recorder()
        container.addTraceSink(recorder)
        return (container, recorder)
    }

    @Test("a fault's SELECT comes with rows and SQLite's time, then names its object")
    func objectFault() throws {
        let (container, recorder) = try traced(users: 2, posts: 0)
        try inContext(container) { context in
            let request = FetchRequest(entityName: "User")
            request.includesPropertyValues = false
            _ = try context.fetch(request).first?.value(forKey: "name")
        }
        let events = recorder.events
        let index = try #require(
            events.firstIndex { if case .faultFulfilled = $0 { true } else { false } })
        guard case .faultFulfilled(let row) = events[index],
            case .sql(.statement(let select)) = events[index - 1]
        else {
            Issue.record("expected the fault's SELECT, then the fault: \(events)")
            return
        }
        #expect(row.objectID.entityName == "User")
        #expect(row.objectID.primaryKey == 1)
        #expect(select.sql.hasSuffix("FROM ZUSER t0 WHERE t0.Z_PK = ?"))
        #expect(select.rowsReturned == 1)
        #expect(select.durationNanoseconds > 0)
        let fetch = try #require(recorder.statements.first)
        #expect(fetch.rowsReturned == 2)
        #expect(fetch.durationNanoseconds > 0)
    }

    @Test("a to-many fault names its relationship, its owner and the rows")
    func toManyFault() throws {
        let (container, recorder) = try traced(users: 1, posts: 3)
        try inContext(container) { context in
            let user = try #require(context.fetch(FetchRequest(entityName: "User")).first)
            _ = (user.value(forKey: "posts") as? any Collection)?.count
        }
        let faults = recorder.events.compactMap { event -> (String, String, Int)? in
            guard case .toManyFaultFulfilled(let name, let owner, let rows) = event else {
                return nil
            }
            return (name, owner.entityName, rows)
        }
        #expect(faults.count == 1)
        #expect(faults.first?.0 == "posts")
        #expect(faults.first?.1 == "User")
        #expect(faults.first?.2 == 3)
    }

    @Test("a batched fetch numbers its batches and their rows")
    func batches() throws {
        let (container, recorder) = try traced(users: 1, posts: 5)
        try inContext(container) { context in
            let request = FetchRequest(entityName: "Post")
            request.fetchBatchSize = 2
            for post in try context.fetch(request) { _ = post.value(forKey: "title") }
        }
        let batches = recorder.events.compactMap { event -> [Int]? in
            guard case .batchLoaded(let batch, let count, let rows) = event else { return nil }
            return [batch, count, rows]
        }
        #expect(batches == [[0, 3, 2], [1, 3, 2], [2, 3, 1]])
    }

    @Test("prefetching reports each key path level with its rows")
    func prefetchLevels() throws {
        let (container, recorder) = try traced(users: 2, posts: 2)
        try inContext(container) { context in
            let request = FetchRequest(entityName: "User")
            request.relationshipKeyPathsForPrefetching = ["posts.tags"]
            _ = try context.fetch(request)
        }
        let levels = recorder.events.compactMap { event -> String? in
            guard case .prefetched(let keyPath, let level, let rows) = event else { return nil }
            return "\(keyPath) \(level) \(rows)"
        }
        #expect(levels == ["posts 1 4", "posts.tags 2 0"])
    }

    @Test("a save opens its phases before the statements that serve them")
    func savePhases() throws {
        let (container, recorder) = try traced(users: 0, posts: 0)
        try inContext(container) { context in
            context.insertNewObject(forEntityName: "Tag").setValue("t", forKey: "name")
            try context.save()
        }
        let events = recorder.events
        let phases = events.compactMap { if case .savePhase(let p) = $0 { p } else { nil } }
        #expect(
            phases == [
                .reservingKeys(objects: 1), .writing(inserted: 1, updated: 0, deleted: 0), .saved,
            ])
        let writing = try #require(
            events.firstIndex {
                if case .savePhase(.writing) = $0 { true } else { false }
            })
        let written = events[writing...].compactMap { event -> String? in
            if case .sql(.statement(let s)) = event { s.sql } else { nil }
        }
        #expect(written.first?.hasPrefix("INSERT INTO ZTAG") == true)
    }

    @Test("a removed sink receives nothing more")
    func removal() throws {
        let (container, recorder) = try traced(users: 1, posts: 0)
        container.removeTraceSink(recorder)
        try inContext(container) { _ = try $0.fetch(FetchRequest(entityName: "User")) }
        #expect(recorder.events.isEmpty)
    }

    @Test("a sink attached before loading sees the store open")
    func attachedBeforeLoading() throws {
        let container = PersistentContainer(name: "Test", model: Fixtures.social)
        container.persistentStoreDescriptions = [.inMemory()]
        container.sqlDebugLog = nil
        let recorder = Recorder()
        container.addTraceSink(recorder)
        try container.loadPersistentStores()
        let opened = recorder.events.contains { if case .sql(.open) = $0 { true } else { false } }
        #expect(opened)
        #expect(recorder.statements.contains { $0.sql.hasPrefix("CREATE TABLE ZUSER") })
    }
}
