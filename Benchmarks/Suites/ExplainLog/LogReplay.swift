import BenchKit
import CoreDataLog
import DurableFiles
import Foundation
import ObjectGraph
import SQLiteDB
import Workloads

/// Replays a log's distinct SELECTs on stores generated from the app's own model, at
/// each size: each statement's time (median of repeated runs), rows and plan, how its
/// time grows (the lab's ``ScalingFit``), and its mechanical fixes run beside it
/// (``ReplayFixes``).
///
/// Each size's store comes from the dataset cache (generated once from the model by
/// ``ModelDataset``'s recipes), copied into a temporary file the fixes can add indexes
/// to; the copy is removed after. Statements run with the log's bound values (level 2
/// and above) or values drawn from the data; only read-only SELECTs are replayed,
/// one statement at a time, so a log cannot change anything but the copy. Core Data's
/// SQL functions and, approximated with Foundation's comparisons, its collations are
/// registered.
///
/// ```swift
/// let replay = try LogReplay(dataset: dataset, names: StoreNames(model: dataset.schema.model),
///     cache: cache, sizes: [10_000, 100_000]).replay([summary])
/// ```
///
/// Cost: one dataset per size (generated the first time), and up to about
/// ``ReplayTimer/budget`` seconds per statement, fix and size.
public struct LogReplay {
    let dataset: ModelDataset
    let names: StoreNames
    let cache: DatasetCache
    let sizes: [Int]
    let seed: UInt64
    var timer = ReplayTimer()
    /// Progress lines (`replay 10k: 12 statements`).
    var progress: (String) -> Void = { _ in }

    /// A replay of `dataset` at `sizes` from `cache`.
    public init(
        dataset: ModelDataset, names: StoreNames, cache: DatasetCache, sizes: [Int],
        seed: UInt64 = 42, progress: @escaping (String) -> Void = { _ in }
    ) {
        self.dataset = dataset
        self.names = names
        self.cache = cache
        self.sizes = sizes
        self.seed = seed
        self.progress = progress
    }

    /// Replays the SELECTs of `summaries` (one per log file).
    /// - Throws: `DatasetError` or `SQLiteError` when a store cannot be generated or
    ///   copied; a statement that fails is skipped with its reason, never thrown.
    public func replay(_ summaries: [LogSummary]) throws -> ReplayResult {
        let groups = Self.distinctSelects(summaries)
        let primaryTable = dataset.schema.model.entity(named: dataset.primaryEntity)?.tableName
        let logged = primaryTable.flatMap { Self.loggedSize(summaries, table: $0) }
        let allSizes = Array(Set(sizes + (logged.map { [$0] } ?? []))).sorted()
        var results = ReplayAccumulator()
        for size in allSizes {
            try withStore(size: size) { connection in
                let values = ReplayValues(connection: connection)
                progress("replay \(SizeFormat.short(size)): \(groups.count) statements")
                for group in groups where results.skipped[group.fingerprint] == nil {
                    do {
                        try replay(group, at: size, on: connection, values: values, into: &results)
                    } catch {
                        results.skipped[group.fingerprint] = Self.reason(error)
                    }
                }
            }
        }
        return ReplayResult(
            sizes: allSizes, primaryEntity: dataset.primaryEntity,
            statements: groups.compactMap { results.statement($0.fingerprint) },
            skipped: results.skipped.sorted { $0.key < $1.key }.map {
                ReplaySkip(fingerprint: $0.key, reason: $0.value)
            },
            loggedSize: logged)
    }

    /// Times `group` and its fixes at `size`.
    private func replay(
        _ group: LogStatementGroup, at size: Int, on connection: Connection, values: ReplayValues,
        into results: inout ReplayAccumulator
    ) throws {
        let sql = try ReplaySQL.make(group, values: values)
        let run = try timer.measure(sql.text, sql.arguments, on: connection, size: size)
        results.add(run, of: group.fingerprint, sql: sql)
        let fixes = ReplayFixes(
            group: group, replay: sql, names: names, values: values,
            lookup: LogFindings.lookupKind(group))
        for form in fixes.forms(plan: run.plan) {
            // A fix SQLite refuses at this size is left out; the original still counts.
            guard let fixed = try? measure(form, on: connection, size: size) else { continue }
            results.add(fixed, of: form, to: group.fingerprint)
        }
    }

    /// Times `form` (creating its index first and dropping it after).
    private func measure(_ form: ReplayFixes.Form, on connection: Connection, size: Int) throws
        -> ReplayRun
    {
        guard let index = form.index else {
            return try timer.measure(form.sql, form.arguments, on: connection, size: size)
        }
        let columns = index.columns.map { "\"\($0)\"" }.joined(separator: ", ")
        try connection.execute(script: "CREATE INDEX replay_fix ON \"\(index.table)\" (\(columns))")
        defer { _ = try? connection.execute(script: "DROP INDEX IF EXISTS replay_fix") }
        return try timer.measure(form.sql, form.arguments, on: connection, size: size)
    }

    /// Runs `body` on a private copy of the store of `size`, removed after.
    private func withStore(size: Int, _ body: (Connection) throws -> Void) throws {
        let cached = try cache.dataset(schema: dataset.schema, size: size, seed: seed)
        let directory = ScratchFile.url("replay")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let connection = try Connection(
            location: .file(directory.appendingPathComponent("store.sqlite").path))
        var configuration = Connection.Configuration()
        configuration.openMode = .readOnly
        try Connection(location: .file(cached.storePath), configuration: configuration).backup(
            to: connection)
        try StoreFunctions.register(on: connection)
        try ReplayCollations.register(on: connection)
        try body(connection)
        try connection.close()
    }

    /// Every distinct SELECT of the logs, the one with the most executions kept per
    /// fingerprint (its bound values are the most telling); store metadata reads left out.
    static func distinctSelects(_ summaries: [LogSummary]) -> [LogStatementGroup] {
        var chosen: [String: LogStatementGroup] = [:]
        var order: [String] = []
        for summary in summaries {
            for group in summary.statements where group.kind == .select && !isMetadata(group.sql) {
                if chosen[group.fingerprint] == nil { order.append(group.fingerprint) }
                if (chosen[group.fingerprint]?.count ?? 0) < group.count {
                    chosen[group.fingerprint] = group
                }
            }
        }
        return order.compactMap { chosen[$0] }
    }

    private static func isMetadata(_ sql: String) -> Bool {
        let upper = sql.uppercased()
        return ["SQLITE_MASTER", "SQLITE_SCHEMA", "Z_METADATA", "Z_MODELCACHE", "Z_PRIMARYKEY"]
            .contains { upper.contains($0) }
    }

    /// The rows of `table` as the log shows them: the largest unfiltered fetch or
    /// `COUNT(*)` of it.
    static func loggedSize(_ summaries: [LogSummary], table: String) -> Int? {
        var best: Int?
        for summary in summaries {
            for group in summary.operations where group.table == table && group.rowCountedCount > 0
            {
                guard let main = group.mainFingerprint, !main.contains(" WHERE "),
                    !main.contains(" LIMIT "),
                    !main.contains(" JOIN "), group.kind == .fetch || group.kind == .count
                else { continue }
                if group.maximumRows > 0 { best = max(best ?? 0, group.maximumRows) }
            }
        }
        return best
    }

    /// One line for why a statement was skipped.
    static func reason(_ error: any Error) -> String {
        if let refusal = error as? ReplaySQL.Refusal { return refusal.reason }
        if let error = error as? SQLiteError { return error.message }
        return String(describing: error)
    }
}

/// Core Data's collations, approximated with Foundation's comparisons so statements that
/// sort with them can be replayed (their times are this machine's, not the device's).
enum ReplayCollations {
    static func register(on connection: Connection) throws {
        let collations: [(String, String.CompareOptions)] = [
            ("NSCollateNoCase", [.caseInsensitive]),
            ("NSCollateLocaleSensitive", []),
            ("NSCollateLocaleSensitiveNoCase", [.caseInsensitive]),
            ("NSCollateFinderlike", [.caseInsensitive, .numeric]),
            ("NSCollateNumericallyNoCase", [.caseInsensitive, .numeric]),
        ]
        for (name, options) in collations {
            try connection.createCollation(name) { $0.compare($1, options: options) }
        }
    }
}

/// What a replay has measured so far, by fingerprint.
struct ReplayAccumulator {
    private var runs: [String: [ReplayRun]] = [:]
    private var texts: [String: ReplaySQL] = [:]
    private var fixes: [String: [String: ReplayedFix]] = [:]
    /// Statements not replayed, with the reason.
    var skipped: [String: String] = [:]

    mutating func add(_ run: ReplayRun, of fingerprint: String, sql: ReplaySQL) {
        runs[fingerprint, default: []].append(run)
        texts[fingerprint] = sql
    }

    mutating func add(_ run: ReplayRun, of form: ReplayFixes.Form, to fingerprint: String) {
        var fix =
            fixes[fingerprint]?[form.name]
            ?? ReplayedFix(
                kind: form.kind, name: form.name, description: form.description,
                replaces: form.replaces, runs: [])
        fix.runs.append(run)
        fixes[fingerprint, default: [:]][form.name] = fix
    }

    /// The replayed statement of `fingerprint`, with the exponent of its growth.
    func statement(_ fingerprint: String) -> ReplayedStatement? {
        guard skipped[fingerprint] == nil, let measured = runs[fingerprint],
            let sql = texts[fingerprint]
        else { return nil }
        let fit = ScalingFit(points: measured.map { (Double($0.size), max($0.seconds, 1e-9)) })
        return ReplayedStatement(
            fingerprint: fingerprint, sql: sql.text, valuesFrom: sql.valuesFrom, runs: measured,
            exponent: fit?.exponent,
            fixes: (fixes[fingerprint] ?? [:]).values.sorted { $0.name < $1.name })
    }
}
