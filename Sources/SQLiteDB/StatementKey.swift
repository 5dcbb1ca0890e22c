import Synchronization

/// A process-unique name for one statement text, which the statement cache can look up
/// without hashing the text.
///
/// Made once by a caller that keeps a statement's text and binds it again and again (the
/// engine's kept fetch SELECTs); an ``SQL`` value built from that text carries it
/// (``SQL/init(text:arguments:statementKey:)``). A key names the text it was made with
/// and no other: appending to the ``SQL`` value drops the key. Never reused, so a key of
/// a text no longer kept can never find another text's statement.
///
/// Cost: one atomic increment to make; as a dictionary key, one integer hashed.
package struct StatementKey: Hashable, Sendable {
    let value: Int

    private static let next = Atomic<Int>(1)

    /// A key no other call returns.
    package static func make() -> StatementKey {
        StatementKey(value: next.wrappingAdd(1, ordering: .relaxed).oldValue)
    }
}
