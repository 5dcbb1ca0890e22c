// Core Data's names, pointing at ours.
//
// A Core Data engineer types `NSManagedObjectContext`; the compiler answers with
// "'NSManagedObjectContext' has been renamed to 'ManagedObjectContext'" and a fix-it,
// instead of "cannot find in scope". Every alias is unavailable: none can be used, so
// none adds a second spelling to the API.
//
// Left out on purpose, because Foundation on Linux already defines them and an alias
// here would shadow Foundation's class for every module that imports both:
// `NSPredicate`, `NSCompoundPredicate`, `NSComparisonPredicate` (use `FetchPredicate`),
// `NSSortDescriptor` (use `SortKey`) and `NSExpression`. `scripts/check-docs`
// type-checks code written with these names and fails if a rename is missing or wrong.

// MARK: The stack

@available(*, unavailable, renamed: "PersistentContainer")
public typealias NSPersistentContainer = PersistentContainer
@available(*, unavailable, renamed: "PersistentStoreDescription")
public typealias NSPersistentStoreDescription = PersistentStoreDescription
@available(*, unavailable, renamed: "ManagedObjectContext")
public typealias NSManagedObjectContext = ManagedObjectContext
@available(*, unavailable, renamed: "ManagedObjectModel")
public typealias NSManagedObjectModel = ManagedObjectModel
@available(*, unavailable, renamed: "StoreType.sqlite")
public let NSSQLiteStoreType = StoreType.sqlite
@available(*, unavailable, renamed: "StoreType.inMemory")
public let NSInMemoryStoreType = StoreType.inMemory
@available(*, unavailable, renamed: "StoreType.binary")
public let NSBinaryStoreType = StoreType.binary

// MARK: The model

@available(*, unavailable, renamed: "EntityDescription")
public typealias NSEntityDescription = EntityDescription
@available(*, unavailable, renamed: "AttributeDescription")
public typealias NSAttributeDescription = AttributeDescription
@available(*, unavailable, renamed: "AttributeType")
public typealias NSAttributeType = AttributeType
@available(*, unavailable, renamed: "CompositeAttributeDescription")
public typealias NSCompositeAttributeDescription = CompositeAttributeDescription
@available(*, unavailable, renamed: "RelationshipDescription")
public typealias NSRelationshipDescription = RelationshipDescription
@available(*, unavailable, renamed: "DeleteRule")
public typealias NSDeleteRule = DeleteRule
@available(*, unavailable, renamed: "FetchedPropertyDescription")
public typealias NSFetchedPropertyDescription = FetchedPropertyDescription
@available(*, unavailable, renamed: "FetchIndexDescription")
public typealias NSFetchIndexDescription = FetchIndexDescription

// MARK: Objects

@available(*, unavailable, renamed: "ManagedObject")
public typealias NSManagedObject = ManagedObject
@available(*, unavailable, renamed: "ObjectID")
public typealias NSManagedObjectID = ObjectID
@available(*, unavailable, renamed: "MergePolicy")
public typealias NSMergePolicy = MergePolicy
@available(*, unavailable, renamed: "MergeConflict")
public typealias NSMergeConflict = MergeConflict

// MARK: Fetching

@available(*, unavailable, renamed: "FetchRequest")
public typealias NSFetchRequest<Result: ManagedObject> = FetchRequest<Result>
@available(*, unavailable, renamed: "FetchResultType")
public typealias NSFetchRequestResultType = FetchResultType
@available(*, unavailable, renamed: "FetchExpression")
public typealias NSExpressionDescription = FetchExpression
@available(*, unavailable, renamed: "FetchedResultsController")
public typealias NSFetchedResultsController = FetchedResultsController
@available(*, unavailable, renamed: "FetchedResultsControllerDelegate")
public typealias NSFetchedResultsControllerDelegate = FetchedResultsControllerDelegate
@available(*, unavailable, renamed: "FetchedResultsSection")
public typealias NSFetchedResultsSectionInfo = FetchedResultsSection

// MARK: Batch requests

@available(*, unavailable, renamed: "BatchInsertRequest")
public typealias NSBatchInsertRequest = BatchInsertRequest
@available(*, unavailable, renamed: "BatchUpdateRequest")
public typealias NSBatchUpdateRequest = BatchUpdateRequest
@available(*, unavailable, renamed: "BatchDeleteRequest")
public typealias NSBatchDeleteRequest = BatchDeleteRequest

// MARK: Persistent history

@available(*, unavailable, renamed: "PersistentHistoryChangeRequest")
public typealias NSPersistentHistoryChangeRequest = PersistentHistoryChangeRequest
@available(*, unavailable, renamed: "PersistentHistoryResult")
public typealias NSPersistentHistoryResult = PersistentHistoryResult
@available(*, unavailable, renamed: "PersistentHistoryTransaction")
public typealias NSPersistentHistoryTransaction = PersistentHistoryTransaction
@available(*, unavailable, renamed: "PersistentHistoryChange")
public typealias NSPersistentHistoryChange = PersistentHistoryChange
@available(*, unavailable, renamed: "PersistentHistoryToken")
public typealias NSPersistentHistoryToken = PersistentHistoryToken

// MARK: Migration

@available(*, unavailable, renamed: "MappingModel")
public typealias NSMappingModel = MappingModel
@available(*, unavailable, renamed: "EntityMapping")
public typealias NSEntityMapping = EntityMapping
@available(*, unavailable, renamed: "StagedMigrationManager")
public typealias NSStagedMigrationManager = StagedMigrationManager
@available(*, unavailable, renamed: "MigrationStage")
public typealias NSMigrationStage = MigrationStage
@available(*, unavailable, renamed: "ModelReference")
public typealias NSManagedObjectModelReference = ModelReference
