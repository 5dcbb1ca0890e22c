/// Adds events and operations to a ``LogSummary`` as they stream by.
///
/// Cost: a dictionary lookup per statement and per operation.
struct LogSummaryBuilder {
    /// How many operations after a save a whole-table fetch still counts as its refetch.
    static let refetchWindow = 3
    /// Refetches kept.
    static let refetchLimit = 100

    private(set) var summary = LogSummary()
    private var statementIndex: [String: Int] = [:]
    private var operationIndex: [String: Int] = [:]
    /// The last save: its line, the tables it wrote, operations seen since.
    private var lastSave: (line: Int, tables: Set<String>, since: Int)?

    mutating func add(_ event: LogEvent) {
        switch event {
        case .statement(let statement): add(statement)
        case .plan(let sql, let steps, _):
            let fingerprint = SQLFingerprint.normalize(sql)
            if summary.plans[fingerprint] == nil && summary.plans.count < LogSummary.groupLimit {
                summary.plans[fingerprint] = steps
            }
        case .message(let category, let text, let line):
            summary.messageCounts[category, default: 0] += 1
            if category == .error && summary.errors.count < LogParser.notedLimit {
                summary.errors.append(NotedLine(line: line, text: text))
            }
        case .annotation: break
        }
    }

    private mutating func add(_ statement: LogStatement) {
        summary.statementCount += 1
        if statement.isTruncated { summary.truncatedStatementCount += 1 }
        let fingerprint = statement.fingerprint
        if let index = statementIndex[fingerprint] {
            summary.statements[index].add(statement)
        } else if summary.statements.count < LogSummary.groupLimit {
            statementIndex[fingerprint] = summary.statements.count
            var group = LogStatementGroup(statement)
            group.add(statement)
            summary.statements.append(group)
        } else {
            summary.ungroupedStatements += 1
        }
    }

    mutating func add(_ operation: LogOperation) {
        summary.operationCounts[operation.kind, default: 0] += 1
        summary.loggedSeconds += operation.seconds ?? 0
        attribute(operation)
        let fingerprint = operation.fingerprint
        if let index = operationIndex[fingerprint] {
            summary.operations[index].add(operation)
        } else if summary.operations.count < LogSummary.groupLimit {
            operationIndex[fingerprint] = summary.operations.count
            var group = LogOperationGroup(operation)
            group.add(operation)
            summary.operations.append(group)
        }
        watchForRefetch(operation)
    }

    /// Credits the operation's kind to its main statement's group, and rows to each
    /// statement whose rows are known (the main one's from the operation's total when
    /// it is the only statement).
    private mutating func attribute(_ operation: LogOperation) {
        guard let main = operation.mainStatement else { return }
        if let index = statementIndex[main.fingerprint] {
            summary.statements[index].operationKinds[operation.kind, default: 0] += 1
        }
        for item in operation.statements {
            let statement = item.statement
            let isOnly = statement == main && operation.statementCount == 1
            guard let rows = statement.rows ?? (isOnly ? operation.rows : nil),
                let index = statementIndex[statement.fingerprint]
            else { continue }
            summary.statements[index].rowCountedCount += 1
            summary.statements[index].rows += rows
        }
    }

    private mutating func watchForRefetch(_ operation: LogOperation) {
        if operation.kind == .save {
            let tables = operation.statements.filter { $0.role == .write }
                .compactMap { SQLText.mainTable($0.statement.sql) }
            lastSave = (operation.firstLine, Set(tables), 0)
            return
        }
        guard var save = lastSave else { return }
        save.since += 1
        lastSave = save.since > Self.refetchWindow ? nil : save
        guard operation.kind == .fetch, let main = operation.mainStatement,
            let table = SQLText.mainTable(main.sql), save.tables.contains(table),
            !main.sql.uppercased().contains(" WHERE "),
            summary.refetchesAfterSave.count < Self.refetchLimit
        else { return }
        summary.refetchesAfterSave.append(
            RefetchAfterSave(
                saveLine: save.line, fetchLine: operation.firstLine, table: table,
                fingerprint: main.fingerprint, rows: operation.rows, seconds: operation.seconds))
    }

    /// Copies the parser's line accounting in at the end.
    mutating func finish(with parser: LogParser) {
        summary.counts = parser.counts
        summary.evidence = parser.evidence
        summary.unparsed = parser.unparsed
        summary.outputSamples = parser.outputSamples
    }
}
