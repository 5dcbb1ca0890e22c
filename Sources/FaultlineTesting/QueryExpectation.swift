import CoreDataLog
import Foundation
import Testing

/// Assertions about the statements of a block or a log, chained; each failing one
/// records a Swift Testing issue at the caller's line (an `XCTestCase`'s failure, when
/// made by its `expectQueries(in:_:)`), naming the statements,
/// their counts and their plans, and the chain goes on (like `#expect`, not
/// `#require`).
///
/// ```swift
/// try await expectQueries(in: container) { try context.fetch(request) }
///     .statements(2).noRepeatedStatement().noFullScan()
///     .columnsRead(of: "Post", ["title"]).usesIndex("ZPOST_ZAUTHOR_INDEX")
/// ```
///
/// Cost: each assertion is one pass over the statements.
///
/// ## Topics
/// - ``statements(_:of:sourceLocation:)``
/// - ``statements(atMost:of:sourceLocation:)``
/// - ``noRepeatedStatement(_:sourceLocation:)``
/// - ``noFullScan(sourceLocation:)``
/// - ``columnsRead(of:_:sourceLocation:)``
/// - ``usesIndex(_:sourceLocation:)``
/// - ``matchesSnapshot(_:record:filePath:function:sourceLocation:)``
public struct QueryExpectation: Sendable {
    /// The statements judged.
    public let log: QueryLog
    /// Where failures go: Swift Testing's issues, or an XCTest case.
    let reporter: FailureReporter

    /// Assertions over `log` (a log captured from Core Data, statements of your own).
    public init(_ log: QueryLog) {
        self.init(log, reporter: .swiftTesting)
    }

    init(_ log: QueryLog, reporter: FailureReporter) {
        self.log = log
        self.reporter = reporter
    }

    /// The statements judged, in order.
    public var statements: [QueryStatement] { log.statements }

    /// Records `check`'s failure, if any, as an issue at `sourceLocation`.
    @discardableResult
    public func expect(_ check: QueryCheck, sourceLocation: SourceLocation = #_sourceLocation)
        -> QueryExpectation
    {
        if let failure = check.failure(in: log) {
            reporter.record(failure, at: sourceLocation)
        }
        return self
    }

    /// The block's statement shapes (fingerprints, how often each ran, their plans)
    /// match the snapshot recorded beside the test:
    /// `__QuerySnapshots__/<test file>.<test>[.<name>].json` in the directory of
    /// `filePath`. With `FAULTLINE_RECORD_SNAPSHOTS=1` in the environment (or
    /// `record: true`) the snapshot is written instead (temporary file, then rename),
    /// and with `FAULTLINE_RECORD_SNAPSHOTS=missing` only when there is none.
    ///
    /// A missing snapshot fails, saying how to record it; so does one this run wrote
    /// while `CI` is `true`, so CI never passes on a snapshot it made. A difference
    /// fails with the fingerprint and plan diff the lab's gates print:
    ///
    /// ```
    /// + SELECT t0.Z_PK, t0.ZTITLE FROM ZPOST t0 WHERE t0.Z_PK = ? ×20 (appeared)
    /// ~ plan of SELECT … FROM ZPOST t0 WHERE t0.ZAUTHOR = ?:
    ///     - SEARCH t0 USING INDEX ZPOST_ZAUTHOR_INDEX (ZAUTHOR=?)
    ///     + SCAN t0
    /// ```
    ///
    /// - Parameters:
    ///   - name: Tells several snapshots of one test apart.
    ///   - record: Records (true) or compares (false) whatever the environment says.
    ///   - filePath: The test's file; the snapshot lives beside it (leave the default).
    ///   - function: The test's name, part of the snapshot's file name (leave the
    ///     default).
    ///   - sourceLocation: Where a failure is reported (leave the default).
    /// - Returns: This expectation, for more rules.
    @discardableResult
    public func matchesSnapshot(
        _ name: String? = nil, record: Bool? = nil, filePath: String = #filePath,
        function: String = #function, sourceLocation: SourceLocation = #_sourceLocation
    ) -> QueryExpectation {
        let check = SnapshotCheck(
            filePath: filePath, function: function, name: name, record: record,
            environment: ProcessInfo.processInfo.environment)
        return matchesSnapshot(check, sourceLocation: sourceLocation)
    }

    /// ``matchesSnapshot(_:record:filePath:function:sourceLocation:)`` with the place
    /// and mode decided.
    func matchesSnapshot(_ check: SnapshotCheck, sourceLocation: SourceLocation)
        -> QueryExpectation
    {
        if let failure = check.failure(for: QuerySnapshot(log), log: log) {
            reporter.record(failure, at: sourceLocation)
        }
        return self
    }

    /// Exactly `count` statements ran (only those of `kind`, when given): Django's
    /// `assertNumQueries`. Transaction control is never counted.
    @discardableResult
    public func statements(
        _ count: Int, of kind: StatementKind? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> QueryExpectation {
        expect(.statements(count, kind: kind), sourceLocation: sourceLocation)
    }

    /// At most `count` statements ran (of `kind`, when given).
    @discardableResult
    public func statements(
        atMost count: Int, of kind: StatementKind? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> QueryExpectation {
        expect(.atMostStatements(count, kind: kind), sourceLocation: sourceLocation)
    }

    /// No SELECT (or no statement of `kind`; any when nil) ran twice with the same
    /// fingerprint: a fault or relationship read per object (N+1) fails it. A save of
    /// several objects repeats its INSERT, so pass `nil` only for reads-only blocks.
    @discardableResult
    public func noRepeatedStatement(
        _ kind: StatementKind? = .select, sourceLocation: SourceLocation = #_sourceLocation
    ) -> QueryExpectation {
        expect(.noRepeatedStatement(kind: kind), sourceLocation: sourceLocation)
    }

    /// No SELECT's plan reads a whole table. Fails, saying so, when no plan is known
    /// (a log below SQLDebug level 4) rather than passing on nothing.
    @discardableResult
    public func noFullScan(sourceLocation: SourceLocation = #_sourceLocation)
        -> QueryExpectation
    {
        expect(.noFullScan, sourceLocation: sourceLocation)
    }

    /// The SELECTs on `entity`'s table read exactly the columns of `properties`
    /// (attributes, to-one relationships), besides `Z_PK`, `Z_ENT` and `Z_OPT`: a
    /// `propertiesToFetch` that is ignored, or a new column read, fails it.
    @discardableResult
    public func columnsRead(
        of entity: String, _ properties: [String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> QueryExpectation {
        expect(.columnsRead(entity: entity, properties: properties), sourceLocation: sourceLocation)
    }

    /// Some statement's plan uses the index `name` (`ZPOST_ZAUTHOR_INDEX`, Core Data's
    /// `Z<ENTITY>_Z<ATTRIBUTE>_INDEX`, or a fetch index's name).
    @discardableResult
    public func usesIndex(_ name: String, sourceLocation: SourceLocation = #_sourceLocation)
        -> QueryExpectation
    {
        expect(.usesIndex(name), sourceLocation: sourceLocation)
    }
}
