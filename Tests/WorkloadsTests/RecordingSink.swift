import Workloads

/// Keeps every generated row in memory, for tests of the generator alone.
final class RecordingSink: DatasetSink {
    struct Table {
        var layout: EntityLayout
        var rows: [[GeneratedValue]] = []
        var toOnes: [[Int?]] = []

        func column(_ name: String) -> [GeneratedValue] {
            let index = layout.columns.firstIndex { $0.name == name }!
            return rows.map { $0[index] }
        }

        func destinations(_ name: String) -> [Int?] {
            let index = layout.toOnes.firstIndex { $0.name == name }!
            return toOnes.map { $0[index] }
        }
    }

    var tables: [String: Table] = [:]
    var links: [String: [(source: Int, destination: Int)]] = [:]
    private var current: String?

    func begin(_ entity: EntityLayout) throws {
        tables[entity.name] = Table(layout: entity)
        current = entity.name
    }

    func row(_ values: [GeneratedValue], toOne: [Int?]) throws {
        tables[current!]!.rows.append(values)
        tables[current!]!.toOnes.append(toOne)
    }

    func end(_ entity: EntityLayout) throws {
        current = nil
    }

    func links(_ link: LinkLayout, pairs: [(source: Int, destination: Int)]) throws {
        links["\(link.entity).\(link.relationship)"] = pairs
    }
}

extension GeneratedValue {
    var int: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }

    var text: String? {
        if case .string(let value) = self { return value }
        return nil
    }
}
