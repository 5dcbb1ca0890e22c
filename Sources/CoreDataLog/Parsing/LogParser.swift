/// Turns console lines into ``LogEvent``s, one line at a time, in bounded memory.
///
/// A statement stays open while the lines after it add to it: continuation lines of
/// wrapped SQL, `SQLite bind[…]` values, its plan, `sql connection fetch time`, the
/// level-2 fetch summary. It is handed on when anything else arrives. Unprefixed lines
/// continue what came before when they can (wrapped SQL, plan rows, multi-line values,
/// an object ID on its own line), start a statement when they are bare SQL, and are
/// otherwise the app's own output, counted and skipped. Nothing here throws: a line
/// that cannot be understood is counted and noted with its number.
///
/// ```swift
/// var parser = LogParser()
/// while let line = try reader.next() { parser.consume(line) { events.append($0) } }
/// parser.finish { events.append($0) }
/// ```
///
/// Cost: a few substring searches per line; memory is the open statement, at most
/// ``notedLimit`` noted lines and counters.
public struct LogParser {
    /// How many unparsed lines and output samples are kept to show.
    public static let notedLimit = 100

    /// What unprefixed lines may continue.
    private enum Continuation {
        case none, sql, plan, values(depth: Int), objectURI
    }

    private var open: LogStatement?
    private var openLineWasCut = false
    private var heldPlan: (sql: String, fingerprint: String, steps: [QueryPlanStep], line: Int)?
    private var heldAnnotation: (LogAnnotation, line: Int)?
    private var enginePlan: [QueryPlanStep] = []
    private var continuation = Continuation.none
    private var nextBindsKeyList = false
    /// How the lines were understood.
    public private(set) var counts = LineCounts()
    /// Core Data lines not understood, the first ``notedLimit``.
    public private(set) var unparsed: [NotedLine] = []
    /// The app's own lines, the first ``notedLimit``.
    public private(set) var outputSamples: [NotedLine] = []
    /// What the lines show of the debug level.
    public private(set) var evidence = LevelEvidence()

    /// A parser at the start of a log.
    public init() {}

    /// Reads one line; calls `emit` for each event it completes.
    ///
    /// A line holding several Core Data records (`… CoreData: sql: … CoreData:
    /// annotation: …`, as a web page or a chat prints a console whose line breaks became
    /// spaces) is read as one record per marker, each with the line's number; each
    /// counts in ``LineCounts/coreData``.
    public mutating func consume(_ line: LogLine, emit: (LogEvent) -> Void) {
        counts.lines += 1
        if line.isCut { counts.cut += 1 }
        if line.hadInvalidBytes { counts.invalidBytes += 1 }
        let records = Self.records(in: line.text)
        guard records.count > 1 else {
            consumeRecord(line, emit: emit)
            return
        }
        for (index, record) in records.enumerated() {
            let isLast = index == records.count - 1
            consumeRecord(
                LogLine(number: line.number, text: String(record), isCut: isLast && line.isCut),
                emit: emit)
        }
    }

    /// Where a line holds more than one Core Data record: the text up to each later
    /// ` CoreData: <category>: ` (a space before the marker, a known category word and a
    /// colon after it), else the line whole. One pass over the bytes; the marker is ASCII.
    static func records(in text: String) -> [Substring] {
        let marker = "CoreData: ".utf8
        let bytes = text.utf8
        var cuts: [String.Index] = []
        var seenFirst = false
        var index = bytes.startIndex
        while index != bytes.endIndex {
            if bytes[index] == UInt8(ascii: "C"), bytes[index...].starts(with: marker) {
                let after = bytes.index(index, offsetBy: marker.count)
                if !seenFirst {
                    seenFirst = true
                } else if index > bytes.startIndex,
                    bytes[bytes.index(before: index)] == UInt8(ascii: " "),
                    let colon = text[after...].prefix(12).firstIndex(of: ":"),
                    LogCategory(word: text[after..<colon]) != nil
                {
                    cuts.append(index)
                }
                index = after
                continue
            }
            index = bytes.index(after: index)
        }
        guard !cuts.isEmpty else { return [text[...]] }
        var records: [Substring] = []
        var start = text.startIndex
        for cut in cuts {
            records.append(text[start..<cut])
            start = cut
        }
        records.append(text[start...])
        return records
    }

    /// Reads one record: a line, or one of several records a line holds.
    private mutating func consumeRecord(_ line: LogLine, emit: (LogEvent) -> Void) {
        let console = ConsoleLine(line.text)
        guard let category = console.category else {
            unprefixed(console.body, line: line, emit: emit)
            return
        }
        counts.coreData += 1
        switch category {
        case .sql: startStatement(console.body, line: line, origin: console.origin, emit: emit)
        case .annotation:
            annotation(
                LogAnnotation(console.body), text: console.body, line: line.number, emit: emit)
        case .details:
            detail(LogDetail(console.body), text: console.body, line: line.number, emit: emit)
        default:
            flush(emit)
            emit(.message(category, console.body, line: line.number))
            continuation = Self.valuesContinuation(console.body)
        }
    }

    /// Ends the log: hands on whatever is still open.
    public mutating func finish(emit: (LogEvent) -> Void) {
        flush(emit)
        continuation = .none
    }

    // MARK: - Statements

    private mutating func startStatement(
        _ sql: String, line: LogLine, origin: ConsoleLine.Origin, emit: (LogEvent) -> Void
    ) {
        flush(emit)
        var statement = LogStatement(sql: sql.trimmingSpaces(), line: line.number, origin: origin)
        statement.bindsKeyList = nextBindsKeyList || sql.contains("_Z_intarray")
        nextBindsKeyList = false
        if let plan = heldPlan, plan.fingerprint == statement.fingerprint {
            statement.plan = plan.steps
            heldPlan = nil
        }
        if !enginePlan.isEmpty {
            statement.plan = enginePlan
            enginePlan = []
        }
        open = statement
        openLineWasCut = line.isCut
        continuation = .sql
    }

    /// Hands on the open statement and anything held.
    private mutating func flush(_ emit: (LogEvent) -> Void) {
        if let held = heldAnnotation {
            emit(.annotation(held.0, line: held.line))
            heldAnnotation = nil
        }
        if var statement = open {
            statement.isTruncated = openLineWasCut || SQLText.isUnfinished(statement.sql)
            emit(.statement(statement))
            open = nil
        }
        if let plan = heldPlan {
            emit(.plan(sql: plan.sql, steps: plan.steps, line: plan.line))
            heldPlan = nil
        }
    }

    // MARK: - Annotations and details

    private mutating func annotation(
        _ annotation: LogAnnotation, text: String, line: Int, emit: (LogEvent) -> Void
    ) {
        switch annotation {
        case .connectionFetchTime(let seconds), .executionTime(let seconds):
            if open != nil && open?.seconds == nil {
                open?.seconds = seconds
                open?.lastLine = line
                continuation = .none
                return
            }
        case .fetchSummary(let entity, let sql, let rows):
            evidence.fetchSummaries += 1
            if text.contains(" with values: ") { evidence.valueLines += 1 }
            summary(sql: sql, rows: rows, line: line, emit: emit)
            flush(emit)
            emit(.annotation(.fetchSummary(entity: entity, sql: sql, rows: rows), line: line))
            continuation = Self.valuesContinuation(text)
            return
        case .boundIntarray:
            flush(emit)
            nextBindsKeyList = true
            continuation = .none
            return
        case .countRequest: evidence.valueLines += 1
        case .objectFault(let object):
            if text.contains(" with row values") { evidence.valueLines += 1 }
            if object == nil {
                flush(emit)
                heldAnnotation = (annotation, line)
                continuation = .objectURI
                return
            }
        case .other:
            counts.unparsed += 1
            Self.note(&unparsed, line: line, text: text)
        default: break
        }
        flush(emit)
        emit(.annotation(annotation, line: line))
        continuation = Self.valuesContinuation(text)
    }

    /// A fetch summary's SQL and rows: for the open statement when it is the same one,
    /// else a statement of its own (a log holding only summaries).
    private mutating func summary(sql: String, rows: Int, line: Int, emit: (LogEvent) -> Void) {
        let fingerprint = SQLFingerprint.normalize(sql)
        if open?.fingerprint == fingerprint {
            open?.rows = rows
            open?.lastLine = line
            return
        }
        flush(emit)
        var statement = LogStatement(sql: sql, line: line, origin: .coreData)
        statement.rows = rows
        statement.isTruncated = SQLText.isUnfinished(sql)
        emit(.statement(statement))
    }

    private mutating func detail(
        _ detail: LogDetail, text: String, line: Int, emit: (LogEvent) -> Void
    ) {
        switch detail {
        case .bind(_, let value):
            evidence.bindLines += 1
            if open != nil {
                open?.bindings.append(value)
                open?.lastLine = line
                continuation = .none
                return
            }
            emit(.message(.details, text, line: line))
        case .planHeader(let sql):
            evidence.planHeaders += 1
            let fingerprint = SQLFingerprint.normalize(sql)
            if let plan = heldPlan {
                emit(.plan(sql: plan.sql, steps: plan.steps, line: plan.line))
            }
            heldPlan = (sql, fingerprint, [], line)
            continuation = .plan
        case .planNode(let depth, let detailText):
            // The engine explains a statement before running it: its plan belongs to the
            // statement that follows.
            evidence.planRows += 1
            flush(emit)
            let parent = Self.parent(ofDepth: depth, in: enginePlan)
            enginePlan.append(
                QueryPlanStep(id: enginePlan.count + 1, parent: parent, detail: detailText))
            continuation = .none
        case .other:
            counts.unparsed += 1
            Self.note(&unparsed, line: line, text: text)
            flush(emit)
            emit(.message(.details, text, line: line))
        }
    }

    /// The id of the last node at `depth - 1` in an engine plan (nodes are numbered in
    /// order from 1, so a node's depth is found again from its indentation).
    private static func parent(ofDepth depth: Int, in plan: [QueryPlanStep]) -> Int {
        guard depth > 0 else { return 0 }
        var levels: [Int: Int] = [:]
        var nodeDepth: [Int: Int] = [0: -1]
        for step in plan {
            let level = (nodeDepth[step.parent] ?? -1) + 1
            nodeDepth[step.id] = level
            levels[level] = step.id
        }
        return levels[depth - 1] ?? 0
    }

    // MARK: - Unprefixed lines

    private mutating func unprefixed(_ text: String, line: LogLine, emit: (LogEvent) -> Void) {
        let raw = line.text.contains("\u{1B}") ? ConsoleLine.removingEscapes(line.text) : line.text
        if continues(raw, line: line) {
            counts.continuations += 1
            return
        }
        if SQLText.isStatementStart(Substring(text)) {
            counts.bareStatements += 1
            startStatement(text, line: line, origin: .unprefixed, emit: emit)
            return
        }
        if !text.allSatisfy(\.isWhitespace) {
            counts.output += 1
            Self.note(&outputSamples, line: line.number, text: line.text)
        }
        if case .values = continuation {} else { continuation = .none }
    }

    /// Adds `text` to what it continues; false when it continues nothing.
    private mutating func continues(_ text: String, line: LogLine) -> Bool {
        switch continuation {
        case .none: return false
        case .sql:
            guard let sql = open?.sql, SQLText.continues(sql, with: text) else { return false }
            open?.continueText(with: text.trimmingSpaces())
            open?.lastLine = line.number
            openLineWasCut = line.isCut
            return true
        case .plan:
            guard let step = PlanRow.parse(text), heldPlan != nil else { return false }
            evidence.planRows += 1
            if let plan = heldPlan, open?.fingerprint == plan.fingerprint {
                open?.plan.append(step)
                open?.lastLine = line.number
            } else {
                heldPlan?.steps.append(step)
            }
            return true
        case .values(let depth):
            guard let first = text.first, first == " " || first == "\t" || ")}]\"<".contains(first)
            else { return false }
            let newDepth = depth + Self.bracketBalance(text)
            continuation = newDepth > 0 ? .values(depth: newDepth) : .none
            return true
        case .objectURI:
            guard let held = heldAnnotation, let object = ObjectReference(in: Substring(text)),
                case .objectFault = held.0
            else { return false }
            heldAnnotation = (.objectFault(object: object), held.line)
            continuation = .none
            return true
        }
    }

    /// Continue with values when `text` leaves a bracket open (`with values: (`).
    private static func valuesContinuation(_ text: String) -> Continuation {
        let balance = bracketBalance(text)
        return balance > 0 ? .values(depth: balance) : .none
    }

    /// Opening minus closing brackets, outside double quotes.
    private static func bracketBalance(_ text: String) -> Int {
        var balance = 0
        var quoted = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted.toggle()
            case "(", "{", "[": if !quoted { balance += 1 }
            case ")", "}", "]": if !quoted { balance -= 1 }
            default: break
            }
        }
        return balance
    }

    private static func note(_ list: inout [NotedLine], line: Int, text: String) {
        guard list.count < Self.notedLimit else { return }
        list.append(NotedLine(line: line, text: text))
    }
}
