/// Refuses JSON objects with keys a type does not know, so a misspelt setting
/// (`"tolerence"`) is an error at its JSON path instead of a rule silently ignored.
///
/// ```swift
/// init(from decoder: any Decoder) throws {
///     try KnownKeys.check(decoder, allowed: ["gate", "threshold"])
///     ...
/// }
/// ```
///
/// Cost: one pass over the object's keys.
public enum KnownKeys {
    /// Throws for the first key of the object being decoded that `allowed` lacks.
    /// - Throws: `DecodingError.dataCorrupted` at the key's path, naming the key, the
    ///   closest allowed one and all allowed keys (``JSONFile`` turns it into one line).
    public static func check(_ decoder: any Decoder, allowed: [String]) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        for key in container.allKeys where !allowed.contains(key.stringValue) {
            let guess = closest(to: key.stringValue, in: allowed).map { "did you mean '\($0)'? " }
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container,
                debugDescription: "unknown key '\(key.stringValue)'; \(guess ?? "")"
                    + "expected one of \(allowed.joined(separator: ", "))")
        }
    }

    /// The allowed key within two edits of `key`, if exactly one is nearest.
    static func closest(to key: String, in allowed: [String]) -> String? {
        let scored = allowed.map { ($0, editDistance(key.lowercased(), $0.lowercased())) }
        guard let best = scored.map(\.1).min(), best <= 2 else { return nil }
        let nearest = scored.filter { $0.1 == best }
        return nearest.count == 1 ? nearest[0].0 : nil
    }

    /// Levenshtein distance; keys are short, so the quadratic table is fine.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(
                    min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }

    private struct AnyKey: CodingKey {
        let stringValue: String
        let intValue: Int? = nil
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
