/// Why `bench explain-log` cannot use its input: each says what, where and what to do.
/// The command exits 2 for every one.
public enum ExplainLogError: Error, Equatable, CustomStringConvertible {
    /// The file cannot be opened or read.
    case unreadable(path: String, reason: String)
    /// The file has no bytes.
    case empty(path: String)
    /// The file holds NUL bytes or mostly bytes that are not UTF-8.
    case binary(path: String, nulBytes: Int, invalidLines: Int)
    /// Not one Core Data line (nor bare SQL) in the file.
    case noCoreData(path: String, lines: Int)
    /// The model has none of the logs' tables.
    case modelMismatch(model: String, logTables: [String], modelTables: [String])
    /// `--replay` without `--model`.
    case replayNeedsModel
    /// The replay could not start (a dataset could not be generated).
    case replayFailed(reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): return "\(path): cannot read the log: \(reason)"
        case .empty(let path):
            return "\(path): the file is empty; capture the console with "
                + "-com.apple.CoreData.SQLDebug 1 (docs/EXPLAIN-LOG.md)"
        case .binary(let path, let nulBytes, let invalidLines):
            let what =
                nulBytes > 0
                ? "\(nulBytes) NUL bytes" : "\(invalidLines) lines that are not UTF-8 text"
            return "\(path): this is not a text log (\(what)); give the console text as UTF-8 "
                + "(a UTF-16 file has NUL bytes too)"
        case .noCoreData(let path, let lines):
            return "\(path): no Core Data line in \(lines) lines; run the app with "
                + "-com.apple.CoreData.SQLDebug 1 (up to 4) and copy the console "
                + "(docs/EXPLAIN-LOG.md)"
        case .modelMismatch(let model, let logTables, let modelTables):
            return "--model \(model): none of the log's tables (\(Self.list(logTables))) is in "
                + "the model (\(Self.list(modelTables))); give the app's own model, or its "
                + "version with --model-version"
        case .replayNeedsModel:
            return "--replay needs --model: the replay generates a store from the app's model"
        case .replayFailed(let reason): return "the replay could not start: \(reason)"
        }
    }

    private static func list(_ names: [String]) -> String {
        names.count > 8
            ? names.prefix(8).joined(separator: ", ") + ", …" : names.joined(separator: ", ")
    }
}
