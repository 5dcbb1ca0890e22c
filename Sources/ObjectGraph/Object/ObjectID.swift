import Foundation
import Synchronization

/// The identity of a managed object: its entity plus its primary key (`Z_PK`), or a
/// temporary key before its first save.
///
/// One ID names one object instance per context. A temporary ID becomes permanent when
/// the object is saved; the permanent one is stable across launches, in the URI form
/// `x-coredata://<store UUID>/<Entity>/p<Z_PK>` (temporary: `x-coredata:///<Entity>/t<n>`).
///
/// Cost: comparing and hashing read two integers; no strings are involved. Copying one
/// counts no references.
///
/// Related: https://developer.apple.com/documentation/coredata/nsmanagedobjectid
public struct ObjectID: Hashable, Sendable, CustomStringConvertible {
    /// The object's entity, held without a reference count (entities are never freed;
    /// `UncheckedState.swift`, invariant 5): copying an ID retains nothing.
    private let entityReference: EntityReference
    /// The object's entity.
    package var entity: Entity {
        @inline(__always) get { entityReference.entity }
    }
    /// A new instance of the entity's class with this ID, registered nowhere yet: the
    /// entity borrowed, not retained and released around the call.
    @inline(__always)
    func makeObject(context: ManagedObjectContext) -> ManagedObject {
        entityReference.withEntity { $0.makeObject(self, context: context) }
    }
    /// The entity's `Z_ENT`.
    package var entityNumber: Int {
        @inline(__always) get { entityReference.entityNumber }
    }
    /// The key within the entity's table.
    package let key: Key
    /// The UUID of the store the object lives in (all zero for temporary IDs); kept as
    /// a UUID rather than a String so that copying an ID retains nothing.
    private let store: UUID

    /// A primary key or a temporary number.
    package enum Key: Hashable, Sendable {
        /// `Z_PK` in the entity's table.
        case permanent(Int64)
        /// A process-unique number given at insert.
        case temporary(UInt64)
    }

    private static let nextTemporary = Atomic<UInt64>(1)

    /// A permanent ID.
    package init(entity: Entity, primaryKey: Int64, store: UUID) {
        self.entityReference = EntityReference(entity)
        self.key = .permanent(primaryKey)
        self.store = store
    }

    /// A fresh temporary ID.
    package init(temporaryFor entity: Entity) {
        self.entityReference = EntityReference(entity)
        self.key = .temporary(Self.nextTemporary.add(1, ordering: .relaxed).oldValue)
        self.store = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    }

    /// The temporary ID with process-unique number `number` (a child context's row
    /// encodes a to-one to a temporary object as `-number`).
    package init(entity: Entity, temporaryNumber number: UInt64) {
        self.entityReference = EntityReference(entity)
        self.key = .temporary(number)
        self.store = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    }

    /// The UUID string of the store the object lives in; empty for temporary IDs.
    public var storeIdentifier: String {
        isTemporaryID ? "" : store.uuidString
    }

    /// The entity's name.
    public var entityName: String { entity.name }

    /// Whether the object has not been saved yet.
    public var isTemporaryID: Bool {
        if case .temporary = key { return true }
        return false
    }

    /// The `Z_PK`, or nil for a temporary ID.
    public var primaryKey: Int64? {
        if case .permanent(let key) = key { return key }
        return nil
    }

    /// The URI form: `x-coredata://<store>/<Entity>/p<pk>` or `x-coredata:///<Entity>/t<n>`.
    public func uriRepresentation() -> URL {
        switch key {
        case .permanent(let pk):
            return URL(string: "x-coredata://\(storeIdentifier)/\(entity.name)/p\(pk)")!
        case .temporary(let number):
            return URL(string: "x-coredata:///\(entity.name)/t\(number)")!
        }
    }

    /// The URI in angle brackets, as Core Data's logs print an object ID.
    public var description: String { "<\(uriRepresentation().absoluteString)>" }

    public static func == (lhs: ObjectID, rhs: ObjectID) -> Bool {
        lhs.key == rhs.key && lhs.entityNumber == rhs.entityNumber
    }

    public func hash(into hasher: inout Hasher) {
        // One combine: hashing sits on the hot path of every registry and cache lookup.
        switch key {
        case .permanent(let pk): hasher.combine(pk &* 1024 &+ Int64(entityNumber))
        case .temporary(let number): hasher.combine(~(Int64(bitPattern: number) &* 1024))
        }
    }
}
