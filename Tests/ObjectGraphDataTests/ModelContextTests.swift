import Foundation
import ObjectGraph
import ObjectGraphData
import Testing

/// ModelContext over the engine: each call runs the statements of its Core Data-style
/// counterpart, and the descriptor's options reach the SQL.
@Suite struct ModelContextTests {
    /// The SELECTs `body` runs, after seeding.
    private func statements(
        _ body: (ModelContext) throws -> Void
    ) throws -> [String] {
        let (container, log) = try DataFixtures.container()
        let context = ModelContext(container)
        return try context.performAndWait {
            try DataFixtures.seed(context)
            log.clear()
            try body(context)
            return log.sql
        }
    }

    @Test("fetch runs the statement of the equivalent FetchRequest, and only it")
    func fetchMatchesFetchRequest() throws {
        var descriptor = FetchDescriptor<Note>(
            predicate: #Predicate { $0.score > 10 },
            sortBy: [SortDescriptor(\.score, order: .reverse)])
        descriptor.fetchLimit = 2
        descriptor.fetchOffset = 1
        let swiftData = try statements { (context: ModelContext) throws in
            #expect(try context.fetch(descriptor).map(\.score) == [30, 20])
        }
        let coreData = try statements { (context: ModelContext) throws in
            let request = FetchRequest<Note>()
            request.predicate = try FetchPredicate(format: "score > %@", 10)
            request.sortDescriptors = [SortKey(\Note.score, ascending: false)]
            (request.fetchLimit, request.fetchOffset) = (2, 1)
            _ = try context.managedObjectContext.fetch(request)
        }
        #expect(swiftData == coreData)
        #expect(swiftData.count == 1)
        #expect(
            swiftData.first?.hasSuffix(
                "FROM ZNOTE t0 WHERE t0.ZSCORE > ? ORDER BY t0.ZSCORE DESC LIMIT 2 OFFSET 1")
                == true)
    }

    @Test("fetchCount is one SELECT COUNT; fetchIdentifiers selects keys only")
    func countAndIdentifiers() throws {
        let sql = try statements { (context: ModelContext) throws in
            let descriptor = FetchDescriptor<Note>(predicate: #Predicate { $0.isDraft == false })
            #expect(try context.fetchCount(descriptor) == 3)
            let ids = try context.fetchIdentifiers(descriptor)
            #expect(ids.count == 3)
            #expect(context.managedObjectContext.registeredObjects.isEmpty)
            #expect((context.registeredModel(for: ids[0]) as Note?) == nil)
        }
        #expect(sql.count == 2)
        #expect(sql[0].hasPrefix("SELECT COUNT("))
        #expect(sql[1].hasPrefix("SELECT 0, t0.Z_PK FROM ZNOTE t0"), "\(sql[1])")
    }

    @Test("propertiesToFetch narrows the SELECT; prefetching adds one SELECT")
    func narrowingAndPrefetch() throws {
        var narrow = FetchDescriptor<Note>(sortBy: [SortDescriptor(\.score)])
        narrow.propertiesToFetch = [\.title]
        let narrowSQL = try statements { (context: ModelContext) throws in
            #expect(try context.fetch(narrow).count == 4)
        }
        #expect(
            narrowSQL == ["SELECT 0, t0.Z_PK, t0.Z_OPT, t0.ZTITLE FROM ZNOTE t0 ORDER BY t0.ZSCORE"]
        )
        var prefetch = FetchDescriptor<Note>()
        prefetch.relationshipKeyPathsForPrefetching = [\.author]
        let prefetchSQL = try statements { (context: ModelContext) throws in
            let notes = try context.fetch(prefetch)
            #expect(Set(notes.compactMap { $0.author?.name }) == ["ann", "bob"])
        }
        #expect(prefetchSQL.count == 2)
    }

    @Test("fetch(batchSize:) selects IDs, then one batch per batchSize objects read")
    func batchedFetch() throws {
        let sql = try statements { (context: ModelContext) throws in
            let results = try context.fetch(
                FetchDescriptor<Note>(sortBy: [SortDescriptor(\.score)]), batchSize: 2)
            #expect(results.count == 4)
            #expect(results.map(\.score) == [10, 20, 30, 40])
        }
        #expect(sql.count == 3)
    }

    @Test("enumerate visits every object in order, one SELECT per batch")
    func enumerate() throws {
        let sql = try statements { (context: ModelContext) throws in
            var scores: [Int64] = []
            try context.enumerate(
                FetchDescriptor<Note>(sortBy: [SortDescriptor(\.score)]), batchSize: 3
            ) { scores.append($0.score) }
            #expect(scores == [10, 20, 30, 40])
        }
        #expect(sql.count == 3)
    }

    @Test("includePendingChanges: unsaved inserts are found, or not")
    func pendingChanges() throws {
        _ = try statements { (context: ModelContext) throws in
            let note = Note(modelContext: context)
            note.title = "new"
            context.insert(note)
            var descriptor = FetchDescriptor<Note>(predicate: #Predicate { $0.title == "new" })
            #expect(try context.fetch(descriptor) == [note])
            // SwiftData's registeredModel(for:): the object the context holds, else nil.
            #expect((context.registeredModel(for: note.objectID) as Note?) === note)
            descriptor.includePendingChanges = false
            #expect(try context.fetch(descriptor).isEmpty)
            #expect(context.hasChanges)
            context.delete(note)
            #expect(try context.fetchCount(FetchDescriptor<Note>()) == 4)
        }
    }

    @Test("autosave saves at the end of each event with changes, once")
    func autosave() throws {
        let (container, log) = try DataFixtures.container()
        let context = ModelContext(container)
        context.autosaveEnabled = true
        context.performAndWait {
            let note = Note(modelContext: context)
            note.title = "one"
        }
        #expect(context.autosaveCount == 1)
        #expect(context.performAndWait { context.hasChanges } == false)
        context.performAndWait {}
        #expect(context.autosaveCount == 1)
        log.clear()
        context.performAndWait {
            _ = Note(modelContext: context)
            context.processPendingChanges()
            #expect(!context.hasChanges)
        }
        #expect(context.autosaveCount == 2)
        #expect(log.sql.filter { $0.hasPrefix("INSERT INTO ZNOTE") }.count == 1)
        context.autosaveEnabled = false
        context.performAndWait { _ = Note(modelContext: context) }
        #expect(context.autosaveCount == 2)
        #expect(context.autosaveError == nil)
    }

    @Test("a file configuration writes a store that a second container reads")
    func fileConfiguration() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("objectgraphdata-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("notes.sqlite")
        do {
            let container = try ModelContainer(
                for: DataFixtures.model,
                configurations: ModelConfiguration(url: url))
            let context = ModelContext(container)
            try context.performAndWait { try DataFixtures.seed(context) }
        }
        let reopened = try ModelContainer(
            for: DataFixtures.model, configurations: ModelConfiguration(url: url))
        let context = ModelContext(reopened)
        #expect(try context.performAndWait { try context.fetchCount(FetchDescriptor<Note>()) } == 4)
    }
}

/// The main context: the container's main-queue context, autosave on.
@Suite struct MainContextTests {
    @Test("mainContext autosaves at the end of an event, on the main actor")
    @MainActor func mainContextAutosaves() throws {
        let (container, _) = try DataFixtures.container()
        let context = container.mainContext
        #expect(context.autosaveEnabled)
        #expect(context === container.mainContext)
        let note = Note(modelContext: context)
        note.title = "main"
        context.processPendingChanges()
        #expect(!context.hasChanges)
        #expect(context.autosaveCount == 1)
        let background = ModelContext(container)
        #expect(!background.autosaveEnabled)
        let count = try background.performAndWait {
            try background.fetchCount(FetchDescriptor<Note>())
        }
        #expect(count == 1)
    }
}
