/// A fetch request stored in a model: an entity and a predicate in NSPredicate format
/// whose `$VARIABLE`s are substituted when it is used.
///
/// ```swift
/// FetchRequestTemplate(name: "byParentName", entity: "Child",
///                      predicateFormat: "parent.parentName == $parentName")
/// ```
///
/// Related: https://developer.apple.com/documentation/coredata/nsmanagedobjectmodel/fetchrequesttemplate(forname:)
public struct FetchRequestTemplate: Hashable, Sendable {
    /// The template's name, unique in its model.
    public var name: String
    /// The entity it fetches.
    public var entity: String
    /// The predicate in NSPredicate format, nil to fetch every object.
    public var predicateFormat: String?
    /// Other request settings as written (`fetchLimit`, `fetchBatchSize`,
    /// `returnObjectsAsFaults`…), keyed by their XML names.
    public var options: [String: String]

    /// Describes a fetch request template.
    public init(
        name: String, entity: String, predicateFormat: String? = nil,
        options: [String: String] = [:]
    ) {
        self.name = name
        self.entity = entity
        self.predicateFormat = predicateFormat
        self.options = options
    }

    /// The `$VARIABLE` names in the predicate, in order of first use.
    public var variableNames: [String] {
        guard let format = predicateFormat else { return [] }
        var names: [String] = []
        var scalars = format.unicodeScalars[...]
        while let dollar = scalars.firstIndex(of: "$") {
            let rest = scalars[scalars.index(after: dollar)...]
            let name = String(String.UnicodeScalarView(rest.prefix { Self.isNameScalar($0) }))
            if !name.isEmpty, !names.contains(name) { names.append(name) }
            scalars = rest
        }
        return names
    }

    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
    }
}
