extension ConformanceTable {
    /// R7 to R11: string operators, their options, LIKE and MATCHES.
    static let strings: [ConformanceCase] =
        rows(
            .stringOptions, "User",
            [
                "name BEGINSWITH 'a'": ["ann", "a*b", "a\\b"], "name BEGINSWITH 'A'": [],
                "name BEGINSWITH[c] 'A'": ["ann", "a*b", "a\\b"],
                "name BEGINSWITH[c] 'b'": ["Bob"], "name ENDSWITH 'b'": ["Bob", "a*b", "a\\b"],
                "name ENDSWITH[c] 'B'": ["Bob", "a*b", "a\\b"], "name CONTAINS 'e'": ["Céline"],
                "name CONTAINS 'é'": ["Céline"], "name CONTAINS[d] 'e'": ["Céline"],
                "name CONTAINS 'E'": [], "name CONTAINS[cd] 'CELINE'": ["Céline"],
                "name ==[cd] 'celine'": ["Céline"], "name == 'celine'": [],
                "name ==[c] 'céline'": ["Céline"], "name ==[d] 'Celine'": ["Céline"],
                "name ==[c] 'Celine'": [], "name !=[c] 'ANN'": users(except: "ann"),
                "name CONTAINS[c] 'O'": ["Bob"], "name BEGINSWITH[cd] 'CÉ'": ["Céline"],
                "name ENDSWITH[d] 'line'": ["Céline"],
            ])
        + rows(
            .stringOptions, "Post",
            [
                "title CONTAINS[c] 'swift'": ["Swift tips"],
                "title BEGINSWITH[cd] 'cafe'": ["Café notes"],
                "title ENDSWITH 's'": ["Swift tips", "Café notes", "SQL joins"],
                "author.name BEGINSWITH[c] 'b'": ["SQL joins"],
            ]) + rows(.stringOptions, "Tag", ["name ==[c] 'SWIFT'": ["swift"]])
        + optionsOnIn + optionsOnOrdering + likes + matches

    static let optionsOnIn: [ConformanceCase] =
        rows(
            .optionsOnIn, "User",
            [
                "name IN[c] {'ANN', 'bob'}": ["ann", "Bob"], "name IN {'ANN', 'bob'}": [],
                "name IN[d] {'Celine'}": ["Céline"],
                "name IN[cd] {'CELINE', 'ANN'}": ["Céline", "ann"],
                "name IN[c] {'céline'}": ["Céline"], "name IN[c] {'celine'}": [],
                "NOT (name IN[c] {'ANN'})": users(except: "ann"), "name IN[c] {}": [],
                "age IN[c] {30, 25}": ["ann", "Bob"], "name IN[c] {'A*B'}": ["a*b"],
            ])
        + rows(
            .optionsOnIn, "Post",
            ["title IN[c] {'swift TIPS', 'orphan'}": ["Swift tips", "orphan"]])
        + rows(.optionsOnIn, "Tag", ["name IN[cd] {'SWIFT', 'SQL'}": ["swift", "sql"]])
        + [row(.optionsOnIn, "User", "name IN[c] %@", [["BOB"]], ["Bob"])]

    static let optionsOnOrdering: [ConformanceCase] =
        rows(
            .optionsOnOrdering, "User",
            [
                "name <[c] 'b'": ["ann", "", "a*b", "a\\b"], "name >[c] 'b'": ["Bob", "Céline"],
                "name >=[c] 'BOB'": ["Bob", "Céline"],
                "name <=[c] 'BOB'": ["ann", "Bob", "", "a*b", "a\\b"],
                "name > 'Cf'": ["Céline", "ann", "a*b", "a\\b"],
                "name >[d] 'Cf'": ["ann", "a*b", "a\\b"], "name BETWEEN[c] {'b', 'c'}": ["Bob"],
                "name BETWEEN {'b', 'c'}": [], "name BETWEEN[cd] {'c', 'd'}": ["Céline"],
                "name <[c] nil": [], "NOT (name <[c] 'b')": ["Bob", "Céline", "nil"],
                "age <[c] 30": ["Bob", ""],
            ])
        + rows(
            .optionsOnOrdering, "Post",
            [
                "title <[c] 'd'": ["Café notes", ""],
                "title >[cd] 'CAFE'": ["Café notes", "Swift tips", "SQL joins", "orphan"],
            ])

    static let likes: [ConformanceCase] =
        rows(
            .like, "User",
            [
                "name LIKE 'a*'": ["ann", "a*b", "a\\b"], "name LIKE 'a?b'": ["a*b", "a\\b"],
                "name LIKE 'a\\\\*b'": ["a*b"], "name LIKE 'a\\\\?b'": [],
                "name LIKE 'a\\\\\\\\b'": ["a\\b"], "name LIKE[c] 'A*'": ["ann", "a*b", "a\\b"],
                "name LIKE '*'": users(except: "nil"), "name LIKE '?'": [],
                "name LIKE '???'": ["ann", "Bob", "a*b", "a\\b"], "name LIKE[cd] 'c*'": ["Céline"],
                "name LIKE 'c*'": [], "name LIKE '*e'": ["Céline"],
                "NOT (name LIKE 'a*')": ["Bob", "Céline", "", "nil"],
            ])
        + rows(
            .like, "Post",
            [
                "title LIKE '* *'": ["Swift tips", "Café notes", "SQL joins"],
                "title LIKE[c] 's*'": ["Swift tips", "SQL joins"],
            ]) + [row(.like, "User", "name LIKE %@", ["a\\*b"], ["a*b"])]

    static let matches: [ConformanceCase] =
        rows(
            .matches, "User",
            [
                "name MATCHES 'a.*'": ["ann", "a*b", "a\\b"],
                "name MATCHES '[A-Z].*'": ["Bob", "Céline"], "name MATCHES[c] 'B.B'": ["Bob"],
                "name MATCHES 'a\\\\*b'": ["a*b"],
                "name MATCHES '.{3}'": ["ann", "Bob", "a*b", "a\\b"],
                "name MATCHES[cd] 'celine'": ["Céline"],
                "NOT (name MATCHES 'a.*')": ["Bob", "Céline", "", "nil"],
            ])
        + rows(
            .matches, "Post", ["title MATCHES '.*s'": ["Swift tips", "Café notes", "SQL joins"]])
}
