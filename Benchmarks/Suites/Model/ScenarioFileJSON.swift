import Foundation

/// The JSON of a `bench run --scenarios` file, as written: decoded strictly (an
/// unknown key is an error at its JSON path, so a typo never silently changes what
/// runs). ``ScenarioFile`` checks it against the model.
///
/// ```json
/// {"scenarios": [{"name": "recent-titles", "entity": "Post",
///   "predicate": "likes > %@ AND author.name BEGINSWITH %@", "arguments": [10, "a"],
///   "sort": [{"key": "createdAt", "ascending": false}], "limit": 100, "read": ["title"],
///   "configurations": [{"name": "objects"}, {"name": "batch-20", "batchSize": 20},
///     {"name": "prefetch", "prefetch": ["author"]},
///     {"name": "dictionaries", "resultType": "dictionaries", "propertiesToFetch": ["title"]}]}]}
/// ```
struct ScenarioFileJSON: Decodable {
    let scenarios: [Scenario]

    /// One scenario.
    struct Scenario: Decodable {
        let name: String
        let entity: String
        let predicate: String?
        let arguments: [Argument]?
        let sort: [Sort]?
        let limit: Int?
        let read: [String]?
        let configurations: [Configuration]

        init(from decoder: any Decoder) throws {
            let keys = try StrictKeys(
                decoder,
                allowed: [
                    "name", "entity", "predicate", "arguments", "sort", "limit", "read",
                    "configurations",
                ])
            name = try keys.container.decode(String.self, forKey: .init("name"))
            entity = try keys.container.decode(String.self, forKey: .init("entity"))
            predicate = try keys.container.decodeIfPresent(String.self, forKey: .init("predicate"))
            arguments = try keys.container.decodeIfPresent(
                [Argument].self, forKey: .init("arguments"))
            sort = try keys.container.decodeIfPresent([Sort].self, forKey: .init("sort"))
            limit = try keys.container.decodeIfPresent(Int.self, forKey: .init("limit"))
            read = try keys.container.decodeIfPresent([String].self, forKey: .init("read"))
            configurations = try keys.container.decode(
                [Configuration].self, forKey: .init("configurations"))
        }
    }

    /// A sort key: `{"key": "createdAt", "ascending": false}`.
    struct Sort: Decodable {
        let key: String
        let ascending: Bool

        init(from decoder: any Decoder) throws {
            let keys = try StrictKeys(decoder, allowed: ["key", "ascending"])
            key = try keys.container.decode(String.self, forKey: .init("key"))
            ascending =
                try keys.container.decodeIfPresent(Bool.self, forKey: .init("ascending")) ?? true
        }
    }

    /// A configuration to compare.
    struct Configuration: Decodable {
        let name: String
        let batchSize: Int?
        let prefetch: [String]?
        let propertiesToFetch: [String]?
        let resultType: String?

        init(from decoder: any Decoder) throws {
            let keys = try StrictKeys(
                decoder,
                allowed: ["name", "batchSize", "prefetch", "propertiesToFetch", "resultType"])
            name = try keys.container.decode(String.self, forKey: .init("name"))
            batchSize = try keys.container.decodeIfPresent(Int.self, forKey: .init("batchSize"))
            prefetch = try keys.container.decodeIfPresent([String].self, forKey: .init("prefetch"))
            propertiesToFetch = try keys.container.decodeIfPresent(
                [String].self, forKey: .init("propertiesToFetch"))
            resultType = try keys.container.decodeIfPresent(
                String.self, forKey: .init("resultType"))
        }
    }

    /// A predicate argument: `null`, a boolean, a number, a string, or
    /// `{"date": "2024-01-31T12:00:00Z"}`.
    struct Argument: Decodable {
        let value: ScenarioValue

        init(from decoder: any Decoder) throws {
            if let single = try? decoder.singleValueContainer() {
                if single.decodeNil() {
                    value = .null
                    return
                }
                if let bool = try? single.decode(Bool.self) {
                    value = .bool(bool)
                    return
                }
                if let integer = try? single.decode(Int64.self) {
                    value = .integer(integer)
                    return
                }
                if let double = try? single.decode(Double.self) {
                    value = .double(double)
                    return
                }
                if let string = try? single.decode(String.self) {
                    value = .string(string)
                    return
                }
            }
            let keys = try StrictKeys(decoder, allowed: ["date"])
            let text = try keys.container.decode(String.self, forKey: .init("date"))
            guard let date = ISO8601DateFormatter().date(from: text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .init("date"), in: keys.container,
                    debugDescription:
                        "'\(text)' is not an ISO 8601 date such as 2024-01-31T12:00:00Z")
            }
            value = .date(date)
        }
    }

    init(from decoder: any Decoder) throws {
        let keys = try StrictKeys(decoder, allowed: ["scenarios"])
        scenarios = try keys.container.decode([Scenario].self, forKey: .init("scenarios"))
    }
}

/// A keyed container that refuses keys outside `allowed`, naming the key and the
/// ones that are known.
struct StrictKeys {
    /// Any string key.
    struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }

        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { return nil }
    }

    let container: KeyedDecodingContainer<Key>

    init(_ decoder: any Decoder, allowed: [String]) throws {
        container = try decoder.container(keyedBy: Key.self)
        for key in container.allKeys where !allowed.contains(key.stringValue) {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath + [key],
                    debugDescription:
                        "unknown key '\(key.stringValue)'; known: \(allowed.joined(separator: ", "))"
                ))
        }
    }
}
