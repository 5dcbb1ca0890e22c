/// The fix of each finding kind, in Core Data's and SwiftData's own API names, with the
/// model's names filled in.
///
/// Core Data's names are its Objective-C and Swift API (`relationshipKeyPathsForPrefetching`,
/// `propertiesToFetch`, `NSFetchIndexDescription`); SwiftData's are `FetchDescriptor`'s
/// and the `#Index` macro. Cost: string building.
enum FindingFixes {
    /// Prefetch `relationship` of `entity` (a to-many faulted per owner).
    static func prefetch(entity: String, relationship: String) -> FindingFix {
        FindingFix(
            summary: "Prefetch \(relationship) with the fetch that loads the \(entity) objects: "
                + "one statement for every owner instead of one per owner.",
            coreData: "request.relationshipKeyPathsForPrefetching = [\"\(relationship)\"] "
                + "on the NSFetchRequest<\(entity)>.",
            swiftData:
                "descriptor.relationshipKeyPathsForPrefetching = [\\\(entity).\(relationship)] "
                + "on the FetchDescriptor<\(entity)>.")
    }

    /// Load `destination` objects with the fetch that reaches them through `keyPath` of
    /// `entity`, or say how when the path is unknown.
    static func loadFaultedObjects(destination: String, entity: String?, keyPath: String?)
        -> FindingFix
    {
        guard let entity, let keyPath else {
            return FindingFix(
                summary: "Each \(destination) object was loaded on its own when first read. "
                    + "Load them with the fetch that reaches them.",
                coreData: "Add the key path that reaches \(destination) to "
                    + "relationshipKeyPathsForPrefetching; if the \(destination) objects were "
                    + "fetched with includesPropertyValues = false or as object IDs, fetch them "
                    + "with their values instead.",
                swiftData: "Add the key path that reaches \(destination) to the FetchDescriptor's "
                    + "relationshipKeyPathsForPrefetching.")
        }
        return FindingFix(
            summary:
                "Load the \(destination) objects with the \(entity) fetch: prefetch \(keyPath).",
            coreData: "request.relationshipKeyPathsForPrefetching = [\"\(keyPath)\"] "
                + "on the NSFetchRequest<\(entity)>.",
            swiftData: "descriptor.relationshipKeyPathsForPrefetching = [\\\(entity).\(keyPath)] "
                + "on the FetchDescriptor<\(entity)>.")
    }

    /// Fetch by many values at once (`attribute IN %@`).
    static func fetchAllAtOnce(entity: String, attribute: String) -> FindingFix {
        FindingFix(
            summary: "Fetch the \(entity) objects for every value in one request, not one "
                + "request per value.",
            coreData: "NSPredicate(format: \"%K IN %@\", \"\(attribute)\", values) on one "
                + "NSFetchRequest<\(entity)>.",
            swiftData: "#Predicate<\(entity)> { values.contains($0.\(attribute)) } in one "
                + "FetchDescriptor.")
    }

    /// Fetch `entity`'s objects with their values: the fetch returned faults that each
    /// fired on first read.
    static func fetchWithValues(entity: String) -> FindingFix {
        FindingFix(
            summary: "The fetched \(entity) objects were faults and each fired its own SELECT "
                + "on first read: fetch them with their values.",
            coreData: "request.includesPropertyValues = true and request.returnsObjectsAsFaults "
                + "= false on the NSFetchRequest<\(entity)> (and no refreshObject(_:mergeChanges: "
                + "false) or reset() between the fetch and the reads).",
            swiftData: "Fetch the models with FetchDescriptor<\(entity)> (not fetchIdentifiers) "
                + "and read them in the same context.")
    }

    /// Fetch objects by their IDs in one request.
    static func fetchByIDs(entity: String) -> FindingFix {
        FindingFix(
            summary: "Fetch the \(entity) objects for all the IDs in one request (or keep the "
                + "objects of the fetch that found the IDs).",
            coreData: "NSPredicate(format: \"SELF IN %@\", objectIDs) on one "
                + "NSFetchRequest<\(entity)>, instead of existingObject(with:) or a fetch per ID.",
            swiftData: "#Predicate<\(entity)> { ids.contains($0.persistentModelID) } in one "
                + "FetchDescriptor.")
    }

    /// A fetch index on `attributes` of `entity`.
    static func index(entity: String, attributes: [String], reason: String) -> FindingFix {
        let list = attributes.joined(separator: ", ")
        let elements = attributes.map {
            "NSFetchIndexElementDescription(property: \($0)Attribute, collationType: .binary)"
        }
        let paths = attributes.map { "\\.\($0)" }.joined(separator: ", ")
        return FindingFix(
            summary: "Add a fetch index on \(entity) (\(list)): \(reason)",
            coreData: "In the model editor: \(entity) ▸ Indexes ▸ add (\(list)); in code, "
                + "NSFetchIndexDescription(name: \"by\(attributes.first?.capitalized ?? "")\", "
                + "elements: [\(elements.joined(separator: ", "))]) in the entity's indexes.",
            swiftData: "#Index<\(entity)>([\(paths)]) in the @Model class (iOS 18, macOS 15).")
    }

    /// Narrow the outer fetch, or count on save, for a per-row subquery.
    static func correlatedSubquery(entity: String, inner: String?) -> FindingFix {
        let indexNote =
            inner.map { " Make sure \($0) is indexed: the subquery looks it up once per row." }
            ?? ""
        return FindingFix(
            summary: "The predicate runs a subquery once per \(entity) row. Narrow the fetch "
                + "with an indexed predicate first, or keep the count in an attribute.\(indexNote)",
            coreData: "Put an indexed comparison before the @count / SUBQUERY term of the "
                + "NSPredicate (Core Data keeps the clause order), or keep a count attribute "
                + "updated when the relationship changes and filter on it.",
            swiftData: "The same in #Predicate: an indexed comparison first, or a stored count "
                + "property kept current in the model's code.")
    }

    /// Fetch fewer columns.
    static func narrowFetch(entity: String) -> FindingFix {
        FindingFix(
            summary: "Fetch only the properties the screen reads, or only IDs when that is all "
                + "it needs.",
            coreData: "request.propertiesToFetch = [\"…\"] on the NSFetchRequest<\(entity)> "
                + "(partial faults), or resultType = .managedObjectIDResultType.",
            swiftData: "descriptor.propertiesToFetch = [\\\(entity).…] on the "
                + "FetchDescriptor<\(entity)>.")
    }

    /// Count through the foreign key instead of a JOIN.
    static func countThroughForeignKey(entity: String, relationship: String, destination: String)
        -> FindingFix
    {
        FindingFix(
            summary: "Count \(entity) by its foreign key: find the matching \(destination) "
                + "objects first, then count \(entity) whose \(relationship) is one of them.",
            coreData: "Fetch the \(destination) object IDs (resultType = "
                + ".managedObjectIDResultType), then count(for:) an NSFetchRequest<\(entity)> "
                + "with NSPredicate(format: \"\(relationship) IN %@\", ids).",
            swiftData: "fetchIdentifiers for the \(destination) descriptor, then fetchCount of a "
                + "FetchDescriptor<\(entity)> whose #Predicate tests \(relationship) against "
                + "those identifiers.")
    }

    /// Do not fetch everything again after a save.
    static func keepAfterSave(entity: String) -> FindingFix {
        FindingFix(
            summary: "After saving, keep the \(entity) objects you have instead of fetching the "
                + "whole table again.",
            coreData: "Drive the list from an NSFetchedResultsController (it updates from the "
                + "context's changes), or apply NSManagedObjectContextDidSave's inserted, "
                + "updated and deleted objects.",
            swiftData: "Let @Query update the view after modelContext.save(); do not refetch "
                + "by hand.")
    }

    /// A range instead of `!= nil`.
    static func rangeForNilTest(entity: String, attribute: String) -> FindingFix {
        FindingFix(
            summary: "Replace \(attribute) != nil with a range the index serves.",
            coreData: "NSPredicate(format: \"\(attribute) >= %@\", smallestValue) on "
                + "NSFetchRequest<\(entity)> (Date.distantPast, Int.min or \"\" for strings).",
            swiftData: "The same range in #Predicate<\(entity)>.")
    }

    /// Look at a slow statement's plan.
    static func inspectSlowStatement(entity: String) -> FindingFix {
        FindingFix(
            summary: "This statement costs far more per row than the rest of the log: read its "
                + "plan and measure it at scale.",
            coreData: "Capture with -com.apple.CoreData.SQLDebug 4 to log its query plan; run "
                + "bench explain-log --model --replay to time it on larger stores of \(entity).",
            swiftData: "The same launch argument works for SwiftData apps.")
    }
}
