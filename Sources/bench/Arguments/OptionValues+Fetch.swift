import ObjectGraph
import Workloads

extension OptionValues {
    /// What ``sortKey(_:_:)`` and ``keyPaths(_:_:)`` accept as a key path: dot-separated
    /// names of letters, digits and underscores (`likes`, `author.name`).
    private static func isKeyPath(_ text: Substring) -> Bool {
        let names = text.split(separator: ".", omittingEmptySubsequences: false)
        return names.allSatisfy { name in
            !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
        }
    }

    /// `KEY`, `KEY:asc` or `KEY:desc`: a sort descriptor on a key path.
    static func sortKey(_ text: String, _ option: String) throws(OptionValueError) -> SortKey {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        let direction = parts.count == 2 ? parts[1] : "asc"
        guard parts.count <= 2, isKeyPath(parts[0]), direction == "asc" || direction == "desc"
        else {
            throw OptionValueError(
                "invalid value '\(text)' for \(option): expected KEY, KEY:asc or KEY:desc, "
                    + "KEY a property or key path such as likes or author.name")
        }
        return SortKey(String(parts[0]), ascending: direction == "asc")
    }

    /// Comma-separated key paths, such as `author,tags`.
    static func keyPaths(_ text: String, _ option: String) throws(OptionValueError) -> [String] {
        let items = text.split(separator: ",", omittingEmptySubsequences: false)
        guard items.allSatisfy(isKeyPath) else {
            throw OptionValueError(
                "invalid value '\(text)' for \(option): expected key paths separated by "
                    + "commas, such as author or author,tags")
        }
        return items.map(String.init)
    }

    /// `Post=5000,Tag=50`: rows per entity, each count read as a dataset size.
    static func entityCounts(_ text: String, _ option: String) throws(OptionValueError)
        -> [String: Int]
    {
        var counts: [String: Int] = [:]
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = item.split(separator: "=", omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty,
                let count = try? DatasetKey.parseSize(String(parts[1]))
            else {
                throw OptionValueError(
                    "invalid value '\(item)' in \(option): expected ENTITY=COUNT like "
                        + "Post=5000 or Post=10k, separated by commas")
            }
            counts[String(parts[0])] = count
        }
        return counts
    }
}
