/// Managed objects in the order they were added, without duplicates: the inserted,
/// updated and deleted lists of a context, kept ordered so that saves write rows in a
/// deterministic order.
struct ObjectList {
    private(set) var objects: [ManagedObject] = []
    private var members: Set<ObjectIdentifier> = []

    var isEmpty: Bool { objects.isEmpty }

    func contains(_ object: ManagedObject) -> Bool {
        members.contains(ObjectIdentifier(object))
    }

    mutating func append(_ object: ManagedObject) {
        if members.insert(ObjectIdentifier(object)).inserted { objects.append(object) }
    }

    mutating func remove(_ object: ManagedObject) {
        guard members.remove(ObjectIdentifier(object)) != nil else { return }
        objects.removeAll { $0 === object }
    }

    mutating func removeAll() {
        objects = []
        members = []
    }
}
