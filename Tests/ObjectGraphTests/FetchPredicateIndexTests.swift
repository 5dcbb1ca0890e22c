import ObjectGraph
import Testing

/// Plain comparisons, ranges and IN on an indexed column search the index; the string
/// operators call Core Data's SQL functions and scan the table, as on Apple systems.
/// Measured with SQLite's full-scan step counter, not with timings.
@Suite struct FetchPredicateIndexTests {
    static let model = ManagedObjectModel(entities: [
        EntityDescription(
            name: "Person",
            attributes: [
                AttributeDescription(name: "name", type: .string, isIndexed: true),
                AttributeDescription(name: "age", type: .integer64, isIndexed: true),
            ])
    ])

    struct Case: CustomTestStringConvertible, Sendable {
        let format: String
        let usesIndex: Bool
        var testDescription: String { format }
    }

    static let cases = [
        Case(format: "name == 'p7'", usesIndex: true),
        Case(format: "age == 27", usesIndex: true),
        Case(format: "age > 45", usesIndex: true),
        Case(format: "age =< 21", usesIndex: true),
        Case(format: "age BETWEEN {22, 24}", usesIndex: true),
        Case(format: "age IN {21, 30}", usesIndex: true),
        Case(format: "name IN {'p1', 'p2'}", usesIndex: true),
        Case(format: "name >= 'p8' AND name < 'p9'", usesIndex: true),
        Case(format: "name BEGINSWITH 'p7'", usesIndex: false),
        Case(format: "name ENDSWITH '7'", usesIndex: false),
        Case(format: "name CONTAINS '7'", usesIndex: false),
        Case(format: "name LIKE 'p7*'", usesIndex: false),
        Case(format: "name MATCHES 'p7.*'", usesIndex: false),
        Case(format: "name ==[c] 'P7'", usesIndex: false),
        Case(format: "name BEGINSWITH[cd] 'P7'", usesIndex: false),
    ]

    @Test("index use per operator", arguments: cases)
    func indexUse(_ testCase: Case) throws {
        let container = try Fixtures.container(model: Self.model)
        try inContext(container) { context in
            for index in 0..<30 {
                let person = context.insertNewObject(forEntityName: "Person")
                person.setValue("p\(index)", forKey: "name")
                person.setValue(Int64(20 + index), forKey: "age")
            }
            try context.save()
            context.reset()
            container.resetStatistics()
            let request = FetchRequest(entityName: "Person")
            request.predicate = try FetchPredicate(format: testCase.format)
            #expect(try !context.fetch(request).isEmpty)
        }
        #expect((container.statistics.fullScanSteps == 0) == testCase.usesIndex)
    }
}
