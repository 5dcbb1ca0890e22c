import BenchKit
import CoreDataLog
import DurableFiles
import Foundation
import ObjectGraph
import Workloads

/// `bench explain-log`'s work, apart from its command line: reads each log in bounded
/// memory, refuses what cannot be a log, matches the model's tables, replays, finds,
/// and assembles the ``ExplainLogReport``.
///
/// ```swift
/// let report = try LogExplainer(model: dataset, modelPath: path, replay: nil)
///     .explain([LogInput(path: "app.log")])
/// ```
///
/// Cost: one pass over each log; with a replay, its datasets and timings.
public struct LogExplainer {
    /// How to replay, with `--replay`.
    public struct ReplayOptions {
        /// Sizes (rows of the primary entity).
        public var sizes: [Int]
        /// The dataset cache.
        public var cache: DatasetCache
        /// The dataset seed.
        public var seed: UInt64

        /// Options.
        public init(sizes: [Int], cache: DatasetCache, seed: UInt64) {
            self.sizes = sizes
            self.cache = cache
            self.seed = seed
        }
    }

    let model: ModelDataset?
    let modelPath: String?
    let replayOptions: ReplayOptions?
    /// Progress lines (replay sizes), for standard error.
    var progress: (String) -> Void

    /// An explainer; `model` names tables and columns and is what `replay` generates.
    public init(
        model: ModelDataset?, modelPath: String?, replay: ReplayOptions?,
        progress: @escaping (String) -> Void = { _ in }
    ) {
        self.model = model
        self.modelPath = modelPath
        self.replayOptions = replay
        self.progress = progress
    }

    /// The report of `inputs`.
    /// - Throws: ``ExplainLogError`` for a file that cannot be read or is no log, a
    ///   model that shares no table with the logs, or a replay that cannot start.
    public func explain(_ inputs: [LogInput]) throws(ExplainLogError) -> ExplainLogReport {
        var summaries: [(LogInput, LogSummary, Int)] = []
        for input in inputs {
            let (summary, bytes) = try read(input)
            summaries.append((input, summary, bytes))
        }
        let names = model.map { StoreNames(model: $0.schema.model) }
        var notes = model.map { model in model.warnings.map { "Model: \($0)." } } ?? []
        if let names { notes += try check(names, against: summaries.map(\.1)) }
        notes += summaries.flatMap { Self.partialNotes($0.0.path, $0.1) }
        let replay = try replay(summaries.map(\.1), names: names)
        let findings = summaries.flatMap { input, summary, _ in
            LogFindings(summary: summary, file: input.path, names: names, replay: replay).findings()
        }
        return ExplainLogReport(
            files: summaries.map {
                ExplainedFile(path: $0.0.path, bytes: $0.2, summary: $0.1, names: names)
            },
            model: modelPath, findings: findings, replay: replay, notes: notes)
    }

    /// Summarizes one input, refusing an empty, binary or Core Data-free one.
    private func read(_ input: LogInput) throws(ExplainLogError) -> (LogSummary, Int) {
        var reader: LogLineReader
        if input.isDirectory { throw .unreadable(path: input.path, reason: "it is a directory") }
        do {
            reader = LogLineReader(handle: try input.open())
        } catch {
            throw .unreadable(path: input.path, reason: input.reason(error))
        }
        let summary: LogSummary
        do {
            summary = try LogReading.summarize(&reader)
        } catch {
            throw .unreadable(path: input.path, reason: input.reason(error))
        }
        guard reader.byteCount > 0 else { throw .empty(path: input.path) }
        if reader.nulByteCount > 0 || summary.counts.invalidBytes * 2 > max(summary.counts.lines, 1)
        {
            throw .binary(
                path: input.path, nulBytes: reader.nulByteCount,
                invalidLines: summary.counts.invalidBytes)
        }
        guard summary.hasCoreDataLines else {
            throw .noCoreData(path: input.path, lines: summary.counts.lines)
        }
        return (summary, reader.byteCount)
    }

    /// Fails when the model has none of the logs' tables; notes the ones it lacks.
    private func check(_ names: StoreNames, against summaries: [LogSummary]) throws(ExplainLogError)
        -> [String]
    {
        let logTables = Set(summaries.flatMap(Self.dataTables))
        guard !logTables.isEmpty else { return [] }
        let known = Set(names.tables.keys).union(names.joinTables.keys)
        let missing = logTables.subtracting(known).sorted()
        guard missing.count < logTables.count else {
            throw .modelMismatch(
                model: modelPath ?? "the model", logTables: logTables.sorted(),
                modelTables: known.sorted())
        }
        guard !missing.isEmpty else { return [] }
        return [
            "The model has no table \(missing.joined(separator: ", ")) of the log; those "
                + "statements keep guessed names and cannot be replayed."
        ]
    }

    /// The entity and join tables a log's statements read or write.
    static func dataTables(_ summary: LogSummary) -> [String] {
        summary.statements.compactMap { group -> String? in
            guard
                group.kind == .select || group.kind == .insert || group.kind == .update
                    || group.kind == .delete,
                let table = SQLText.mainTable(group.sql), table.hasPrefix("Z"),
                !["Z_METADATA", "Z_MODELCACHE", "Z_PRIMARYKEY"].contains(table.uppercased())
            else { return nil }
            return table
        }
    }

    /// Sentences for what was understood only in part.
    static func partialNotes(_ path: String, _ summary: LogSummary) -> [String] {
        var notes: [String] = []
        if summary.counts.unparsed > 0 {
            notes.append(
                "\(path): \(summary.counts.unparsed) Core Data lines were not understood "
                    + "(listed with their line numbers); the rest was read.")
        }
        if summary.truncatedStatementCount > 0 {
            notes.append(
                "\(path): \(summary.truncatedStatementCount) statements are cut off; they are "
                    + "counted but not replayed.")
        }
        if summary.counts.cut > 0 {
            notes.append("\(path): \(summary.counts.cut) lines longer than 1 MiB were cut.")
        }
        // A level-4 header pasted without the `sql:` line before it (as in
        // wire-ios-data-model pull request 668): its plan names a statement the log lacks.
        let orphanPlans = summary.plans.keys.filter { summary.statementGroup($0) == nil }.count
        if orphanPlans > 0 {
            notes.append(
                "\(path): \(orphanPlans) query plans are of statements the log does not hold "
                    + "(their sql: lines were not pasted); they are not counted and raise no "
                    + "finding.")
        }
        return notes
    }

    private func replay(_ summaries: [LogSummary], names: StoreNames?) throws(ExplainLogError)
        -> ReplayResult?
    {
        guard let options = replayOptions else { return nil }
        guard let model, let names else { throw .replayNeedsModel }
        do {
            return try LogReplay(
                dataset: model, names: names, cache: options.cache, sizes: options.sizes,
                seed: options.seed, progress: progress
            ).replay(summaries)
        } catch {
            throw .replayFailed(reason: ErrorText.describe(error))
        }
    }
}

/// One log to read: a file, or standard input (`-`).
public struct LogInput {
    /// The path as given, or `-`.
    public let path: String

    /// The input at `path`.
    public init(path: String) {
        self.path = path
    }

    /// Whether the path names a directory.
    var isDirectory: Bool {
        var directory: ObjCBool = false
        return path != "-" && FileManager.default.fileExists(atPath: path, isDirectory: &directory)
            && directory.boolValue
    }

    /// Why `error` stopped the reading, without the path the message already names.
    func reason(_ error: any Error) -> String {
        let text = ErrorText.describe(error)
        return text.hasPrefix(path + ": ") ? String(text.dropFirst(path.count + 2)) : text
    }

    /// The handle to read.
    /// - Throws: What opening the file throws.
    func open() throws -> FileHandle {
        path == "-"
            ? FileHandle.standardInput : try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
    }
}
