import Workloads

/// The lines `bench list --model` prints: the dataset planned for a user's model.
enum ModelPlanReport {
    /// The schema name, the primary entity, each entity's rows and columns, the
    /// many-to-many links, and what was left out.
    ///
    /// - Throws: ``DatasetError`` when the plan does not fit the model.
    static func lines(_ dataset: ModelDataset, size: Int) throws -> [String] {
        let layout = try DatasetLayout(schema: dataset.schema, size: size)
        var lines = [
            "model dataset \(dataset.schema.name) at size \(size) "
                + "(size = rows of \(dataset.primaryEntity))"
        ]
        for entity in layout.entities.sorted(by: { $0.name < $1.name }) {
            lines.append("  \(entity.name): \(entity.count) rows")
            for column in entity.columns { lines.append("    \(column.name): \(column.recipe)") }
            for link in entity.toOnes {
                lines.append("    \(link.name) -> \(link.destination): \(link.recipe)")
            }
        }
        for link in layout.links {
            lines.append(
                "  \(link.entity).\(link.relationship) <-> \(link.destination): "
                    + "\(link.perRow.lowerBound)-\(link.perRow.upperBound) links per row, "
                    + (link.skew == nil ? "uniform" : "Zipf"))
        }
        return lines + dataset.warnings.map { "  " + $0 }
    }
}
