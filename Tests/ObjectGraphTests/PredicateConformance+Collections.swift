extension ConformanceTable {
    /// R12, R15 to R17, R20, R21: ANY / ALL / NONE, BETWEEN, IN, aggregates, SUBQUERY.
    static let collections: [ConformanceCase] =
        rows(
            .collectionModifiers, "User",
            [
                "ANY posts.score > 4": ["ann"], "ALL posts.score > 4": ["nil", "a*b", "a\\b"],
                "NONE posts.score > 4": users(except: "ann"),
                "ANY posts.title BEGINSWITH 'S'": ["ann", "Bob"],
                "ALL posts.title BEGINSWITH 'S'": ["Bob", "nil", "a*b", "a\\b"],
                "NONE posts.title == nil": users(except: "Céline"),
                "ANY posts.title == nil": ["Céline"], "SOME posts.score == 2.5": ["ann"],
                "ANY posts.tags.name == 'swift'": ["ann", "Bob"],
                "ALL posts.tags.name == 'swift'": ["ann", "Céline", "nil", "a*b", "a\\b"],
                "NOT (ANY posts.score > 4)": users(except: "ann"),
                "ANY posts.score > 4 OR name == 'Bob'": ["ann", "Bob"],
                "ANY posts.score BETWEEN {2, 4}": ["ann", "Bob"],
                "ANY posts.title IN {'orphan', 'SQL joins'}": ["Bob"],
                "ANY posts.title IN[c] {'sql JOINS'}": ["Bob"],
                "ANY posts.title CONTAINS[c] 'TIPS'": ["ann"],
            ])
        + rows(
            .collectionModifiers, "Tag",
            [
                "ANY posts.author.name == 'ann'": ["swift"],
                "ALL posts.score >= 4": ["swift", "sql"],
                "NONE posts.score == 0": ["swift", "sql"],
            ])
        + rows(
            .between, "User",
            [
                "age BETWEEN {25, 33}": ["ann", "Bob", "a\\b"], "age BETWEEN {33, 25}": [],
                "age BETWEEN {19, 19}": [""], "age BETWEEN {nil, 40}": [],
                "NOT (age BETWEEN {nil, 40})": users,
                "name BETWEEN {'a', 'b'}": ["ann", "a*b", "a\\b"],
            ])
        + rows(
            .between, "Post",
            [
                "score BETWEEN {1, 4}": ["Café notes", "SQL joins", "orphan"],
                "score BETWEEN {2.5, 2.5}": ["Café notes"],
            ])
        + rows(
            .between, "Post", .social,
            [
                "published BETWEEN {CAST(0, 'NSDate'), CAST(86400, 'NSDate')}": [
                    "Swift tips", "Café notes",
                ]
            ]) + [row(.between, "User", "age BETWEEN %@", [[20, 30]], ["ann", "Bob"])]
        + inStrings + inKeyPaths + aggregates + subqueries

    static let inStrings: [ConformanceCase] =
        rows(
            .inString, "User",
            [
                "name IN 'annie and Bob'": ["ann", "Bob"], "name IN[c] 'ANNIE'": ["ann"],
                "name IN 'Céline'": ["Céline"], "name IN[d] 'Celine'": ["Céline"],
                "'nn' IN name": ["ann"], "'N' IN[c] name": ["ann", "Céline"], "'' IN name": [],
                "NOT ('nn' IN name)": users(except: "ann"),
                "ALL posts.title IN 'Swift tips and Café notes'": ["ann", "nil", "a*b", "a\\b"],
            ])
        + rows(
            .inString, "Post",
            ["'tips' IN title": ["Swift tips"], "'é' IN[d] title": ["Café notes"]])

    static let inKeyPaths: [ConformanceCase] =
        rows(
            .inKeyPath, "User",
            [
                "'Swift tips' IN posts.title": ["ann"], "'x' IN posts.title": [],
                "NOT ('Swift tips' IN posts.title)": users(except: "ann"),
            ])
        + rows(.inKeyPath, "Tag", ["'ann' IN posts.author.name": ["swift"]])
        + rows(
            .inKeyPath, "Post",
            [
                "'swift' IN tags.name": ["Swift tips", "SQL joins"],
                "'SWIFT' IN[c] tags.name": ["Swift tips", "SQL joins"],
            ]) + [row(.inKeyPath, "User", "%@ IN posts.title", ["SQL joins"], ["Bob"])]

    static let aggregates: [ConformanceCase] =
        rows(
            .aggregates, "User",
            [
                "posts.@count == 0": ["nil", "a*b", "a\\b"], "posts.@count == 2": ["ann"],
                "posts.@count > 0": ["ann", "Bob", "Céline", ""],
                "posts.@sum.score == 0": ["", "Céline", "nil", "a*b", "a\\b"],
                "posts.@sum.score == 7.5": ["ann"],
                "posts.@avg.score == nil": ["Céline", "nil", "a*b", "a\\b"],
                "posts.@avg.score == 3.75": ["ann"], "posts.@max.score == 5": ["ann"],
                "posts.@min.score < 1": [""],
                "posts.@min.score == nil": ["Céline", "nil", "a*b", "a\\b"],
            ])
        + rows(
            .aggregates, "Tag",
            ["posts.@count == 2": ["swift"], "posts.@max.author.age == 30": ["swift"]])

    static let subqueries: [ConformanceCase] =
        rows(
            .subquery, "User",
            [
                "SUBQUERY(posts, $p, $p.score > 2).@count == 2": ["ann"],
                "SUBQUERY(posts, $p, $p.score > 2).@count > 0": ["ann", "Bob"],
                "SUBQUERY(posts, $p, $p.title == nil).@count == 1": ["Céline"],
                "SUBQUERY(posts, $p, ANY $p.tags.name == 'swift').@count > 0": ["ann", "Bob"],
                "SUBQUERY(posts, $p, SUBQUERY($p.tags, $t, $t.name == 'sql').@count > 0).@count > 0":
                    ["Bob"],
                "SUBQUERY(posts, $p, NOT ($p.score > 2)).@count > 0": ["Céline", ""],
                "SUBQUERY(posts, $p, $p.title BEGINSWITH '').@count > 0": [],
            ])
        + rows(
            .subquery, "Tag",
            ["SUBQUERY(posts, $p, $p.author.name == 'ann').@count == 1": ["swift"]])
}
