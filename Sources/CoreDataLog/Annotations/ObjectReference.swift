/// An object ID as a log prints it: `0xd000000000100002 <x-coredata://…/Country/p4>`.
///
/// The entity name and primary key come from the URI's last two path components;
/// a temporary ID (`…/Item/t1F2…`) has no key. Cost: a few substring searches.
public struct ObjectReference: Hashable, Sendable, Codable {
    /// The entity, exactly as the URI spells it (`Country`).
    public let entity: String
    /// The row's `Z_PK`, nil for a temporary ID.
    public let primaryKey: Int64?

    /// A reference.
    public init(entity: String, primaryKey: Int64?) {
        self.entity = entity
        self.primaryKey = primaryKey
    }

    /// The first `x-coredata:` URI in `text`, or nil when there is none (or it was cut
    /// before its entity).
    public init?(in text: Substring) {
        guard let scheme = text.range(of: "x-coredata:") else { return nil }
        let uri = text[scheme.upperBound...].prefix { $0 != ">" && $0 != " " && $0 != ";" }
        let parts = uri.split(separator: "/")
        guard parts.count >= 2, let last = parts.last else { return nil }
        let entity = parts[parts.count - 2]
        guard !entity.isEmpty, !entity.contains("…"), !entity.contains("...") else { return nil }
        self.entity = String(entity)
        primaryKey = last.first == "p" ? Int64(last.dropFirst()) : nil
    }
}
