import Testing

@testable import BenchReports

/// The operations line of `explain-log`'s summary and page: the same for the same
/// counts in every process, whatever order the dictionary holds them in.
@Suite struct OperationCountsTextTests {
    @Test("most frequent first, equal counts by kind name")
    func order() {
        let counts = ["save": 1, "maintenance": 1, "to-many fault": 3, "fetch": 1]
        #expect(
            OperationCountsText.line(counts) == "3 to-many fault, 1 fetch, 1 maintenance, 1 save")
        #expect(OperationCountsText.line([:]) == "")
    }
}
