import Foundation
import ObjectGraph
import SQLiteDB
import TestSupport

/// Small model files written for these tests, each exercising shapes that real
/// Xcode-saved models have (see docs/xcdatamodel-format.md), and helpers that lay them
/// out on disk as Xcode does.
enum XcodeModelFixtures {
    /// Wraps entity XML in a `<model>` root as Xcode 16 writes it.
    static func contents(_ body: String, rootAttributes: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" \
        lastSavedToolsVersion="23788" systemVersion="24D70" minimumToolsVersion="Automatic" \
        sourceLanguage="Swift" userDefinedModelVersionIdentifier="7"\(rootAttributes)>
        \(body)
        </model>
        """
    }

    /// Writes `Name.xcdatamodeld` with one `.xcdatamodel` per version and, when
    /// `current` is given, an `.xccurrentversion` naming it.
    static func writeBundle(
        in directory: TemporaryDirectory, name: String, versions: [String: String],
        current: String? = nil, currentFile: String? = nil
    ) throws -> URL {
        let bundle = directory.url.appendingPathComponent(name + ".xcdatamodeld")
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        for (version, text) in versions {
            let folder = bundle.appendingPathComponent(version + ".xcdatamodel")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: folder.appendingPathComponent("contents"))
        }
        let plist =
            currentFile
            ?? current.map {
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0"><dict>
                    <key>_XCCurrentVersionName</key>
                    <string>\($0).xcdatamodel</string>
                </dict></plist>
                """
            }
        if let plist {
            try Data(plist.utf8).write(to: bundle.appendingPathComponent(".xccurrentversion"))
        }
        return bundle
    }

    /// Writes a single `contents` file and returns its URL.
    static func writeContents(_ text: String, in directory: TemporaryDirectory) throws -> URL {
        let folder = directory.url.appendingPathComponent("Model.xcdatamodel")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("contents")
        try Data(text.utf8).write(to: file)
        return file
    }

    /// A blog model with inheritance, every plain attribute type, every delete rule,
    /// ordered and many-to-many relationships, all index forms, constraints,
    /// configurations, templates and userInfo.
    static let blog = contents(
        """
        <entity name="Account" representedClassName=".ManagedAccount" versionHashModifier="2" \
        elementID="OldAccount" syncable="YES">
            <attribute name="age" attributeType="Integer 16" minValueString="0" \
        maxValueString="150" defaultValueString="0.0" usesScalarValueType="YES"/>
            <attribute name="balance" optional="YES" attributeType="Decimal" defaultValueString="0"/>
            <attribute name="bio" optional="YES" attributeType="String" defaultValueString=""/>
            <attribute name="flags" optional="YES" attributeType="Integer 32" defaultValueString="NO"/>
            <attribute name="homepage" optional="YES" attributeType="URI"/>
            <attribute name="id" attributeType="UUID" preserveAfterDeletion="YES"/>
            <attribute name="isAdmin" attributeType="Boolean" defaultValueString="YES"/>
            <attribute name="joined" attributeType="Date" defaultDateTimeInterval="631123200"/>
            <attribute name="karma" optional="YES" attributeType="Integer 64" \
        defaultValueString="-1" indexed="YES"/>
            <attribute name="photo" optional="YES" attributeType="Binary" \
        allowsExternalBinaryDataStorage="YES"/>
            <attribute name="rating" optional="YES" attributeType="Float" defaultValueString="0"/>
            <attribute name="score" optional="YES" attributeType="Double" defaultValueString="1.5"/>
            <attribute name="sessionToken" optional="YES" transient="YES"/>
            <attribute name="username" attributeType="String" elementID="login" \
        spotlightIndexingEnabled="YES" futureFlag="YES">
                <userInfo>
                    <entry key="sync.remoteKey" value="user_&quot;name&quot;"/>
                </userInfo>
            </attribute>
            <relationship name="followers" optional="YES" toMany="YES" deletionRule="Nullify" \
        destinationEntity="Account" inverseName="following" inverseEntity="Account"/>
            <relationship name="following" optional="YES" toMany="YES" deletionRule="No Action" \
        ordered="YES" destinationEntity="Account" inverseName="followers" inverseEntity="Account"/>
            <relationship name="posts" toMany="YES" minCount="1" maxCount="50" \
        deletionRule="Deny" destinationEntity="BasePost" inverseName="author" \
        inverseEntity="BasePost"/>
            <compoundIndexes>
                <compoundIndex>
                    <index value="username"/>
                    <index value="age"/>
                </compoundIndex>
            </compoundIndexes>
            <uniquenessConstraints>
                <uniquenessConstraint><constraint value="username"/></uniquenessConstraint>
                <uniquenessConstraint><constraint value="id"/><constraint value="age"/></uniquenessConstraint>
            </uniquenessConstraints>
            <userInfo/>
        </entity>
        <entity name="BasePost" representedClassName="BasePost" isAbstract="YES" syncable="YES">
            <attribute name="title" optional="YES" attributeType="String"/>
            <relationship name="author" maxCount="1" deletionRule="Nullify" \
        destinationEntity="Account" inverseName="posts" inverseEntity="Account"/>
            <relationship name="parent" optional="YES" maxCount="1" deletionRule="Nullify" \
        destinationEntity="BasePost" inverseName="replies" inverseEntity="BasePost" indexed="YES"/>
            <relationship name="replies" optional="YES" toMany="YES" deletionRule="Cascade" \
        destinationEntity="BasePost" inverseName="parent" inverseEntity="BasePost"/>
            <fetchIndex name="byTitleIndex">
                <fetchIndexElement property="title" type="Binary" order="descending"/>
                <fetchIndexElement property="replies" type="binary" order="ascending"/>
            </fetchIndex>
            <fetchedProperty name="recent" optional="YES">
                <fetchRequest name="recentRequest" entity="BasePost" predicateString="title != nil"/>
            </fetchedProperty>
        </entity>
        <entity name="Page" representedClassName="WordPress.Page" parentEntity="Post" syncable="YES"/>
        <entity name="Post" representedClassName="Post" parentEntity="BasePost" syncable="YES">
            <attribute name="body" optional="YES" attributeType="String"/>
            <relationship name="cache" optional="YES" maxCount="1" deletionRule="Cascade" \
        destinationEntity="Account"/>
        </entity>
        <fetchRequest name="byAuthorName" entity="BasePost" \
        predicateString="author.username == $NAME AND title BEGINSWITH $PREFIX AND author.username != $NAME" \
        fetchLimit="10"/>
        <configuration name="Cloud" usedWithCloudKit="YES"><memberEntity name="Account"/></configuration>
        <elements>
            <element name="Account" positionX="-63" positionY="-18" width="128" height="283"/>
        </elements>
        """)
}

extension XcodeModelFixtures {
    /// The `CREATE` statements of a new store of `model` whose names match the SQL LIKE
    /// `pattern`, by name.
    static func schemaSQL(of model: ManagedObjectModel, named pattern: String) throws -> [String] {
        let directory = try TemporaryDirectory()
        let path = directory.path("store.sqlite")
        let container = PersistentContainer(name: "Fixture", model: model)
        container.persistentStoreDescriptions = [
            PersistentStoreDescription(url: URL(fileURLWithPath: path))
        ]
        try container.loadPersistentStores()
        let connection = try Connection(location: .file(path))
        return try connection.fetchAll(
            "SELECT sql FROM sqlite_master WHERE name LIKE \(pattern) AND sql IS NOT NULL "
                + "ORDER BY name"
        ) { $0.string(at: 0) }
    }
}
