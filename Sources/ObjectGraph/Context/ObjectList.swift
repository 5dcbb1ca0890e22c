/// Managed objects in the order they were added, without duplicates: the inserted,
/// updated and deleted lists of a context, kept ordered so that saves write rows in a
/// deterministic order.
///
/// Membership is a bit on the object itself (``ManagedObject/listMembership``), so
/// adding an object costs an array append and no hashing.
struct ObjectList {
    private(set) var objects: [ManagedObject] = []
    private let bit: UInt8

    /// An empty list that marks its members with `bit`.
    init(bit: UInt8) {
        self.bit = bit
    }

    var isEmpty: Bool { objects.isEmpty }

    func contains(_ object: ManagedObject) -> Bool {
        object.listMembership & bit != 0
    }

    mutating func append(_ object: ManagedObject) {
        guard !contains(object) else { return }
        object.listMembership |= bit
        objects.append(object)
    }

    mutating func remove(_ object: ManagedObject) {
        guard contains(object) else { return }
        object.listMembership &= ~bit
        objects.removeAll { $0 === object }
    }

    mutating func removeAll() {
        for object in objects { object.listMembership &= ~bit }
        objects = []
    }
}
