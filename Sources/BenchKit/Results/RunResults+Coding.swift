import Foundation

extension RunResults {
    /// Pretty-printed JSON with sorted keys and ISO 8601 dates, as `results.json` holds.
    /// - Throws: `EncodingError` (only for non-finite numbers, which probes never make).
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(self)
    }

    /// Reads a `results.json` file.
    /// - Throws: ``ResultsFileError`` naming the file and, for bad content, the JSON
    ///   coding path.
    public static func read(from url: URL) throws -> RunResults {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw ResultsFileError(
                path: url.path, reason: "cannot read: \(error.localizedDescription)")
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do {
            let results = try decoder.decode(RunResults.self, from: data)
            guard results.schemaVersion == currentSchemaVersion else {
                throw ResultsFileError(
                    path: url.path,
                    reason:
                        "schemaVersion \(results.schemaVersion); this bench reads \(currentSchemaVersion)"
                )
            }
            return results
        } catch let error as DecodingError {
            throw ResultsFileError(path: url.path, reason: Self.describe(error))
        }
    }

    /// One line for a decoding error: what is wrong and its JSON path.
    package static func describe(_ error: DecodingError) -> String {
        let (context, what): (DecodingError.Context, String) =
            switch error {
            case .typeMismatch(_, let context): (context, "wrong type")
            case .valueNotFound(_, let context): (context, "missing value")
            case .keyNotFound(let key, let context): (context, "missing key '\(key.stringValue)'")
            case .dataCorrupted(let context): (context, "invalid data")
            @unknown default:
                (DecodingError.Context(codingPath: [], debugDescription: ""), "invalid")
            }
        let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
        return "\(what) at \(path.isEmpty ? "top level" : path.joined(separator: ".")): "
            + context.debugDescription
    }
}

/// A results file that cannot be read, merged or understood.
public struct ResultsFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file concerned.
    public let path: String
    /// What is wrong with it, including the JSON coding path when relevant.
    public let reason: String

    /// Makes an error.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `path: reason`.
    public var description: String { "\(path): \(reason)" }
}
