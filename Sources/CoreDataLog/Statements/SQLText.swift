/// What the parser needs to know about SQL text without parsing SQL: where a statement
/// starts, whether a line continues it, whether it was cut off, what table it reads.
///
/// Heuristics on the shapes Core Data and the engine write (`SELECT 0, t0.Z_PK, … FROM
/// ZPOST t0 WHERE …`); they never throw and never look further than the text.
/// Cost: a scan of the text.
public enum SQLText {
    /// Whether `text` begins a statement written without any log prefix: `SELECT … FROM`,
    /// `INSERT INTO`, `UPDATE … SET`, `DELETE FROM`, `BEGIN`, `COMMIT`, `pragma x`, …
    /// Words alone (`Update complete`) are app output, not SQL.
    public static func isStatementStart(_ text: Substring) -> Bool {
        let words = text.split(separator: " ", maxSplits: 2).map { $0.uppercased() }
        guard let first = words.first else { return false }
        let second = words.count > 1 ? words[1] : ""
        switch first {
        case "SELECT":
            return text.uppercased().contains(" FROM ") || text.contains("t0.")
                || second.hasPrefix("COUNT(") || second == "DISTINCT" || second == "0,"
        case "INSERT", "REPLACE": return text.uppercased().contains(" INTO ")
        case "UPDATE": return text.uppercased().contains(" SET ")
        case "DELETE": return second == "FROM"
        case "BEGIN":
            return ["", "EXCLUSIVE", "IMMEDIATE", "DEFERRED", "TRANSACTION"].contains(second)
        case "COMMIT", "ROLLBACK", "END": return ["", "TRANSACTION"].contains(second)
        case "PRAGMA":
            return !second.isEmpty
                && second.allSatisfy { $0.isLetter || "_=(),.0123456789".contains($0) }
        case "CREATE", "DROP":
            return ["TABLE", "INDEX", "UNIQUE", "TRIGGER", "TEMP", "TEMPORARY", "VIEW"].contains(
                second)
        case "ALTER": return second == "TABLE"
        case "WITH": return text.uppercased().contains(" AS (")
        default: return false
        }
    }

    private static let clauseWords: Set<String> = [
        "FROM", "WHERE", "ORDER", "GROUP", "HAVING", "LIMIT", "OFFSET", "JOIN", "LEFT", "INNER",
        "CROSS", "OUTER", "ON", "AND", "OR", "UNION", "VALUES", "SET", "COLLATE", "NOT", "IN",
        "AS", "DESC", "ASC", "NULLS", "RETURNING", "EXCEPT", "INTERSECT", "USING",
    ]

    /// Whether `line`, written without a prefix right after `sql`, continues it: `sql`
    /// is visibly unfinished, or the line is indented or starts with a clause word,
    /// a column (`t0.ZNAME`), a comma or a closing parenthesis.
    public static func continues(_ sql: String, with line: String) -> Bool {
        guard !line.isEmpty else { return false }
        if isUnfinished(sql) { return true }
        if line.first == " " || line.first == "\t" { return true }
        let word = line.prefix { $0.isLetter || $0 == "_" }.uppercased()
        if clauseWords.contains(word) { return true }
        if line.first == "," || line.first == ")" { return true }
        return line.count > 3 && line.first == "t"
            && line.dropFirst().prefix { $0.isASCIIDigit }
                .count > 0
            && line.drop { $0 != "." }.first == "."
    }

    private static let danglingWords: Set<String> = [
        "SELECT", "FROM", "WHERE", "AND", "OR", "JOIN", "ON", "BY", "SET", "VALUES", "IN",
        "NOT", "LIKE", "IS", "ORDER", "GROUP", "LEFT", "INNER", "OUTER", "CASE", "WHEN", "THEN",
        "ELSE", "AS", "DISTINCT", "COLLATE", "LIMIT", "OFFSET", "HAVING", "INTO", "UPDATE",
        "DELETE", "INSERT", "BETWEEN", "ESCAPE", "CROSS", "UNION",
    ]

    /// Whether `sql` cannot end where it does: unbalanced parentheses or quotes, a
    /// dangling comma, operator or keyword, an ellipsis, a column list with no `FROM`.
    public static func isUnfinished(_ sql: String) -> Bool {
        var depth = 0
        var quotes = 0
        for scalar in sql.unicodeScalars {
            switch scalar {
            case "(": depth += 1
            case ")": depth -= 1
            case "'": quotes += 1
            default: break
            }
        }
        if depth > 0 || quotes % 2 == 1 { return true }
        let trimmed = sql.reversed().drop { $0 == " " || $0 == "\t" }
        guard let last = trimmed.first else { return false }
        if ",(=<>!+-*/|.".contains(last) || last == "…" { return true }
        let word = String(trimmed.prefix { $0.isLetter || $0 == "_" }.reversed()).uppercased()
        if danglingWords.contains(word) { return true }
        let upper = sql.uppercased()
        return upper.hasPrefix("SELECT ") && upper.contains("T0.") && !upper.contains(" FROM ")
    }

    /// The table a statement is about: the one Core Data aliases `t0` (a to-many fault
    /// reads `FROM Z_2TAGS t1 JOIN ZTAG t0`), else the word after the first `FROM`,
    /// `INTO`, `UPDATE` (or `DELETE FROM`); nil when there is none.
    public static func mainTable(_ sql: String) -> String? {
        let words = sql.split { $0 == " " || $0 == "\n" || $0 == "(" || $0 == "," }
        for (index, word) in words.enumerated()
        where index + 2 < words.count && words[index + 2] == "t0" {
            let upper = word.uppercased()
            if upper == "FROM" || upper == "JOIN" { return String(words[index + 1]) }
        }
        for (index, word) in words.enumerated() where index + 1 < words.count {
            let upper = word.uppercased()
            guard upper == "FROM" || upper == "INTO" || (upper == "UPDATE" && index == 0) else {
                continue
            }
            var table = words[index + 1]
            if table.uppercased() == "OR", index + 3 < words.count { table = words[index + 3] }
            if table.uppercased() == "SELECT" { continue }
            return String(table.filter { $0 != "\"" && $0 != ";" })
        }
        return nil
    }

    /// Whether a SELECT reads identities only (`SELECT 0, t0.Z_PK FROM …`,
    /// `SELECT t0.Z_ENT, t0.Z_PK FROM …`): the first phase of a `fetchBatchSize` fetch,
    /// an ID fetch, or a relationship fault.
    public static func selectsIdentitiesOnly(_ sql: String) -> Bool {
        guard let columns = selectedColumns(sql) else { return false }
        let rest = columns.filter { $0 != "0" && !$0.hasSuffix(".Z_ENT") && $0 != "Z_ENT" }
        return rest.count == 1 && (rest[0].hasSuffix(".Z_PK") || rest[0] == "Z_PK")
    }

    /// The selected expressions of a SELECT (`0`, `t0.Z_PK`, `t0.ZTITLE`), split at
    /// top-level commas; nil for other statements.
    public static func selectedColumns(_ sql: String) -> [String]? {
        let bytes = Array(sql.utf8)
        guard bytes.count > 7, hasWord(bytes, at: 0, "SELECT "),
            let from = topLevelFrom(bytes)
        else { return nil }
        var start = 7
        if hasWord(bytes, at: start, "DISTINCT ") { start += 9 }
        guard start <= from else { return nil }
        var columns: [String] = []
        var depth = 0
        var current = start
        for index in start..<from {
            switch bytes[index] {
            case UInt8(ascii: "("): depth += 1
            case UInt8(ascii: ")"): depth -= 1
            case UInt8(ascii: ",") where depth == 0:
                columns.append(
                    String(decoding: bytes[current..<index], as: UTF8.self).trimmingSpaces())
                current = index + 1
            default: break
            }
        }
        columns.append(String(decoding: bytes[current..<from], as: UTF8.self).trimmingSpaces())
        return columns.filter { !$0.isEmpty }
    }

    /// The offset of the first ` FROM ` outside parentheses.
    private static func topLevelFrom(_ bytes: [UInt8]) -> Int? {
        var depth = 0
        for index in bytes.indices {
            if bytes[index] == UInt8(ascii: "(") { depth += 1 }
            if bytes[index] == UInt8(ascii: ")") { depth -= 1 }
            if depth == 0 && bytes[index] == UInt8(ascii: " ")
                && hasWord(bytes, at: index, " FROM ")
            {
                return index
            }
        }
        return nil
    }

    /// Whether `bytes` holds `word` (ASCII, any case) at `offset`.
    static func hasWord(_ bytes: [UInt8], at offset: Int, _ word: StaticString) -> Bool {
        guard offset + word.utf8CodeUnitCount <= bytes.count else { return false }
        let pointer = word.utf8Start
        for index in 0..<word.utf8CodeUnitCount {
            let byte = bytes[offset + index]
            let upper = byte >= 97 && byte <= 122 ? byte - 32 : byte
            if upper != pointer[index] { return false }
        }
        return true
    }
}

extension String {
    /// Without leading and trailing spaces, tabs and newlines. Cost: a walk over the
    /// characters trimmed and one copy of the rest (reversing the whole text twice cost
    /// the log reader an eighth of its time).
    func trimmingSpaces() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" }
        guard let first = firstIndex(where: { !isSpace($0) }),
            let last = lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(self[first...last])
    }
}
