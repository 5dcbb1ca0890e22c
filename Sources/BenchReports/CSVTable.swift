/// A CSV document built row by row, quoted per RFC 4180.
///
/// Fields containing a comma, quote, CR or LF are quoted with doubled quotes; lines end
/// in LF; numbers are written with Swift's shortest round-trip form. Python's `csv`
/// module, pandas and spreadsheets read the result without options. Cost: string
/// building, linear in the output.
struct CSVTable {
    private var text: String

    /// Starts a table with its header row.
    init(header: [String]) {
        text = ""
        append(header)
    }

    /// Appends one row.
    mutating func append(_ fields: [String]) {
        text += fields.map(Self.escape).joined(separator: ",") + "\n"
    }

    /// The document.
    var content: String { text }

    /// Quotes `field` when it needs it.
    static func escape(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" })
        else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// A number as CSV text: integers without a fraction, others in shortest form;
    /// empty for nil.
    static func number(_ value: Double?) -> String {
        guard let value else { return "" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}
