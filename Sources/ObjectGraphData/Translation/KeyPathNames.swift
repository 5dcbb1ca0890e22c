import Foundation
import ObjectGraph

/// The property names of Swift key paths over model classes, found once per process
/// with ObjectGraph's property probe and kept.
///
/// Cost: the first resolution of a key path makes one probe instance and walks its
/// `Mirror`; later ones are one locked dictionary lookup.
enum KeyPathNames {
    /// The names found so far. Key paths are not `Sendable`, so the dictionary cannot
    /// live in a `Mutex`; it is read and written only under `lock`.
    private final class Cache: @unchecked Sendable {
        let lock = NSLock()
        var names: [AnyKeyPath: [String]] = [:]
    }

    private static let cache = Cache()

    /// The names `keyPath` reads on a `rootType` (`\Post.author?.name`: author, name);
    /// empty when it reads no `@Attribute` or `@Relationship`.
    static func names(of keyPath: AnyKeyPath, rootType: ManagedObject.Type) -> [String] {
        if let found = cache.lock.withLock({ cache.names[keyPath] }) { return found }
        let names = PropertyProbe.names(of: keyPath, rootType: rootType)
        cache.lock.withLock { cache.names[keyPath] = names }
        return names
    }

    /// The dotted name of a key path whose root type is a model class, for sort
    /// descriptors and prefetching.
    ///
    /// Stops the program for a key path that reads no stored property, as
    /// ``SortKey/init(_:ascending:)`` does: that is a programming error.
    static func dotted<Model: ManagedObject>(_ keyPath: PartialKeyPath<Model>) -> String {
        let names = names(of: keyPath, rootType: Model.self)
        precondition(
            !names.isEmpty, "\(keyPath): the key path reads no @Attribute or @Relationship property"
        )
        return names.joined(separator: ".")
    }

    /// Whether `type` is a to-many relationship's collection (`Set<Tag>`, `[Song]`).
    static func isObjectCollection(_ type: Any.Type) -> Bool {
        guard let sequence = type as? any Sequence.Type else { return false }
        return elementIsObject(sequence)
    }

    private static func elementIsObject<S: Sequence>(_: S.Type) -> Bool {
        S.Element.self is ManagedObject.Type
    }
}
