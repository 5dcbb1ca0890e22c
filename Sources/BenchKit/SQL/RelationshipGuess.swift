import Foundation

/// Infers from a per-row lookup's SQL what it loads, using Core Data's naming
/// (`Z<ENTITY>` tables, `Z<ATTRIBUTE>` columns, `Z_<n><NAME>` join tables).
///
/// Heuristic by design: the trace has no model, so `ZPOST … WHERE t0.ZAUTHOR = ?`
/// becomes `Post.author` (the to-many side of that relationship is faulting). Cost: a
/// few string searches.
struct RelationshipGuess {
    let pattern: NPlusOneFinding.Pattern
    let relationship: String?

    /// Reads `fingerprint` (normalized SQL).
    init(fingerprint: String) {
        let table = Self.word(after: " FROM ", in: fingerprint)
        let column = Self.lookupColumn(fingerprint)
        switch (table, column) {
        case (let table?, _) where table.hasPrefix("Z_") && table.first(where: \.isNumber) != nil:
            pattern = .manyToManyFault
            relationship = Self.attributeName(String(table.dropFirst(2).drop(while: \.isNumber)))
        case (let table?, "Z_PK"):
            pattern = .objectFault
            relationship = Self.entityName(table)
        case (let table?, let column?):
            pattern = .toManyFault
            relationship = "\(Self.entityName(table)).\(Self.attributeName(column))"
        default:
            pattern = .repeatedLookup
            relationship = nil
        }
    }

    /// The fix for this pattern, naming the relationship when known.
    var suggestion: String {
        switch pattern {
        case .objectFault:
            "Load the \(relationship.map { "\($0) objects" } ?? "objects") with the first request: "
                + "add the to-one key path that reaches them to relationshipKeyPathsForPrefetching "
                + "(or keep includesPropertyValues on)."
        case .toManyFault:
            "Prefetch the to-many inverse of \(relationship ?? "this relationship") with "
                + "relationshipKeyPathsForPrefetching, or ask for counts in one request "
                + "(dictionary result with @count / GROUP BY)."
        case .manyToManyFault:
            "Add \"\(relationship ?? "the relationship")\" to relationshipKeyPathsForPrefetching so "
                + "one JOIN loads every object's members."
        case .repeatedLookup:
            "Load these rows with one batch request (an IN list of keys) instead of one per object."
        }
    }

    /// The column compared with a parameter in `WHERE t0.X = ?` (or `t1.X = ?`).
    private static func lookupColumn(_ sql: String) -> String? {
        guard let whereRange = sql.range(of: " WHERE ") else { return nil }
        let clause = sql[whereRange.upperBound...]
        guard let equals = clause.range(of: " = ?") else { return nil }
        let left = clause[..<equals.lowerBound].split(separator: " ").last ?? ""
        let column = left.split(separator: ".").last.map(String.init) ?? ""
        return column.isEmpty ? nil : column.trimmingCharacters(in: ["(", ")"])
    }

    private static func word(after marker: String, in sql: String) -> String? {
        guard let range = sql.range(of: marker) else { return nil }
        let word = sql[range.upperBound...].prefix { $0 != " " && $0 != "," }
        return word.isEmpty ? nil : String(word)
    }

    /// `ZPOST` → `Post`.
    static func entityName(_ table: String) -> String {
        let name = table.hasPrefix("Z") ? table.dropFirst() : Substring(table)
        return name.prefix(1).uppercased() + name.dropFirst().lowercased()
    }

    /// `ZAUTHOR` → `author`; `TAGS` (from a join table) → `tags`.
    static func attributeName(_ column: String) -> String {
        (column.hasPrefix("Z") && !column.hasPrefix("Z_") ? String(column.dropFirst()) : column)
            .lowercased()
    }
}
