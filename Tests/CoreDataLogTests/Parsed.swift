import CoreDataLog
import Foundation

/// A log text run through the reader, the parser and the grouper, for assertions.
struct Parsed {
    var events: [LogEvent] = []
    var operations: [LogOperation] = []
    var parser = LogParser()

    init(_ text: String) {
        var reader = LogLineReader(data: Data(text.utf8))
        var grouper = OperationGrouper()
        var events: [LogEvent] = []
        var operations: [LogOperation] = []
        while let line = try? reader.next() {
            parser.consume(line) { event in
                events.append(event)
                grouper.consume(event) { operations.append($0) }
            }
        }
        parser.finish { event in
            events.append(event)
            grouper.consume(event) { operations.append($0) }
        }
        grouper.finish { operations.append($0) }
        self.events = events
        self.operations = operations
    }

    /// The statements, in order.
    var statements: [LogStatement] {
        events.compactMap {
            if case .statement(let statement) = $0 { return statement }
            return nil
        }
    }

    /// The annotations, in order.
    var annotations: [LogAnnotation] {
        events.compactMap {
            if case .annotation(let annotation, _) = $0 { return annotation }
            return nil
        }
    }

    /// The operation kinds, in order.
    var kinds: [OperationKind] { operations.map(\.kind) }
}
