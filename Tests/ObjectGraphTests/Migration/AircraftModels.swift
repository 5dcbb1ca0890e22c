import Foundation
import ObjectGraph

/// The seeds' staged migration example (iOS 17): `Aircraft.flightData` moved into its
/// own `FlightData` entity in three model versions.
enum AircraftModels {
    /// V1: Aircraft(name, flightData).
    static let v1 = ManagedObjectModel(entities: [
        EntityDescription(
            name: "Aircraft",
            attributes: [
                AttributeDescription(name: "name", type: .string),
                AttributeDescription(name: "flightData", type: .binary),
            ])
    ])

    /// V2: V1 plus FlightData(data) related one-to-one (lightweight from V1).
    static let v2 = ManagedObjectModel(entities: [
        EntityDescription(
            name: "Aircraft",
            attributes: [
                AttributeDescription(name: "name", type: .string),
                AttributeDescription(name: "flightData", type: .binary),
            ],
            relationships: [flightParameters]),
        flightDataEntity,
    ])

    /// V3: V2 without Aircraft.flightData.
    static let v3 = ManagedObjectModel(entities: [
        EntityDescription(
            name: "Aircraft", attributes: [AttributeDescription(name: "name", type: .string)],
            relationships: [flightParameters]),
        flightDataEntity,
    ])

    private static let flightParameters = RelationshipDescription(
        name: "flightParameters", destination: "FlightData", inverse: "aircraft",
        deleteRule: .cascade)

    private static let flightDataEntity = EntityDescription(
        name: "FlightData", attributes: [AttributeDescription(name: "data", type: .binary)],
        relationships: [
            RelationshipDescription(
                name: "aircraft", destination: "Aircraft", inverse: "flightParameters")
        ])

    /// The bytes aircraft `number` records; every third aircraft has none.
    static func flightData(_ number: Int) -> Data? {
        number % 3 == 2 ? nil : Data("flight \(number)".utf8)
    }

    /// A V1 store at `path` with `count` aircraft.
    static func seed(_ path: String, count: Int) throws {
        let container = try MigrationFixture.open(path, model: v1)
        try container.viewContext.performAndWait {
            for number in 0..<count {
                let aircraft = container.viewContext.insertNewObject(forEntityName: "Aircraft")
                aircraft.setValue(String(format: "A%03d", number), forKey: "name")
                aircraft.setValue(flightData(number), forKey: "flightData")
            }
            try container.viewContext.save()
        }
    }

    /// Each aircraft's name and its flight parameters' bytes as text ("-" for none),
    /// read through the relationship, sorted by name.
    static func split(in container: PersistentContainer) throws -> [String] {
        try container.viewContext.performAndWait {
            try container.viewContext.fetch(FetchRequest(entityName: "Aircraft")).map { aircraft in
                let name = aircraft.value(forKey: "name") as? String ?? "?"
                let parameters = aircraft.value(forKey: "flightParameters") as? ManagedObject
                let data = (parameters?.value(forKey: "data") as? Data).map {
                    String(decoding: $0, as: UTF8.self)
                }
                let back =
                    (parameters?.value(forKey: "aircraft") as? ManagedObject)?
                    .value(forKey: "name") as? String
                return "\(name) \(data ?? "-") \(back.map { $0 == name ? "ok" : $0 } ?? "-")"
            }.sorted()
        }
    }

    /// ``split(in:)`` after a correct migration of ``seed(_:count:)``.
    static func expectedSplit(count: Int) -> [String] {
        (0..<count).map { number in
            let name = String(format: "A%03d", number)
            return flightData(number).map { "\(name) \(String(decoding: $0, as: UTF8.self)) ok" }
                ?? "\(name) - -"
        }
    }
}
