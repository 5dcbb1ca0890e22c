import BenchKit
import ObjectGraph
import SQLiteDB
import Workloads

/// `contexts/child-vs-root-save`: editing the titles of the 100 posts a root context
/// holds loaded (a list screen), then saving.
///
/// - `child-then-root`: the edit-sheet pattern: a new child context of the root edits
///   them (its faults fill from the root, no SQL), saves into the root (no SQL), then the
///   root saves.
/// - `root`: the root edits and saves them directly.
/// - `raw`: 100 UPDATEs in one transaction.
///
/// Expected statements: BEGIN, 100 UPDATEs, COMMIT for all three; the child adds no SQL.
/// Untimed before each iteration: a fresh dataset copy, the root fetching and loading
/// the 100 posts. The checksum is the digest of every post's title and version, read
/// untimed after the body on the raw connection.
enum ContextsChildSave {
    /// How many posts are edited.
    static let edited = 100

    /// Who edits.
    enum Variant: BenchmarkVariant {
        case childThenRoot, root, raw

        var configuration: BenchmarkConfiguration {
            switch self {
            case .childThenRoot:
                .init("child-then-root", summary: "child edits, saves to root, root saves")
            case .root: .init("root", summary: "root edits and saves")
            case .raw: .init("raw", summary: "100 UPDATEs", kind: .raw)
            }
        }
    }

    /// A case: the store and the IDs of the posts the root holds.
    struct State {
        let suite: SuiteState
        var ids: [ObjectID] = []
    }

    /// `contexts/child-vs-root-save`.
    static let scenario = BenchmarkScenario(
        "child-vs-root-save", summary: "Edit sheet (child, save, root save) vs a root save",
        variants: Variant.self, setup: { context, _ in State(suite: try SuiteState(context)) },
        reset: { state, variant in
            try state.suite.restoreDataset()
            guard variant != .raw else { return }
            state.ids = try state.suite.engine { context in
                let posts = try context.fetch(ContextsSuite.firstPosts(edited))
                _ = ContextsSuite.checksum(posts)
                return posts.map(\.objectID)
            }
        },
        body: { state, variant in try run(state, variant) },
        verify: { try digest($0.suite.store.connection) })

    private static func run(_ state: State, _ variant: Variant) throws {
        switch variant {
        case .childThenRoot:
            let root = state.suite.store.context!
            let child = ManagedObjectContext(concurrencyType: .privateQueue, parent: root)
            try child.performAndWait {
                for id in state.ids { rename(try child.existingObject(with: id) as! Post) }
                try child.save()
            }
            try state.suite.engine { try $0.save() }
        case .root:
            try state.suite.engine { context in
                for id in state.ids { rename(try context.existingObject(with: id) as! Post) }
                try context.save()
            }
        case .raw:
            try state.suite.raw { connection in
                try connection.transaction {
                    for key in 1...edited {
                        _ = try connection.execute(
                            "UPDATE ZPOST SET ZTITLE = ZTITLE || ' (edited)', Z_OPT = Z_OPT + 1 "
                                + "WHERE Z_PK = \(key)")
                    }
                }
            }
        }
    }

    private static func rename(_ post: Post) {
        post.title = (post.title ?? "") + " (edited)"
    }

    /// Every post's title length and version, summed, plus the edited count.
    static func digest(_ connection: Connection) throws -> UInt64 {
        var checksum = Checksum()
        try connection.forEachRow(
            "SELECT TOTAL(LENGTH(ZTITLE)), TOTAL(Z_OPT), TOTAL(ZTITLE LIKE '% (edited)') FROM ZPOST"
        ) { row in
            for column in 0..<3 { checksum.combine(Int(row.double(at: Int32(column)))) }
        }
        return checksum.value
    }
}
