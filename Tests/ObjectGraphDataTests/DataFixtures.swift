import Foundation
import ObjectGraph
import ObjectGraphData
import SQLiteDB
import Synchronization

/// A writer of notes.
final class Writer: ManagedObject {
    @Attribute var name: String?
    @Attribute var age: Int64
    @Relationship var notes: Set<Note>
}

/// A note: most attribute kinds, a to-one and a to-many.
final class Note: ManagedObject {
    @Attribute var title: String?
    @Attribute var score: Int64
    @Attribute var rating: Double
    @Attribute var isDraft: Bool
    @Relationship var author: Writer?
    @Relationship var labels: Set<Label>

    /// Not stored and reading no stored property: a predicate cannot use it.
    var kind: String { "note" }
}

/// A label of notes.
final class Label: ManagedObject {
    @Attribute var name: String?
    @Relationship var notes: Set<Note>
}

/// Keeps every SQL statement the engine runs.
final class StatementLog: EngineTraceSink {
    private let storage = Mutex<[StatementEvent]>([])

    func receive(_ event: EngineTraceEvent) {
        if case .sql(.statement(let statement)) = event {
            storage.withLock { $0.append(statement) }
        }
    }

    var statements: [StatementEvent] { storage.withLock { $0 } }
    var sql: [String] { statements.map(\.sql) }
    func clear() { storage.withLock { $0.removeAll() } }
}

enum DataFixtures {
    static let model = ManagedObjectModel(entities: [
        EntityDescription(
            name: "Writer", managedObjectClass: Writer.self,
            attributes: [
                AttributeDescription(name: "name", type: .string),
                AttributeDescription(name: "age", type: .integer64),
            ],
            relationships: [
                RelationshipDescription(
                    name: "notes", destination: "Note", inverse: "author", isToMany: true)
            ]),
        EntityDescription(
            name: "Note", managedObjectClass: Note.self,
            attributes: [
                AttributeDescription(name: "title", type: .string),
                AttributeDescription(name: "score", type: .integer64),
                AttributeDescription(name: "rating", type: .double),
                AttributeDescription(name: "isDraft", type: .boolean, defaultValue: false),
            ],
            relationships: [
                RelationshipDescription(name: "author", destination: "Writer", inverse: "notes"),
                RelationshipDescription(
                    name: "labels", destination: "Label", inverse: "notes", isToMany: true),
            ]),
        EntityDescription(
            name: "Label", managedObjectClass: Label.self,
            attributes: [AttributeDescription(name: "name", type: .string)],
            relationships: [
                RelationshipDescription(
                    name: "notes", destination: "Note", inverse: "labels", isToMany: true)
            ]),
    ])

    /// An in-memory container with a statement log attached.
    static func container(historyTracking: Bool = false) throws -> (ModelContainer, StatementLog) {
        let container = try ModelContainer(
            for: model,
            configurations: ModelConfiguration(
                isStoredInMemoryOnly: true,
                isPersistentHistoryTrackingEnabled: historyTracking))
        container.persistentContainer.sqlDebugLog = nil
        let log = StatementLog()
        container.persistentContainer.addTraceSink(log)
        return (container, log)
    }

    /// Three writers (ann 30, bob 25, one unnamed of 40), two labels and four notes:
    /// alpha (ann, swift), beta (ann, draft, swift + sql), gamma (bob), and one with no
    /// title, no author and the sql label. Saved, then the context is reset.
    static func seed(_ context: ModelContext) throws {
        let ann = writer(context, "ann", 30)
        let bob = writer(context, "bob", 25)
        _ = writer(context, nil, 40)
        let swift = label(context, "swift")
        let sql = label(context, "sql")
        note(context, "alpha", 10, 1.5, draft: false, ann, [swift])
        note(context, "beta", 20, 2.5, draft: true, ann, [swift, sql])
        note(context, "gamma", 30, 0.5, draft: false, bob, [])
        note(context, nil, 40, 4.0, draft: false, nil, [sql])
        try context.save()
        context.managedObjectContext.reset()
    }

    private static func writer(_ context: ModelContext, _ name: String?, _ age: Int64) -> Writer {
        let writer = Writer(modelContext: context)
        (writer.name, writer.age) = (name, age)
        return writer
    }

    private static func label(_ context: ModelContext, _ name: String) -> Label {
        let label = Label(modelContext: context)
        label.name = name
        return label
    }

    private static func note(
        _ context: ModelContext, _ title: String?, _ score: Int64, _ rating: Double,
        draft: Bool, _ author: Writer?, _ labels: Set<Label>
    ) {
        let note = Note(modelContext: context)
        (note.title, note.score, note.rating, note.isDraft) = (title, score, rating, draft)
        note.author = author
        note.labels = labels
    }

    /// The titles of `notes`, "-" for none, sorted.
    static func titles(_ notes: [Note]) -> [String] {
        notes.map { $0.title ?? "-" }.sorted()
    }
}
