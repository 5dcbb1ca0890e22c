import CoreDataLog
import Testing

/// Assertions about the statements of a block or a log, chained; each failing one
/// records a Swift Testing issue at the caller's line, naming the statements, their
/// counts and their plans, and the chain goes on (like `#expect`, not `#require`).
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
public struct QueryExpectation: Sendable {
    /// The statements judged.
    public let log: QueryLog

    /// Assertions over `log` (a log captured from Core Data, statements of your own).
    public init(_ log: QueryLog) {
        self.log = log
    }

    /// The statements judged, in order.
    public var statements: [QueryStatement] { log.statements }

    /// Records `check`'s failure, if any, as an issue at `sourceLocation`.
    @discardableResult
    public func expect(_ check: QueryCheck, sourceLocation: SourceLocation = #_sourceLocation)
        -> QueryExpectation
    {
        if let failure = check.failure(in: log) {
            Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
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
