import DurableFiles
import Foundation
import ObjectGraph

/// `bench store inspect STORE... --model BUNDLE [--migrate-to VERSION --out COPY]`: which
/// version of a model a store file (Core Data's or the engine's) was made with, what
/// differs from each version, and optionally a migrated copy with row counts before and
/// after. The store itself is opened read-only and never changed. Several stores share
/// one load of the bundle (an app's 90 model versions cost seconds to load).
struct StoreCommand: Subcommand {
    static let name = "store"
    static let summary =
        "Inspect a store file: which model version fits, what differs, migrate a copy"
    static let positionalSynopsis = "inspect STORE..."
    static let discussion = """
        'bench store inspect STORE --model BUNDLE' opens STORE (a SQLite store written by
        Core Data or by this engine) read-only and compares it with every version of the
        Xcode model BUNDLE (.xcdatamodeld): for a Core Data store table by table and
        column by column (Z_PRIMARYKEY numbering, entity tables, many-to-many join
        tables and their order columns), for the engine's by version hashes. It prints
        the version that fits (of several, the one naming the most of the store's
        tables, then the first) and the others that also fit, the rows per entity, then
        each version that does not fit with how many differences; when none fits, every difference of the
        closest version. With --migrate-to VERSION --out COPY it copies
        the store to COPY (which must not exist), migrates the copy to VERSION the way
        loadPersistentStores() does (the fitting version as the source model) and
        prints each entity's rows before and after, and the migration's steps. A
        mapping model (.xcmappingmodel) for that pair of versions, found under
        --mapping-models DIR (default: the folder holding BUNDLE), is applied when the
        engine can run it, and otherwise the migration is refused naming the mapping
        model, the entity mapping and the custom policy class: never inferred instead.
        With --read it also opens a copy with the fitting version, as it is, and reads
        every object's attributes and relationships through the engine (the store's
        own join-table names included), printing the objects and related objects read.
        Several stores are inspected one after the other with one load of BUNDLE; with
        --migrate-to, --out is then a directory (made if missing) that receives one
        copy per store, under the store's file name.
        Exit codes: 0 a version fits every store (and every copy migrated), 1 none
        fits a store or a migration failed, 2 usage or input error (the worst of all
        stores).
        """
    static let model = ValueOption(
        "--model", "BUNDLE", "the app's Xcode model (.xcdatamodeld, or one .xcdatamodel)")
    static let migrateTo = ValueOption(
        "--migrate-to", "VERSION", "migrate a copy of the store to this model version")
    static let out = ValueOption(
        "--out", "COPY",
        "where --migrate-to writes the migrated copy (a directory for several stores)")
    static let mappingModels = ValueOption(
        "--mapping-models", "DIR",
        "where the app's .xcmappingmodel folders are (default: the folder holding BUNDLE)")
    static let read = FlagOption(
        "--read",
        "read every object of a copy through the engine with the fitting version (no migration)")
    static let options: [any CommandOption] = [model, migrateTo, out, mappingModels, read]

    let stores: [String]
    let bundle: String
    let migration: (version: String, copy: String)?
    /// Where the mapping models are looked for.
    let mappingDirectory: String
    let reads: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count >= 2, arguments.positionals[0] == "inspect" else {
            throw Self.usageError("the only store action is 'inspect STORE...'")
        }
        stores = Array(arguments.positionals.dropFirst())
        reads = arguments.has(Self.read)
        guard let bundle = try arguments.value(Self.model) else {
            throw Self.usageError("--model BUNDLE is required")
        }
        self.bundle = bundle
        mappingDirectory =
            try arguments.value(Self.mappingModels)
            ?? URL(fileURLWithPath: bundle).standardizedFileURL.deletingLastPathComponent().path
        switch (try arguments.value(Self.migrateTo), try arguments.value(Self.out)) {
        case (nil, nil): migration = nil
        case (let version?, let copy?): migration = (version, copy)
        case (_?, nil): throw Self.usageError("--migrate-to needs --out COPY")
        case (nil, _?): throw Self.usageError("--out needs --migrate-to VERSION")
        }
    }

    func run(console: Console) -> ExitCode {
        let versions: [(name: String, model: ManagedObjectModel)]
        do {
            versions = try Self.versions(of: bundle, console: console)
            if let migration, !versions.contains(where: { $0.name == migration.version }) {
                throw Self.usageError(
                    "--migrate-to: \(bundle) has no version \"\(migration.version)\" (it has "
                        + versions.map(\.name).joined(separator: ", ") + ")")
            }
            if let migration, stores.count > 1 {
                try FileManager.default.createDirectory(
                    atPath: migration.copy, withIntermediateDirectories: true)
            }
        } catch {
            return console.failure(error, .usage)
        }
        var worst = ExitCode.success
        for (index, store) in stores.enumerated() {
            if index > 0 { console.out("") }
            let copy = migration.map { migration in
                stores.count == 1
                    ? migration
                    : (
                        migration.version,
                        URL(fileURLWithPath: migration.copy)
                            .appendingPathComponent(URL(fileURLWithPath: store).lastPathComponent)
                            .path
                    )
            }
            let code = inspect(store, versions: versions, migration: copy, console: console)
            if code.rawValue > worst.rawValue { worst = code }
        }
        return worst
    }

    /// Inspects one store (and migrates its copy): what ``run(console:)`` does per store.
    private func inspect(
        _ store: String, versions: [(name: String, model: ManagedObjectModel)],
        migration: (version: String, copy: String)?, console: Console
    ) -> ExitCode {
        let inspection: StoreInspection
        // SQLite creates a -shm file beside a WAL store even opened read-only: the
        // store is read from a byte copy, so nothing is written beside the user's file.
        let snapshot: StoreCopy.Snapshot
        do {
            snapshot = try StoreCopy.Snapshot(of: store)
        } catch {
            return console.failure(error, .usage)
        }
        defer { snapshot.remove() }
        do {
            inspection = try StoreInspection(path: snapshot.path, versions: versions)
        } catch {
            return console.failure(StoreFailure(store: store, error: error), .usage)
        }
        let writer = inspection.isWrittenByCoreData ? "Core Data" : "this engine"
        console.out("store: \(store) (written by \(writer))")
        guard let fitting = inspection.matchingVersion else {
            console.out("no version of \(bundle) fits the store")
            printDifferences(inspection, console: console)
            return .failure
        }
        console.out("fits: \(fitting)")
        for other in inspection.versions where other.differences.isEmpty {
            if other.name != fitting { console.out("also fits: \(other.name)") }
        }
        for (entity, rows) in inspection.rowCounts { console.out("  \(entity): \(rows) rows") }
        printDifferences(inspection, console: console)
        if reads {
            let model = versions.first { $0.name == fitting }!.model
            let copy = snapshot.path + ".read"
            do {
                try StoreCopy.copy(from: snapshot.path, to: copy)
                let read = try StoreCopy.readAll(copy, model: model)
                console.out(
                    "read: \(read.objects) objects, \(read.related) related objects through "
                        + "their relationships (\(fitting))")
            } catch {
                return console.failure(StoreFailure(store: store, error: error), .failure)
            }
        }
        guard let migration else { return .success }
        return migrate(
            store, from: versions.first { $0.name == fitting }!.model, before: inspection.rowCounts,
            to: migration, from: snapshot.path, versions: versions, console: console)
    }

    /// Every version of the bundle the engine can build; versions it cannot build are
    /// reported and left out.
    private static func versions(of bundle: String, console: Console) throws
        -> [(name: String, model: ManagedObjectModel)]
    {
        let models = try XcodeModelBundle(at: URL(fileURLWithPath: bundle))
        var versions: [(name: String, model: ManagedObjectModel)] = []
        for name in models.versionNames {
            do {
                let version = try models.loadVersion(named: name)
                versions.append(
                    (name, try version.makeModel(transformers: Self.storedBytes(for: version))))
            } catch {
                console.err("left out: version \(name): \(error)")
            }
        }
        guard !versions.isEmpty else {
            throw usageError("--model: no version of \(bundle) can be loaded")
        }
        return versions
    }

    /// The standard transformers, and for every other name the app's model uses, one
    /// that keeps the stored bytes: the app's transformer classes are not in this
    /// process, and comparing or migrating a store needs only its columns, not the
    /// values decoded.
    private static func storedBytes(for version: XcodeModel) -> ValueTransformerRegistry {
        var registry = ValueTransformerRegistry.standard
        for entity in version.entities {
            for attribute in entity.attributes {
                guard case .transformable(let name?, _) = attribute.valueKind,
                    registry.transformer(named: name) == nil
                else { continue }
                registry.register(StoredBytesTransformer(name: name), named: name)
            }
        }
        return registry
    }

    /// One line per version that does not fit; every difference of the closest one
    /// (fewest differences) when none fits.
    private func printDifferences(_ inspection: StoreInspection, console: Console) {
        let differing = inspection.versions.filter { !$0.differences.isEmpty }
        for version in differing {
            console.out("differs: \(version.name) (\(version.differences.count) differences)")
        }
        guard inspection.matchingVersion == nil,
            let closest = differing.min(by: { $0.differences.count < $1.differences.count })
        else { return }
        console.out("closest: \(closest.name)")
        for line in closest.differences { console.out("  \(line)") }
    }

    /// Copies the store, migrates the copy to `target.version` and prints row counts.
    private func migrate(
        _ store: String, from source: ManagedObjectModel, before: [(entity: String, rows: Int)],
        to target: (version: String, copy: String), from snapshot: String,
        versions: [(name: String, model: ManagedObjectModel)], console: Console
    ) -> ExitCode {
        let destination = versions.first { $0.name == target.version }!.model
        let after: [(entity: String, rows: Int)]
        do {
            guard !FileManager.default.fileExists(atPath: target.copy) else {
                throw Self.usageError("--out: \(target.copy) exists; name a new file")
            }
            let temporary = target.copy + ".migrating"
            try? FileManager.default.removeItem(atPath: temporary)
            try StoreCopy.copy(from: snapshot, to: temporary)
            let mappings = StoreMappingModels(
                directory: mappingDirectory, bundle: bundle, versions: versions, console: console)
            let reports = try StoreCopy.migrate(
                temporary, to: destination, source: source
            ) {
                mappings.add(to: &$0, from: source, to: destination)
            }
            // Counted before the rename, which checkpoints the copy and removes its
            // -wal and -shm: the copy is left as one file.
            after = try StoreInspection(
                path: temporary, versions: [(target.version, destination)]
            ).rowCounts
            try StoreCopy.move(temporary, to: target.copy)
            console.out("migrated: \(target.copy) (\(target.version))")
            for report in reports {
                for table in report.tables { console.out("  \(table)") }
                for index in report.indexes { console.out("  index \(index)") }
            }
        } catch let error as UsageError {
            return console.failure(StoreFailure(store: store, error: error), .usage)
        } catch {
            // A refused or failed migration leaves no half-made copy behind.
            for suffix in ["", "-wal", "-shm"] {
                try? FileManager.default.removeItem(atPath: target.copy + ".migrating" + suffix)
            }
            return console.failure(StoreFailure(store: store, error: error), .failure)
        }
        let names = (before.map(\.entity) + after.map(\.entity)).reduce(into: [String]()) {
            if !$0.contains($1) { $0.append($1) }
        }
        console.out("rows: entity, before, after")
        for name in names {
            let old = before.first { $0.entity == name }.map { String($0.rows) } ?? "-"
            let new = after.first { $0.entity == name }.map { String($0.rows) } ?? "-"
            console.out("  \(name): \(old) -> \(new)")
        }
        return .success
    }
}

/// An error about one store of `bench store inspect`, prefixed with its path so that
/// with several stores each error line says which store it is about.
private struct StoreFailure: Error, CustomStringConvertible {
    let store: String
    let error: any Error

    var description: String { "\(store): \(ErrorText.describe(error))" }
}
