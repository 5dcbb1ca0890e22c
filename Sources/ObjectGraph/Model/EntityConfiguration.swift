/// A named subset of a model's entities, used to place them in different stores (a
/// "configuration" of an Xcode model file; SwiftData's `ModelConfiguration` is another
/// thing, in ObjectGraphData).
///
/// Every model also has the implicit `Default` configuration holding every entity; it
/// is never written in a model file.
///
/// Related: https://developer.apple.com/documentation/coredata/nsmanagedobjectmodel/entities(forconfigurationname:)
public struct EntityConfiguration: Hashable, Sendable {
    /// The configuration's name.
    public var name: String
    /// The names of its entities.
    public var entities: [String]
    /// Whether the configuration syncs with CloudKit.
    public var isUsedWithCloudKit: Bool

    /// Describes a configuration.
    public init(name: String, entities: [String], isUsedWithCloudKit: Bool = false) {
        self.name = name
        self.entities = entities
        self.isUsedWithCloudKit = isUsedWithCloudKit
    }
}
