/// A fetched property: a named fetch evaluated for each object, never stored.
///
/// Related: https://developer.apple.com/documentation/coredata/nsfetchedpropertydescription
public struct FetchedPropertyDescription: Hashable, Sendable {
    /// The property's name.
    public var name: String
    /// The fetch it runs.
    public var fetchRequest: FetchRequestTemplate
    /// Application data kept with the model; the engine does not read it.
    public var userInfo: [String: String]

    /// Describes a fetched property.
    public init(
        name: String, fetchRequest: FetchRequestTemplate, userInfo: [String: String] = [:]
    ) {
        self.name = name
        self.fetchRequest = fetchRequest
        self.userInfo = userInfo
    }
}
