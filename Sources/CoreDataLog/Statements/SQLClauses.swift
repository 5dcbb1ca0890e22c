/// The parts of a Core Data SELECT that findings and replays need: which table each
/// alias names, which columns the predicate compares, which it sorts by.
///
/// Works on the shapes Core Data writes (`FROM ZPOST t0 JOIN ZUSER t1 ON …
/// WHERE t1.ZNAME = ? ORDER BY t0.ZTITLE`), by tokens, not a full SQL grammar.
/// Cost: one tokenization of the text.
public struct SQLClauses: Hashable, Sendable {
    /// A column the predicate compares, with the comparison.
    public struct Comparison: Hashable, Sendable {
        /// The table the column belongs to (the alias resolved).
        public let table: String
        /// The column (`ZAUTHOR`).
        public let column: String
        /// `=`, `<`, `>`, `<=`, `>=`, `!=`, `IN`, `LIKE`, `IS NULL`, `IS NOT NULL`,
        /// `BETWEEN`, or `function` for a column inside a function call.
        public let comparison: String
    }

    /// Alias to table (`t0` → `ZPOST`).
    public let tables: [String: String]
    /// The table of `t0` (or of the first FROM).
    public let mainTable: String?
    /// The comparisons of the top-level WHERE, in order.
    public let comparisons: [Comparison]
    /// A column of a table.
    public struct Column: Hashable, Sendable {
        /// The table.
        public let table: String
        /// The column.
        public let column: String

        /// A column of a table.
        public init(table: String, column: String) {
            self.table = table
            self.column = column
        }
    }

    /// The ORDER BY columns.
    public let orderColumns: [Column]
    /// Whether the WHERE or the selected columns hold a subquery that refers to the
    /// outer row (`(SELECT COUNT(t1.Z_PK) FROM … WHERE (t0.Z_PK = t1.ZITEM))`).
    public let hasCorrelatedSubquery: Bool

    /// Reads `sql`.
    public init(_ sql: String) {
        let tokens = SQLTokens.split(sql)
        var tables: [String: String] = [:]
        var main: String?
        for (index, token) in tokens.enumerated() where index + 1 < tokens.count {
            let upper = token.uppercased()
            guard upper == "FROM" || upper == "JOIN" else { continue }
            let table = tokens[index + 1]
            guard table != "(", table.uppercased() != "SELECT" else { continue }
            let alias = index + 2 < tokens.count ? tokens[index + 2] : table
            let name =
                SQLTokens.isName(alias) && !SQLTokens.keywords.contains(alias.uppercased())
                ? alias : table
            if tables[name] == nil { tables[name] = table }
            if main == nil { main = table }
        }
        self.tables = tables
        mainTable = tables["t0"] ?? main
        comparisons = Self.comparisons(tokens, tables: tables)
        orderColumns = Self.orderColumns(tokens, tables: tables)
        hasCorrelatedSubquery = Self.correlated(tokens)
    }

    /// For each `?` of `sql` in order, the column it is compared with (`t0.ZAGE > ?`,
    /// `? <= t0.ZLONGITUDE`, `t0.ZID IN (?, ?)`, `NSCoreDataStringSearch( t0.ZTITLE, ?, …)`,
    /// `BETWEEN ? AND ?`), or nil when none is next to it.
    public func parameterColumns(_ sql: String) -> [Column?] {
        let tokens = SQLTokens.split(sql)
        let skippable: Set<String> = [
            "?", ",", "(", "IN", "NOT", "BETWEEN", "=", "==", "<", ">", "<=", ">=", "!=", "<>",
            "LIKE",
        ]
        let operators: Set<String> = ["=", "==", "<", ">", "<=", ">=", "!=", "<>"]
        return tokens.indices.filter { tokens[$0] == "?" }.map { index -> Column? in
            var cursor = index - 1
            while cursor >= 0 {
                let token = tokens[cursor].uppercased()
                let betweenAnd =
                    token == "AND" && cursor >= 2 && tokens[cursor - 1] == "?"
                    && tokens[cursor - 2].uppercased() == "BETWEEN"
                guard skippable.contains(token) || betweenAnd else { break }
                cursor -= 1
            }
            if cursor >= 0, let column = column(tokens[cursor]) { return column }
            if index + 2 < tokens.count, operators.contains(tokens[index + 1]) {
                return column(tokens[index + 2])
            }
            return nil
        }
    }

    /// The column a `t0.ZNAME` token names, its alias resolved.
    private func column(_ token: String) -> Column? {
        guard let (alias, name) = SQLTokens.qualified(token), let table = tables[alias] else {
            return nil
        }
        return Column(table: table, column: name)
    }

    /// Comparisons in the top-level WHERE (depth 0 relative to it, functions included).
    private static func comparisons(_ tokens: [String], tables: [String: String]) -> [Comparison] {
        guard let start = SQLTokens.topLevel("WHERE", in: tokens) else { return [] }
        var results: [Comparison] = []
        var depth = 0
        var index = start + 1
        while index < tokens.count {
            let token = tokens[index]
            if token == "(" { depth += 1 }
            if token == ")" { depth -= 1 }
            if depth == 0, ["ORDER", "GROUP", "LIMIT", "HAVING"].contains(token.uppercased()) {
                break
            }
            if let (alias, column) = SQLTokens.qualified(token), let table = tables[alias] {
                let comparison = Self.operator(around: index, in: tokens)
                results.append(Comparison(table: table, column: column, comparison: comparison))
            }
            index += 1
        }
        return results
    }

    /// The operator next to a column token: after it, or before it (`? <= t0.X`).
    private static func `operator`(around index: Int, in tokens: [String]) -> String {
        let next = index + 1 < tokens.count ? tokens[index + 1].uppercased() : ""
        let afterNext = index + 2 < tokens.count ? tokens[index + 2].uppercased() : ""
        if next == "IS" {
            return afterNext == "NOT" ? "IS NOT NULL" : "IS NULL"
        }
        if ["=", "==", "<", ">", "<=", ">=", "!=", "<>", "IN", "LIKE", "BETWEEN"].contains(next) {
            return next == "==" ? "=" : (next == "<>" ? "!=" : next)
        }
        if next == "NOT", ["IN", "LIKE", "BETWEEN"].contains(afterNext) {
            return "NOT " + afterNext
        }
        let previous = index > 0 ? tokens[index - 1] : ""
        if ["=", "<", ">", "<=", ">=", "!=", "<>"].contains(previous) { return previous }
        return "function"
    }

    private static func orderColumns(_ tokens: [String], tables: [String: String]) -> [Column] {
        guard let order = SQLTokens.topLevel("ORDER", in: tokens) else { return [] }
        var columns: [Column] = []
        for token in tokens[(order + 1)...] {
            if token.uppercased() == "LIMIT" || token.uppercased() == "OFFSET" { break }
            if let (alias, column) = SQLTokens.qualified(token), let table = tables[alias] {
                columns.append(Column(table: table, column: column))
            }
        }
        return columns
    }

    /// A `(SELECT …)` whose own WHERE names `t0.`, the outer row.
    private static func correlated(_ tokens: [String]) -> Bool {
        var index = 0
        while index + 1 < tokens.count {
            if tokens[index] == "(" && tokens[index + 1].uppercased() == "SELECT" {
                var depth = 0
                var cursor = index
                while cursor < tokens.count {
                    if tokens[cursor] == "(" { depth += 1 }
                    if tokens[cursor] == ")" {
                        depth -= 1
                        if depth == 0 { break }
                    }
                    if tokens[cursor].hasPrefix("t0.") && depth >= 1 { return true }
                    cursor += 1
                }
            }
            index += 1
        }
        return false
    }
}

/// SQL split into tokens: names (with their `t0.` qualifier), numbers, `?`, quoted
/// strings, parentheses, commas and operators.
enum SQLTokens {
    static let keywords: Set<String> = [
        "WHERE", "JOIN", "LEFT", "INNER", "OUTER", "CROSS", "ON", "ORDER", "GROUP", "LIMIT",
        "AS", "USING", "NATURAL", "HAVING", "UNION", "SET", "VALUES",
    ]

    static func split(_ sql: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        var quote: Character?
        func flush() {
            if !current.isEmpty { tokens.append(current) }
            current = ""
        }
        for character in sql {
            if let open = quote {
                current.append(character)
                if character == open {
                    quote = nil
                    flush()
                }
                continue
            }
            switch character {
            case "'", "\"":
                flush()
                quote = character
                current.append(character)
            case " ", "\t", "\n", "\r": flush()
            case "(", ")", ",":
                flush()
                tokens.append(String(character))
            case "=", "<", ">", "!":
                if let last = current.last, "=<>!".contains(last) {
                    current.append(character)
                } else {
                    flush()
                    current.append(character)
                }
            default:
                if let last = current.last, "=<>!".contains(last) { flush() }
                current.append(character)
            }
        }
        flush()
        return tokens
    }

    /// `t0.ZNAME` → ("t0", "ZNAME").
    static func qualified(_ token: String) -> (String, String)? {
        guard let dot = token.firstIndex(of: "."), dot != token.startIndex else { return nil }
        let alias = String(token[..<dot])
        let column = String(token[token.index(after: dot)...])
        guard isName(alias), isName(column) else { return nil }
        return (alias, column)
    }

    static func isName(_ token: String) -> Bool {
        guard let first = token.first, first.isLetter || first == "_" else { return false }
        return token.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }

    /// The index of `keyword` outside parentheses.
    static func topLevel(_ keyword: String, in tokens: [String]) -> Int? {
        var depth = 0
        for (index, token) in tokens.enumerated() {
            if token == "(" { depth += 1 }
            if token == ")" { depth -= 1 }
            if depth == 0 && token.uppercased() == keyword { return index }
        }
        return nil
    }
}
