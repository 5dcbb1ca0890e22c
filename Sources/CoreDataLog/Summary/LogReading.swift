/// Reads a whole log into a ``LogSummary``: line reader, parser, grouper and summary in
/// one pass, in bounded memory.
///
/// ```swift
/// var reader = LogLineReader(handle: try FileHandle(forReadingFrom: url))
/// let summary = try LogReading.summarize(&reader) { operation in … }
/// ```
///
/// Cost: one pass over the bytes; memory is a read chunk, the open statement and
/// operation, and the distinct shapes (``LogSummary/groupLimit``).
public enum LogReading {
    /// The summary of every line `reader` yields; `operation` sees each operation as it
    /// completes, in order.
    /// - Throws: What reading throws (an I/O error); never for the log's content.
    public static func summarize(
        _ reader: inout LogLineReader, operation: (LogOperation) -> Void = { _ in }
    ) throws -> LogSummary {
        var parser = LogParser()
        var grouper = OperationGrouper()
        var builder = LogSummaryBuilder()
        let handle: (LogEvent) -> Void = { event in
            builder.add(event)
            grouper.consume(event) { completed in
                builder.add(completed)
                operation(completed)
            }
        }
        while let line = try reader.next() { parser.consume(line, emit: handle) }
        parser.finish(emit: handle)
        grouper.finish { completed in
            builder.add(completed)
            operation(completed)
        }
        builder.finish(with: parser)
        return builder.summary
    }
}
