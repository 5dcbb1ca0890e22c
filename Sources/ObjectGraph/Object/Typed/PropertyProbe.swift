import SQLiteDB

/// Finds which `@Attribute` or `@Relationship` property a Swift key path names, with
/// no model and no store: Swift key paths carry no property names on Linux.
///
/// A probe instance of the class is made (never registered anywhere); reading a key
/// path on it runs the wrappers' accessors, which record their property instead of
/// reading a store. A wrapper finds its own name by marking its storage through the
/// storage key path and looking for the mark among the instance's `Mirror` children
/// (labelled `_name`).
///
/// Cost: one instance and one `Mirror` walk per resolution; callers cache the result
/// (``TypedPropertyTable``, ``SortKey``), so this runs once per class and property.
/// Public only because ``RelationshipValue`` hands probes on; it has no public API and
/// is hidden from the documentation.
@_documentation(visibility: internal)
public final class PropertyProbe {
    /// The entity probe instances claim: they belong to no model.
    static let entity = Entity(
        name: "", id: 0, parentID: nil, rootID: 0, isAbstract: true, descendantIDs: 0...0,
        table: SQLName("Z"), attributes: [], relationships: [], versionHash: VersionHash(""))

    /// The properties read so far, in order (`\Post.author?.name`: author, name).
    private(set) var names: [String] = []

    /// Notes that the wrapper behind `storage` was read on a probe of `Object`.
    func record<Object: ManagedObject, Wrapper: ManagedPropertyWrapper>(
        _ storage: ReferenceWritableKeyPath<Object, Wrapper>
    ) {
        names.append(Self.name(of: storage) ?? "?")
    }

    /// The property names `keyPath` reads from a `Root`, in order; empty when it reads
    /// no typed property (a computed property, say).
    static func names<Root: ManagedObject, Value>(of keyPath: KeyPath<Root, Value>) -> [String] {
        let probe = PropertyProbe()
        let root = Root(ObjectCreation(probe: probe))
        _ = root[keyPath: keyPath]
        return probe.names
    }

    /// The property names an untyped key path reads from an instance of `rootType`, in
    /// order; empty when it reads no typed property. For layers that receive key paths
    /// as `PartialKeyPath` or `AnyKeyPath` (Foundation's `SortDescriptor`, the key paths
    /// of a `#Predicate`), where the root type is known only at run time.
    ///
    /// Cost: one probe instance and one `Mirror` walk per wrapper read; cache the result.
    package static func names(of keyPath: AnyKeyPath, rootType: ManagedObject.Type) -> [String] {
        let probe = PropertyProbe()
        let root = rootType.init(ObjectCreation(probe: probe))
        _ = root[keyPath: keyPath]
        return probe.names
    }

    /// The name of the property whose wrapper storage `storage` points at.
    static func name<Object: ManagedObject, Wrapper: ManagedPropertyWrapper>(
        of storage: ReferenceWritableKeyPath<Object, Wrapper>
    ) -> String? {
        let probe = PropertyProbe()
        let instance = withExtendedLifetime(probe) { Object(ObjectCreation(probe: probe)) }
        instance[keyPath: storage].slot = TypedSlot.marker
        return wrappers(of: instance).first { $0.wrapper.slot == TypedSlot.marker }?.name
    }

    /// Every typed property of `object`'s class and its superclasses: name and wrapper.
    static func wrappers(of object: ManagedObject) -> [(
        name: String, wrapper: any ManagedPropertyWrapper
    )] {
        var found: [(name: String, wrapper: any ManagedPropertyWrapper)] = []
        var mirror: Mirror? = Mirror(reflecting: object)
        while let current = mirror {
            for child in current.children {
                guard let wrapper = child.value as? any ManagedPropertyWrapper,
                    let label = child.label, label.hasPrefix("_")
                else { continue }
                found.append((String(label.dropFirst()), wrapper))
            }
            mirror = current.superclassMirror
        }
        return found
    }
}
