import Foundation

/// Splits ordered results into sections by the first sort key (the section key
/// path), as Core Data's controller groups them.
enum ResultSections {
    /// The sections of `list`: one unnamed section holding everything when
    /// `sectioned` is false; else a section per run of equal first-key values.
    ///
    /// Cost: one pass comparing neighbours' first keys.
    static func make(_ list: ResultList, sectioned: Bool) -> [FetchedResultsSection] {
        let entries = list.entries
        guard sectioned else {
            return [FetchedResultsSection(name: "", offset: 0, numberOfObjects: entries.count)]
        }
        var sections: [FetchedResultsSection] = []
        var start = 0
        for index in entries.indices.dropFirst()
        where ResultList.compare(entries[index].keys[0], entries[start].keys[0]) != .orderedSame {
            sections.append(section(entries, start..<index))
            start = index
        }
        if !entries.isEmpty { sections.append(section(entries, start..<entries.count)) }
        return sections
    }

    private static func section(_ entries: [ResultList.Entry], _ range: Range<Int>)
        -> FetchedResultsSection
    {
        FetchedResultsSection(
            name: name(of: entries[range.lowerBound].keys[0]), offset: range.lowerBound,
            numberOfObjects: range.count)
    }

    /// A section name: the value as text, "" for nil.
    static func name(of value: PredicateValue) -> String {
        switch value {
        case .null: return ""
        case .string(let text): return text
        case .bool(let flag): return flag ? "1" : "0"
        case .integer(let number): return String(number)
        case .double(let number): return String(number)
        case .date(let date): return String(date.timeIntervalSinceReferenceDate)
        default: return "\(value)"
        }
    }

    /// The index path of flat position `index`.
    static func indexPath(of index: Int, in sections: [FetchedResultsSection]) -> ResultsIndexPath {
        var low = 0
        var high = sections.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if sections[middle].offset <= index { low = middle } else { high = middle - 1 }
        }
        return ResultsIndexPath(item: index - sections[low].offset, section: low)
    }
}
