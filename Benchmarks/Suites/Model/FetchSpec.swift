import BenchKit
import Foundation
import ObjectGraph

/// A fetch to compare under several configurations: what `bench run --model` makes of
/// each entity, index and fetch request template, and what a `--scenarios` file
/// describes.
///
/// The predicate is a format with positional arguments and `$VARIABLE`s; a variable
/// gets the value its key path has on the entity's middle row (looked up in setup,
/// untimed, the same for every configuration). Every configuration reads the same
/// ``read`` attributes of each result; the checksum holds what all of them can see
/// (``ChecksumContent``). Cost: data only.
struct FetchSpec: Sendable {
    /// The entity fetched.
    var entity: String
    /// The predicate format, nil for every object.
    var predicate: String?
    /// Positional arguments of the format (`%@`, `%d`, …).
    var arguments: [ScenarioValue] = []
    /// `$VARIABLE` name to the key path whose middle-row value it takes.
    var variables: [String: String] = [:]
    /// Sort keys.
    var sort: [SortKey] = []
    /// `fetchLimit`, 0 for none.
    var limit = 0
    /// The attributes read from each result.
    var read: [String]
    /// The configurations compared, the reference first; a raw floor is appended by
    /// ``FetchScenario``.
    var configurations: [FetchConfiguration]
}

/// One way of running a ``FetchSpec``.
struct FetchConfiguration: Sendable, Hashable {
    /// The stable configuration name.
    var name: String
    /// One line for listings.
    var summary: String
    /// `fetchBatchSize`.
    var batchSize = 0
    /// `relationshipKeyPathsForPrefetching`.
    var prefetch: [String] = []
    /// `propertiesToFetch` (dictionaries: default ``FetchSpec/read``).
    var propertiesToFetch: [String]?
    /// The result type.
    var resultType: FetchResultType = .managedObject
    /// The SQLite index this configuration drops from its private copy before running
    /// (the `unindexed` side of an index scenario).
    var dropsIndex: String?
    /// Whether this is the raw floor: the engine's own ID query, captured in setup,
    /// joined to the table by hand.
    var isRaw = false

    /// The harness's view of it.
    var benchmarkConfiguration: BenchmarkConfiguration {
        BenchmarkConfiguration(name, summary: summary, kind: isRaw ? .raw : .subject)
    }

    /// The raw floor of a spec.
    static let raw = FetchConfiguration(
        name: "raw", summary: "the engine's ID query joined to the table, by hand",
        isRaw: true)
}

/// What a fetch scenario's checksum covers: the parts every configuration returns.
/// Objects give keys and values, object IDs only keys, dictionaries only values, a
/// count neither; the row count is always in.
struct ChecksumContent: Hashable, Sendable {
    /// Whether primary keys are folded in.
    var keys: Bool
    /// Whether the read attributes' values are folded in.
    var values: Bool

    /// Content with these parts.
    init(keys: Bool, values: Bool) {
        self.keys = keys
        self.values = values
    }

    /// What all of `configurations` can provide.
    init(_ configurations: [FetchConfiguration]) {
        keys = configurations.allSatisfy {
            [.managedObject, .managedObjectID].contains($0.resultType) || $0.isRaw
        }
        values = configurations.allSatisfy {
            [.managedObject, .dictionary].contains($0.resultType) || $0.isRaw
        }
    }
}

/// A value in a scenario: a predicate argument, or a variable's value.
enum ScenarioValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case integer(Int64)
    case double(Double)
    case string(String)
    case date(Date)

    /// The Swift value a ``FetchPredicate`` takes.
    var argument: Any? {
        switch self {
        case .null: nil
        case .bool(let value): value
        case .integer(let value): value
        case .double(let value): value
        case .string(let value): value
        case .date(let value): value
        }
    }
}
