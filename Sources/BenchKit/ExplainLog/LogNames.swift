import CoreDataLog

/// Names for a log's tables and columns: the model's when one was given, else what the
/// log itself says (URIs and fault annotations spell entities and relationships as the
/// model does), else a guess from Core Data's naming, marked as one.
///
/// Cost: dictionary lookups.
struct LogNames {
    let model: StoreNames?
    /// Entities the log's own annotations name for a table (`ZTAG` → `Tag`).
    let logged: [String: String]

    init(model: StoreNames?, summary: LogSummary) {
        self.model = model
        var logged: [String: String] = [:]
        for group in summary.operations {
            guard let table = group.table, let entity = group.entity else { continue }
            if group.kind == .objectFault || group.kind == .fetch || group.kind == .count {
                logged[table] = logged[table] ?? entity
            }
        }
        self.logged = logged
    }

    /// Whether names are only guesses (no model, nothing logged for the table).
    func isGuess(table: String) -> Bool {
        model?.entity(ofTable: table) == nil && logged[table] == nil
    }

    /// The entity stored in `table`.
    func entity(_ table: String) -> String {
        model?.entity(ofTable: table) ?? logged[table] ?? StoreNames.guessEntity(table)
    }

    /// The property a column holds (`author` for `ZAUTHOR`).
    func property(table: String, column: String) -> String {
        if let qualified = model?.property(table: table, column: column),
            let dot = qualified.lastIndex(of: ".")
        {
            return String(qualified[qualified.index(after: dot)...])
        }
        return StoreNames.guessProperty(column)
    }

    /// `Post.author`.
    func keyPath(table: String, column: String) -> String {
        "\(entity(table)).\(property(table: table, column: column))"
    }

    /// A note for fix texts built from guessed names.
    func guessNote(tables: [String]) -> String? {
        let guessed = tables.filter(isGuess)
        guard !guessed.isEmpty else { return nil }
        return "Names for \(guessed.joined(separator: ", ")) are guessed from Core Data's "
            + "table naming; pass --model for the model's own spelling."
    }
}
