/// The versions of a model bundle that loaded, and why the others did not.
///
/// ```swift
/// let versions = try XcodeModelBundle(at: url).loadAllVersions()
/// description.sourceModels = versions.models
/// for error in versions.refused { print("skipped: \(error)") }
/// ```
public struct XcodeModelVersions: Sendable {
    /// One version that loaded.
    public struct Version: Sendable {
        /// The version's name (its directory without `.xcdatamodel`).
        public let name: String
        /// Its engine model, checked.
        public let model: ManagedObjectModel

        /// A version called `name` whose model is `model`.
        public init(name: String, model: ManagedObjectModel) {
            self.name = name
            self.model = model
        }
    }

    /// The versions that loaded, in the bundle's order.
    public let versions: [Version]
    /// One error per version that did not load; each names the version's file.
    public let refused: [XcodeModelError]

    /// Versions loaded some other way (with the app's own value transformers, say).
    public init(versions: [Version], refused: [XcodeModelError] = []) {
        self.versions = versions
        self.refused = refused
    }

    /// The models of the versions that loaded, in order.
    public var models: [ManagedObjectModel] { versions.map(\.model) }

    /// The model of the version called `name`, if it loaded.
    public func model(named name: String) -> ManagedObjectModel? {
        versions.first { $0.name == name }?.model
    }
}
