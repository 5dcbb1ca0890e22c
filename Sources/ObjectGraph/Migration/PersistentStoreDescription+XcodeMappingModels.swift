extension PersistentStoreDescription {
    /// Adds an app's Xcode mapping models: each one whose two versions are among
    /// `versions` becomes a ``mappingModels`` entry when the engine can run it, and a
    /// ``refusedMappingModels`` entry otherwise, so that a store needing that step is
    /// never migrated by inference instead. Mapping models of another bundle, or whose
    /// versions did not load, are left out and returned, one line each.
    ///
    /// ```swift
    /// let bundleURL = URL(fileURLWithPath: "Model/App.xcdatamodeld")
    /// let versions = try XcodeModelBundle(at: bundleURL).loadAllVersions()
    /// let found = XcodeMappingModel.find(in: bundleURL.deletingLastPathComponent())
    /// description.sourceModels = versions.models
    /// let skipped = description.addMappingModels(
    ///     try found.map { try XcodeMappingModel(at: $0) }, versions: versions)
    /// ```
    ///
    /// Cost: one translation per mapping model (``XcodeMappingModel/mappingModel(from:to:)``).
    ///
    /// - Parameters:
    ///   - mappings: The mapping models read.
    ///   - versions: The model bundle's versions that loaded.
    /// - Returns: Why each mapping model left out was left out.
    @discardableResult
    public mutating func addMappingModels(
        _ mappings: [XcodeMappingModel], versions: XcodeModelVersions
    ) -> [String] {
        var leftOut: [String] = []
        for xcode in mappings {
            guard let sourceName = xcode.sourceVersionName,
                let destinationName = xcode.destinationVersionName,
                let source = versions.model(named: sourceName),
                let destination = versions.model(named: destinationName)
            else {
                leftOut.append(
                    "\(xcode.path): maps \(xcode.sourceVersionName ?? "?") to "
                        + "\(xcode.destinationVersionName ?? "?"), not two loaded versions of "
                        + "this model")
                continue
            }
            do {
                mappingModels.append(try xcode.mappingModel(from: source, to: destination))
            } catch .mappingModelNotApplicable(_, let file, let problems) {
                refusedMappingModels.append(
                    MappingModelRefusal(
                        source: source, destination: destination, mappingModel: file,
                        problems: problems))
            } catch {
                leftOut.append("\(xcode.path): \(error)")
            }
        }
        return leftOut
    }
}
