/// An Xcode mapping model that exists for a pair of model versions but cannot run
/// here: opening a store made with ``source`` as ``destination`` throws ``problems``
/// rather than inferring the mapping (which would drop what the mapping carries).
public struct MappingModelRefusal: Sendable {
    /// The version the mapping model reads.
    public let source: ManagedObjectModel
    /// The version it writes.
    public let destination: ManagedObjectModel
    /// The mapping model's path.
    public let mappingModel: String
    /// Every part that cannot run.
    public let problems: [MappingModelProblem]

    /// A refusal of `mappingModel` between `source` and `destination`.
    public init(
        source: ManagedObjectModel, destination: ManagedObjectModel, mappingModel: String,
        problems: [MappingModelProblem]
    ) {
        self.source = source
        self.destination = destination
        self.mappingModel = mappingModel
        self.problems = problems
    }

    /// The error opening a store at `path` throws.
    public func error(path: String?) -> MigrationError {
        .mappingModelNotApplicable(path: path, mappingModel: mappingModel, problems: problems)
    }
}
