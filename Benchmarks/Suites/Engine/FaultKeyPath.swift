import ObjectGraph

/// The key path from a fetched entity to the objects a fault filled, in the model's
/// spelling: what `relationshipKeyPathsForPrefetching` on the request that fetched
/// them must name for the fault to go away.
///
/// Searches to-one relationships (inherited ones included) breadth first, at most
/// ``maximumDepth`` steps, for a destination that is the faulted entity or one of its
/// ancestors; when no to-one path exists, to-manys too (prefetching `posts` loads the
/// rows of the `Post` objects a user's posts fault on); for a to-many fault, the path
/// to its owner then the to-many's name.
/// Only a unique shortest path is named: when two relationships lead there, which one
/// the app walked is unknown, and a wrong name would throw when pasted. Cost: a walk
/// of the model's relationships per fault group, a few entities deep.
struct FaultKeyPath {
    /// How many to-one steps the search follows.
    static let maximumDepth = 2

    private let entities: [String: EntityDescription]

    /// A resolver over `model`'s entities.
    init(model: ManagedObjectModel) {
        entities = Dictionary(model.entities.map { ($0.name, $0) }) { first, _ in first }
    }

    /// The key path from `fetched` that reaches objects of `faulted`, nil when none or
    /// more than one is shortest; empty when `fetched` is `faulted` (or one of its
    /// ancestors or descendants).
    func keyPath(from fetched: String, to faulted: String) -> String? {
        if isSame(fetched, faulted) { return "" }
        switch search(from: fetched, to: faulted, toMany: false) {
        case .found(let path): return path
        case .ambiguous: return nil
        case .none: break
        }
        if case .found(let path) = search(from: fetched, to: faulted, toMany: true) {
            return path
        }
        return nil
    }

    private enum Search {
        case found(String), ambiguous, none
    }

    /// The unique shortest path, following to-manys too when `toMany`.
    private func search(from fetched: String, to faulted: String, toMany: Bool) -> Search {
        var frontier = [(entity: fetched, path: "")]
        for _ in 0..<Self.maximumDepth {
            var next: [(entity: String, path: String)] = []
            for (entity, path) in frontier {
                for relationship in relationships(of: entity)
                where toMany || !relationship.isToMany {
                    let step = path.isEmpty ? relationship.name : path + "." + relationship.name
                    next.append((relationship.destination, step))
                }
            }
            let hits = Set(next.filter { isAncestor($0.entity, of: faulted) }.map(\.path))
            if hits.count == 1, let path = hits.first { return .found(path) }
            if hits.count > 1 { return .ambiguous }
            frontier = next
        }
        return .none
    }

    /// The key path from `fetched` to the to-many `relationship` of `owner`:
    /// `relationship` itself when the fetch was of the owners.
    func toMany(from fetched: String, owner: String, relationship: String) -> String? {
        guard let path = keyPath(from: fetched, to: owner) else { return nil }
        return path.isEmpty ? relationship : path + "." + relationship
    }

    /// The entity's relationships, its ancestors' included.
    private func relationships(of name: String) -> [RelationshipDescription] {
        var result: [RelationshipDescription] = []
        var current = entities[name]
        var seen = Set<String>()
        while let entity = current, seen.insert(entity.name).inserted {
            result += entity.relationships
            current = entity.parent.flatMap { entities[$0] }
        }
        return result
    }

    /// Whether `ancestor` is `name` or one of its parents.
    private func isAncestor(_ ancestor: String, of name: String) -> Bool {
        var current: String? = name
        var seen = Set<String>()
        while let entity = current, seen.insert(entity).inserted {
            if entity == ancestor { return true }
            current = entities[entity]?.parent
        }
        return false
    }

    private func isSame(_ first: String, _ second: String) -> Bool {
        isAncestor(first, of: second) || isAncestor(second, of: first)
    }
}
