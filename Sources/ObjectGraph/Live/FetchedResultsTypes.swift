/// A position in a controller's results: the section, then the object within it
/// (Foundation's `IndexPath(item:section:)` is UIKit's and missing on Linux).
public struct ResultsIndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The section's index.
    public let section: Int
    /// The object's index within its section.
    public let item: Int

    /// The index path of object `item` in section `section`.
    public init(item: Int, section: Int) {
        self.section = section
        self.item = item
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.section, lhs.item) < (rhs.section, rhs.item)
    }

    /// `[section, item]`.
    public var description: String { "[\(section), \(item)]" }
}

/// One section of a controller's results (Core Data's `NSFetchedResultsSectionInfo`).
public struct FetchedResultsSection: Equatable, Sendable {
    /// The section's name: the section key path's value as text ("" for nil); "" when
    /// the controller has no section key path.
    public let name: String
    /// Where the section starts in the flat list of results.
    public let offset: Int
    /// How many objects it holds.
    public let numberOfObjects: Int
}

/// What changed for one object or section, in Core Data's
/// `NSFetchedResultsChangeType` terms.
public enum FetchedResultsChange: Hashable, Sendable {
    /// A new object at `newIndexPath`.
    case insert(ObjectID, newIndexPath: ResultsIndexPath)
    /// An object gone from `indexPath` (deleted, or no longer matching).
    case delete(ObjectID, indexPath: ResultsIndexPath)
    /// A changed object that stayed at the same index path.
    case update(ObjectID, indexPath: ResultsIndexPath)
    /// A changed object whose index path changed.
    case move(ObjectID, from: ResultsIndexPath, to: ResultsIndexPath)
}

/// A section that appeared or went away.
public enum FetchedResultsSectionChange: Hashable, Sendable {
    /// A new section at `index` (in the new results).
    case insert(name: String, index: Int)
    /// A section gone from `index` (in the old results).
    case delete(name: String, index: Int)
}

/// The results as identifiers, the shape diffable data sources and SwiftUI lists
/// take: section names and each section's object IDs in order.
///
/// Cost: making one shares the controller's storage (no copy); the identifier
/// arrays are built when read.
public struct FetchedResultsSnapshot: Equatable, Sendable {
    let sections: [FetchedResultsSection]
    let entries: [ResultList.Entry]

    /// Section names in order.
    public var sectionIdentifiers: [String] { sections.map(\.name) }

    /// Each section's object IDs, in order.
    public var itemIdentifiers: [[ObjectID]] {
        sections.map { section in
            entries[section.offset..<(section.offset + section.numberOfObjects)].map(\.id)
        }
    }

    /// Every object ID, sections joined.
    public var allItemIdentifiers: [ObjectID] { entries.map(\.id) }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.sections == rhs.sections && lhs.allItemIdentifiers == rhs.allItemIdentifiers
    }
}

/// A controller's request cannot be watched.
public enum FetchedResultsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The request has no sort keys; results need an order to be diffed.
    case missingSortKeys(entity: String)
    /// The section key path is not the first sort key, so sections would not be
    /// contiguous.
    case sectionKeyPathNotFirstSortKey(sectionKeyPath: String, firstSortKey: String?)
    /// An option the controller does not honour (fetchLimit, fetchOffset, a result
    /// type other than objects).
    case unsupportedOption(String)

    /// One line: what is wrong and what to do.
    public var description: String {
        switch self {
        case .missingSortKeys(let entity):
            return "fetched results controller for \(entity): the request has no sort keys; "
                + "set sortDescriptors"
        case .sectionKeyPathNotFirstSortKey(let path, let first):
            return "fetched results controller: section key path \"\(path)\" must be the "
                + "first sort key (it is \"\(first ?? "none")\"); sort by it first"
        case .unsupportedOption(let option):
            return "fetched results controller: \(option) is not supported; remove it from "
                + "the request"
        }
    }
}

/// Hears about a controller's changes, on the context's queue, in Core Data's
/// order: will-change, each section change, each object change, did-change, then
/// the snapshot. Every method has an empty default.
///
/// Related: https://developer.apple.com/documentation/coredata/nsfetchedresultscontrollerdelegate
public protocol FetchedResultsControllerDelegate: AnyObject {
    /// Before the first change of a batch.
    func controllerWillChangeContent(_ controller: FetchedResultsController)
    /// A section appeared or went away.
    func controller(
        _ controller: FetchedResultsController, didChangeSection change: FetchedResultsSectionChange
    )
    /// An object was inserted, deleted, updated or moved.
    func controller(_ controller: FetchedResultsController, didChange change: FetchedResultsChange)
    /// After the last change of a batch.
    func controllerDidChangeContent(_ controller: FetchedResultsController)
    /// The results after the batch, as identifiers.
    func controller(
        _ controller: FetchedResultsController,
        didChangeContentWith snapshot: FetchedResultsSnapshot)
}

extension FetchedResultsControllerDelegate {
    public func controllerWillChangeContent(_ controller: FetchedResultsController) {}
    public func controller(
        _ controller: FetchedResultsController, didChangeSection change: FetchedResultsSectionChange
    ) {}
    public func controller(
        _ controller: FetchedResultsController, didChange change: FetchedResultsChange
    ) {}
    public func controllerDidChangeContent(_ controller: FetchedResultsController) {}
    public func controller(
        _ controller: FetchedResultsController,
        didChangeContentWith snapshot: FetchedResultsSnapshot
    ) {}
}
