import Foundation

/// What persistent history records of one save, gathered by the saving context before
/// its change lists are cleared: who saved, and each changed object with the
/// properties an update changed.
struct HistoryRecord {
    /// One changed object.
    struct Change {
        let type: PersistentHistoryChange.ChangeType
        /// The permanent ID (inserted objects: the one the save assigns).
        let objectID: ObjectID
        /// Bit i set: property i changed (attributes, then relationships, in entity
        /// order), as `ACHANGE.ZCOLUMNS` stores it; empty for inserts and deletes.
        let columns: Data
    }

    let author: String?
    let contextName: String?
    let changes: [Change]

    /// The bitmask of changed properties, property i at bit i % 8 of byte i / 8.
    static func columnMask(_ properties: [Int], count: Int) -> Data {
        var bytes = [UInt8](repeating: 0, count: (count + 7) / 8)
        for index in properties { bytes[index / 8] |= 1 << UInt8(index % 8) }
        return Data(bytes)
    }

    /// The property names a mask sets, for `entity`.
    static func propertyNames(_ mask: Data, of entity: Entity) -> Set<String> {
        let names = entity.attributes.map(\.name) + entity.relationships.map(\.name)
        var result = Set<String>()
        for (byteIndex, byte) in mask.enumerated() where byte != 0 {
            for bit in 0..<8 where byte & (1 << UInt8(bit)) != 0 {
                let index = byteIndex * 8 + bit
                if index < names.count { result.insert(names[index]) }
            }
        }
        return result
    }
}

/// What persistent history records of one batch request, once the rows it changed are
/// known: who ran it, and which properties an update sets.
struct BatchHistory {
    let author: String?
    let contextName: String?
    /// The changed-property mask of each updated row (`ACHANGE.ZCOLUMNS`).
    let updatedColumns: Data

    /// The record of the rows a batch request inserted, updated and deleted.
    func record(
        inserted: [ObjectID] = [], updated: [ObjectID] = [], deleted: [ObjectID] = []
    ) -> HistoryRecord {
        var changes = inserted.map {
            HistoryRecord.Change(type: .insert, objectID: $0, columns: Data())
        }
        changes += updated.map { .init(type: .update, objectID: $0, columns: updatedColumns) }
        changes += deleted.map { .init(type: .delete, objectID: $0, columns: Data()) }
        return HistoryRecord(author: author, contextName: contextName, changes: changes)
    }
}

/// The `Z_PK`s of transaction strings this coordinator already wrote or found, so a
/// save writes each string once per coordinator rather than once per save. Strings
/// are never deleted, so a key stays valid; keys learnt in a save that rolled back
/// are not kept.
struct HistoryStrings {
    /// The four strings of a transaction row, as keys.
    struct Keys {
        var author: Int64?
        var contextName: Int64?
        var bundleID: Int64?
        var processID: Int64?
    }

    private(set) var keys: [String: Int64] = [:]

    /// Remembers keys from a committed save.
    mutating func learn(_ learnt: [String: Int64]) {
        keys.merge(learnt) { old, _ in old }
    }
}
