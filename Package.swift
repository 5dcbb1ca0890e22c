// swift-tools-version: 6.0
// Faultline: ObjectGraph, a Core Data-style persistence engine over SQLite, and the lab
// that measures it. Module map and dependency direction: docs/ARCHITECTURE.md.
import PackageDescription

// scripts/test-sanitizers sets FAULTLINE_SANITIZER_SUBSET: under AddressSanitizer the
// Swift 6.3.1 runtime frees a pointer it did not allocate (a labelled tuple's metadata,
// while Swift Testing discovers the tests of the targets that link BenchKit), so
// sanitizer runs build the test targets that do not (docs/RELIABILITY.md).
let sanitizerSubset = Context.environment["FAULTLINE_SANITIZER_SUBSET"] != nil
let linksBenchKit: Set = ["BenchKitTests", "BenchCLITests", "BenchReportsTests", "SuitesTests"]

let package = Package(
    name: "Faultline",
    products: [
        .library(name: "SQLiteDB", targets: ["SQLiteDB"]),
        .library(name: "BenchKit", targets: ["BenchKit"]),
        .library(name: "CoreDataLog", targets: ["CoreDataLog"]),
        .executable(name: "bench", targets: ["bench"]),
        .library(name: "ObjectGraph", targets: ["ObjectGraph"]),
        .library(name: "ObjectGraphData", targets: ["ObjectGraphData"]),
        .library(name: "FaultlineTesting", targets: ["FaultlineTesting"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(
            name: "CJemalloc", pkgConfig: "jemalloc",
            providers: [.apt(["libjemalloc-dev"])]),
        .target(name: "SQLBasics"),
        // Reads Core Data / SwiftData SQLDebug console logs (docs/EXPLAIN-LOG.md); SQLBasics
        // only, so the lab and a test-assertion library can both use it.
        .target(name: "CoreDataLog", dependencies: ["SQLBasics"]),
        .target(name: "DurableFiles"),
        .target(name: "CProcessControl"),
        // Valgrind's callgrind client requests (C macros) for `bench run --instructions`;
        // the header is Debian's valgrind package, which scripts/ensure-deps installs.
        .target(name: "CCallgrind"),
        .target(name: "SQLiteDB", dependencies: ["CSQLite", "SQLBasics"]),
        .target(name: "ObjectGraph", dependencies: ["SQLiteDB", "DurableFiles"]),
        // The SwiftData-style API (ModelContainer, ModelContext, #Predicate to SQL) over
        // ObjectGraph: docs/SWIFTDATA.md.
        .target(name: "ObjectGraphData", dependencies: ["ObjectGraph"]),
        // Query assertions and query snapshots for users' test targets (Swift Testing;
        // XCTest through XCTestCase.expectQueries) over the engine trace or SQLDebug log
        // text: docs/TESTING-QUERIES.md.
        .target(
            name: "FaultlineTesting",
            dependencies: ["ObjectGraph", "SQLiteDB", "CoreDataLog", "DurableFiles"]),
        .target(name: "Workloads", dependencies: ["ObjectGraph", "SQLiteDB", "DurableFiles"]),
        .target(
            name: "BenchKit",
            dependencies: [
                "CJemalloc", "CProcessControl", "CCallgrind", "SQLBasics", "DurableFiles",
                "CoreDataLog",
            ]),
        .target(name: "BenchReports", dependencies: ["BenchKit", "DurableFiles"]),
        .target(
            name: "BenchmarkSuites",
            dependencies: [
                "BenchKit", "SQLiteDB", "ObjectGraph", "ObjectGraphData", "Workloads",
                "DurableFiles", "CoreDataLog",
            ],
            path: "Benchmarks/Suites"),
        .executableTarget(
            name: "bench",
            dependencies: [
                "BenchKit", "BenchReports", "BenchmarkSuites", "Workloads", "ObjectGraph",
                "SQLiteDB", "DurableFiles",
            ]),
        // The fault-injecting VFS (FaultInjector): test-only, not a product; the one target
        // besides SQLiteDB that imports CSQLite, since a VFS is C callbacks.
        .target(
            name: "SQLiteFaultInjection", dependencies: ["CSQLite", "SQLiteDB"],
            path: "Tests/SQLiteFaultInjection"),
        .target(
            name: "TestSupport", dependencies: ["SQLiteDB", "SQLiteFaultInjection"],
            path: "Tests/TestSupport"),
        // A worker executable with fixture benchmarks (500 MB allocation, crash) that the
        // BenchKit tests launch as child processes; not a product.
        .executableTarget(
            name: "BenchKitTestHost", dependencies: ["BenchKit"], path: "Tests/BenchKitTestHost"),
        // A child process that writes a store in a loop until the kill trials SIGKILL it.
        .executableTarget(
            name: "StoreTestHost", dependencies: ["ObjectGraph"], path: "Tests/StoreTestHost"),
        .testTarget(name: "DurableFilesTests", dependencies: ["DurableFiles"]),
        .testTarget(name: "CoreDataLogTests", dependencies: ["CoreDataLog"]),
        .testTarget(
            name: "FaultlineTestingTests",
            dependencies: ["FaultlineTesting", "ObjectGraph", "CoreDataLog", "TestSupport"]),
        .testTarget(
            name: "SQLiteDBTests",
            dependencies: ["SQLiteDB", "SQLiteFaultInjection", "TestSupport"]),
        .testTarget(
            name: "BenchKitTests", dependencies: ["BenchKit", "BenchReports", "CoreDataLog"]),
        .testTarget(
            name: "BenchCLITests",
            dependencies: ["bench", "BenchKit", "BenchReports", "TestSupport", "Workloads"]),
        .testTarget(
            name: "ObjectGraphTests",
            dependencies: [
                "ObjectGraph", "TestSupport", "DurableFiles", "SQLiteFaultInjection",
                "FaultlineTesting",
            ]),
        .testTarget(
            name: "ObjectGraphDataTests",
            dependencies: ["ObjectGraphData", "ObjectGraph", "TestSupport"]),
        .testTarget(
            name: "BenchReportsTests", dependencies: ["BenchReports", "BenchKit", "CoreDataLog"]),
        .testTarget(
            name: "WorkloadsTests", dependencies: ["Workloads", "ObjectGraph", "TestSupport"]),
        .testTarget(
            name: "SuitesTests",
            dependencies: [
                "BenchmarkSuites", "BenchKit", "SQLiteDB", "Workloads", "ObjectGraph",
                "ObjectGraphData", "TestSupport", "CoreDataLog",
            ]),
    ].filter { !sanitizerSubset || !linksBenchKit.contains($0.name) },
    swiftLanguageModes: [.v6]
)
