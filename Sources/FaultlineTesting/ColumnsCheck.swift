/// ``QueryCheck/columnsRead(entity:properties:)``: the columns an entity's SELECTs
/// read, compared with the properties expected.
struct ColumnsCheck {
    /// Columns every Core Data row carries, never counted as read properties.
    static let bookkeeping: Set = ["Z_PK", "Z_ENT", "Z_OPT"]

    let entity: String
    let properties: [String]

    /// Nil when the entity's SELECTs read exactly the expected columns.
    func failure(in log: QueryLog) -> String? {
        let table = log.naming.table(of: entity)
        let expected = properties.map { log.naming.column(of: $0, in: entity) }
        var read: [String] = []
        for statement in log.statements {
            for column in statement.columns(readFrom: table) ?? []
            where !Self.bookkeeping.contains(column) && !read.contains(column) {
                read.append(column)
            }
        }
        let extra = read.filter { !expected.contains($0) }
        let missing = expected.filter { !read.contains($0) }
        guard !extra.isEmpty || !missing.isEmpty else { return nil }
        var parts: [String] = []
        if !extra.isEmpty { parts.append("also read \(extra.joined(separator: ", "))") }
        if !missing.isEmpty { parts.append("never read \(missing.joined(separator: ", "))") }
        let wanted = expected.isEmpty ? "none" : expected.joined(separator: ", ")
        return "expected the SELECTs of \(entity) (\(table)) to read \(wanted); they "
            + parts.joined(separator: " and ")
            + QueryReport.listing(
                log.statements.filter { $0.columns(readFrom: table) != nil },
                from: log)
    }
}
