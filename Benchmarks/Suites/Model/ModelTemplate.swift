import ObjectGraph

/// One scenario `bench run --model` generates from a user's model, before it is bound
/// to a dataset.
///
/// ``ModelTemplatePlan`` makes them; ``ModelSuite`` turns each into a benchmark
/// scenario with a raw floor. Cost: data only.
enum ModelTemplate: Hashable, Sendable {
    /// Every object of the entity, reading each stored attribute: with and without
    /// `fetchBatchSize`.
    case fetch(entity: String)
    /// Every object of the entity and its to-one's destination: faults vs prefetch.
    case toOne(entity: String, relationship: String)
    /// Every object of the entity and its to-many's size: a fault per owner vs
    /// prefetch vs `@count` in one dictionary fetch.
    case toMany(entity: String, relationship: String)
    /// `attribute == value` on the index's leading attribute: indexed vs the same
    /// predicate on a copy without the SQLite index `sqlIndex`.
    case index(entity: String, name: String, attribute: String, sqlIndex: String)
    /// New objects copied from existing rows: per object vs a batch insert request.
    case insert(entity: String)
    /// One of the model's fetch request templates; `variables` maps each `$VARIABLE`
    /// to the key path it is compared with.
    case request(FetchRequestTemplate, variables: [String: String])

    /// The stable scenario name (`fetch-Post`, `to-one-Post.author`, …): baselines key
    /// on it.
    var scenarioName: String {
        switch self {
        case .fetch(let entity): "fetch-\(entity)"
        case .toOne(let entity, let relationship): "to-one-\(entity).\(relationship)"
        case .toMany(let entity, let relationship): "to-many-\(entity).\(relationship)"
        case .index(let entity, let name, _, _): "index-\(entity).\(name)"
        case .insert(let entity): "insert-\(entity)"
        case .request(let template, _): "request-\(ScenarioName.safe(template.name))"
        }
    }

    /// One line for listings and reports.
    var summary: String {
        switch self {
        case .fetch(let entity): "Every \(entity) with its stored attributes"
        case .toOne(let entity, let relationship):
            "Every \(entity) and its \(relationship) (to-one)"
        case .toMany(let entity, let relationship):
            "How many \(relationship) each \(entity) has (to-many)"
        case .index(let entity, _, let attribute, let sqlIndex):
            "\(entity) by \(attribute) == the middle row's value, with and without \(sqlIndex)"
        case .insert(let entity): "Inserts size/10 new \(entity) objects copied from existing rows"
        case .request(let template, _):
            "Fetch request template \(template.name): \(template.entity) where "
                + (template.predicateFormat ?? "TRUEPREDICATE")
        }
    }
}

/// Scenario names from user text: letters, digits, `.`, `_` and `-`, others as `_`.
enum ScenarioName {
    /// `text` with every other character replaced by `_`.
    static func safe(_ text: String) -> String {
        String(
            text.map { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) ? $0 : "_" }
        )
    }
}
