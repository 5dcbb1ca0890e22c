import BenchKit
import Workloads

/// The suite `bench run --scenarios FILE` runs: the file's scenarios on `schema`'s
/// dataset (the `--model` model's, else `social`), each with the configurations the
/// file lists plus a raw floor.
///
/// Cost: data only; each case generates (first time) and copies the dataset in setup.
public enum ScenarioSuite {
    /// The suite's name: IDs read `scenarios/<name>`.
    public static let name = "scenarios"

    /// The suite of `file` on `schema`'s dataset.
    public static func make(_ file: ScenarioFile, schema: DatasetSchema) -> BenchmarkSuite {
        BenchmarkSuite(
            name: name, summary: "Scenarios of \(file.path) on \(schema.name)", isDefault: false,
            sizes: [10_000],
            scenarios: file.scenarios.map {
                FetchScenario.make($0.name, summary: $0.summary, spec: $0.spec, schema: schema)
            })
    }
}
