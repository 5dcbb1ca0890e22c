// swift-tools-version: 6.0
// Faultline: ObjectGraph, a Core Data-style persistence engine over SQLite, and the lab
// that measures it. Module map and dependency direction: docs/ARCHITECTURE.md.
import PackageDescription

let package = Package(
    name: "Faultline",
    products: [
        .library(name: "SQLiteDB", targets: ["SQLiteDB"]),
        .library(name: "ObjectGraph", targets: ["ObjectGraph"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(
            name: "CJemalloc", pkgConfig: "jemalloc",
            providers: [.apt(["libjemalloc-dev"])]),
        .target(name: "SQLiteDB", dependencies: ["CSQLite"]),
        .target(name: "ObjectGraph", dependencies: ["SQLiteDB"]),
        .target(name: "TestSupport", dependencies: ["SQLiteDB"], path: "Tests/TestSupport"),
        .testTarget(name: "SQLiteDBTests", dependencies: ["SQLiteDB", "TestSupport"]),
        .testTarget(name: "ObjectGraphTests", dependencies: ["ObjectGraph", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
