import CoreDataLog
import Foundation

/// The statements the assertions judge, and where they came from: a block traced on a
/// container (``expectQueries(in:_:)``) or SQLDebug log text
/// (``QueryLog/init(logText:name:)``), perhaps captured from Apple's Core Data.
///
/// ```swift
/// let log = QueryLog(logText: capturedStandardError)
/// QueryExpectation(log).statements(2).noFullScan()
/// ```
public struct QueryLog: Hashable, Sendable {
    /// Where the statements come from, as failure messages name it.
    public enum Source: Hashable, Sendable, CustomStringConvertible {
        /// The engine's trace of a container's store connection during a block.
        case trace
        /// SQLDebug log text; `name` says which (a file name, `log`).
        case log(name: String)

        public var description: String {
            switch self {
            case .trace: "the engine trace of the block"
            case .log(let name): "SQLDebug \(name)"
            }
        }
    }

    /// The statements, in the order they ran or were logged.
    public let statements: [QueryStatement]
    /// Where they come from.
    public let source: Source
    /// How entity and property names map to tables and columns.
    public let naming: StoreNaming
    /// Why plans are missing, when they are (a log below level 4, a statement that no
    /// longer prepares); nil when every SELECT has one.
    public let planNote: String?

    /// Statements from any source (tests of the assertions build their own).
    public init(
        statements: [QueryStatement], source: Source, naming: StoreNaming = .coreData,
        planNote: String? = nil
    ) {
        self.statements = statements
        self.source = source
        self.naming = naming
        self.planNote = planNote
    }

    /// The statements of SQLDebug log text (`-com.apple.CoreData.SQLDebug 1` to `4`,
    /// or the engine's own `FAULTLINE_SQL_DEBUG`), read with CoreDataLog's parser:
    /// Xcode, `log stream` and Console prefixes, wrapped SQL, bound values and, at
    /// level 4, plans. `BEGIN`/`COMMIT` lines are left out, as a trace leaves them out.
    ///
    /// Cost: one pass over the text. Lines it cannot read are skipped, never fatal.
    /// - Parameters:
    ///   - text: The captured log.
    ///   - name: What failure messages call it (the file's name).
    public init(logText text: String, name: String = "log") {
        var reader = LogLineReader(data: Data(text.utf8))
        var parser = LogParser()
        var statements: [QueryStatement] = []
        let keep: (LogEvent) -> Void = { event in
            guard case .statement(let logged) = event, logged.kind != .transaction else { return }
            statements.append(
                QueryStatement(
                    sql: logged.sql, arguments: logged.bindings, rows: logged.rows,
                    plan: logged.plan.isEmpty ? nil : logged.plan, line: logged.line))
        }
        while let line = try? reader.next() { parser.consume(line, emit: keep) }
        parser.finish(emit: keep)
        let unplanned = statements.contains { $0.kind == .select && $0.plan == nil }
        self.init(
            statements: statements, source: .log(name: name),
            planNote: unplanned
                ? "the log shows no query plan for some SELECTs: plans are logged at "
                    + "-com.apple.CoreData.SQLDebug 4 (FAULTLINE_SQL_DEBUG=4)"
                : nil)
    }

    /// The statements of the SQLDebug log in the file at `url`.
    /// - Throws: The file system's error when it cannot be read.
    public init(logFile url: URL) throws {
        let data = try Data(contentsOf: url)
        self.init(logText: String(decoding: data, as: UTF8.self), name: url.lastPathComponent)
    }
}
