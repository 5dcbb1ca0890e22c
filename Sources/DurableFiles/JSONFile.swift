import Foundation

/// Reads a JSON file into a `Decodable` type with errors that say where: the file,
/// then the JSON path (`cases.3.metrics.0.summary`) or, for bad syntax, the line,
/// column and byte offset, and what to do.
///
/// ```swift
/// let thresholds = try JSONFile.read(GateThresholds.self, from: url, decoder: JSONDecoder())
/// ```
///
/// Cost: reads the whole file and scans its nesting (Foundation's decoder traps on
/// documents nested more than 512 deep); on failure, one more pass to locate the problem.
public enum JSONFile {
    /// Decodes `url` as `type`.
    /// - Throws: ``JSONFileError`` naming the file and the place.
    public static func read<T: Decodable>(
        _ type: T.Type, from url: URL, decoder: JSONDecoder
    ) throws(JSONFileError) -> T {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw JSONFileError(path: url.path, reason: "cannot read: \(readFailure(error))")
        }
        if let problem = JSONSyntax.nestingProblem(in: data) {
            throw JSONFileError(
                path: url.path,
                reason:
                    "\(problem.message), \(problem.location): fix the JSON or regenerate the file")
        }
        do {
            return try decoder.decode(type, from: data)
        } catch let error as DecodingError {
            throw JSONFileError(path: url.path, reason: describe(error, in: data))
        } catch {
            throw JSONFileError(path: url.path, reason: ErrorText.describe(error))
        }
    }

    /// One line for a decoding error of `data`: what is wrong, where, what to do.
    public static func describe(_ error: DecodingError, in data: Data) -> String {
        let (context, what): (DecodingError.Context, String) =
            switch error {
            case .typeMismatch(_, let context): (context, "wrong type")
            case .valueNotFound(_, let context): (context, "missing value")
            case .keyNotFound(let key, let context): (context, "missing key '\(key.stringValue)'")
            case .dataCorrupted(let context): (context, "invalid value")
            @unknown default:
                (DecodingError.Context(codingPath: [], debugDescription: ""), "invalid")
            }
        let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
        if path.isEmpty, case .dataCorrupted = error {
            return syntaxProblem(data)
        }
        var detail = ""
        if case .keyNotFound = error {} else { detail = " (\(context.debugDescription))" }
        return "\(what) at \(path.isEmpty ? "top level" : path.joined(separator: "."))"
            + "\(detail): fix the file or regenerate it"
    }

    private static func syntaxProblem(_ data: Data) -> String {
        if let problem = JSONSyntax.firstProblem(in: data) ?? JSONSyntax.firstLargeNumber(in: data)
        {
            let advice = problem.isOutOfRange ? "write a smaller number" : "fix the JSON"
            return "\(problem.message), \(problem.location): \(advice) or regenerate the file"
        }
        return "a number does not fit its field (a fraction where a whole number is "
            + "expected, a negative one where none can be, or one beyond 2^63): fix the value "
            + "or regenerate the file"
    }

    private static func readFailure(_ error: any Error) -> String {
        var text = ErrorText.describe(error)
        if let colon = text.range(of: ": ") { text = String(text[colon.upperBound...]) }
        if text.hasSuffix("(EACCES)") || text.hasSuffix("(EPERM)") {
            text += "; make the file (and its directory) readable, or give another file"
        }
        return text
    }
}

/// A JSON file that could not be read or decoded.
public struct JSONFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file.
    public let path: String
    /// What is wrong and where inside it.
    public let reason: String

    /// Makes an error.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `path: reason`, always one line: a key or an excerpt of the file that holds a
    /// newline or another control character shows it escaped.
    public var description: String { ControlCharacters.escaped("\(path): \(reason)") }
}
