/// The text of failure messages: the statements listed with their counts and plans.
enum QueryReport {
    /// How many statements are listed before the rest are summed up.
    static let listedLimit = 20

    /// `\nstatements (<source>):` then one numbered line per statement, its rows, how
    /// often its fingerprint ran, and its plan.
    static func listing(_ statements: [QueryStatement], from log: QueryLog) -> String {
        let counts = fingerprintCounts(log.statements)
        var text = "\nstatements (\(log.source)):"
        if statements.isEmpty { return text + " none" }
        for (number, statement) in statements.prefix(listedLimit).enumerated() {
            text += "\n  \(number + 1). \(statement.sql)"
            var facts: [String] = []
            if let line = statement.line { facts.append("line \(line)") }
            if !statement.arguments.isEmpty {
                facts.append("bound " + statement.arguments.joined(separator: ", "))
            }
            if let rows = statement.rows { facts.append("\(rows) row" + (rows == 1 ? "" : "s")) }
            let times = counts[statement.fingerprint, default: 1]
            if times > 1 { facts.append("shape ran \(times)×") }
            if !facts.isEmpty { text += "\n     " + facts.joined(separator: "; ") }
            if let plan = statement.plan, !plan.isEmpty {
                text += "\n     plan: " + plan.map(\.detail).joined(separator: "; ")
            }
        }
        if statements.count > listedLimit {
            text += "\n  … and \(statements.count - listedLimit) more"
        }
        return text
    }

    /// How often each fingerprint ran.
    static func fingerprintCounts(_ statements: [QueryStatement]) -> [String: Int] {
        statements.reduce(into: [:]) { $0[$1.fingerprint, default: 0] += 1 }
    }

    /// The first statement of each fingerprint, in order.
    static func distinct(_ statements: [QueryStatement]) -> [QueryStatement] {
        var seen = Set<String>()
        return statements.filter { seen.insert($0.fingerprint).inserted }
    }

    /// A failure when no SELECT has a plan to judge (a log below level 4), nil when
    /// plans were there and showed nothing wrong.
    static func missingPlans(in log: QueryLog, for rule: String) -> String? {
        let selects = log.statements.filter { $0.kind == .select }
        guard !selects.isEmpty, selects.allSatisfy({ $0.plan == nil }) else { return nil }
        return "cannot check \(rule): no SELECT has a query plan"
            + (log.planNote.map { " (\($0))" } ?? "") + listing(log.statements, from: log)
    }
}
