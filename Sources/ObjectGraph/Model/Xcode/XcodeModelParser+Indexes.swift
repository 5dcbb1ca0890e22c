/// Fetch indexes, legacy compound indexes and uniqueness constraints.
extension XcodeModelParser {
    /// A `<fetchIndex>` (Xcode 9+): named elements over properties or expressions.
    mutating func fetchIndex(_ node: XMLElementNode, of owner: String) throws(XcodeModelError)
        -> FetchIndexDescription
    {
        let name = try required("name", of: node)
        locations.indexes[owner + "#" + name] = location(of: node)
        var elements: [FetchIndexDescription.Element] = []
        for element in node.children(named: "fetchIndexElement") {
            elements.append(try fetchIndexElement(element, index: name))
        }
        return FetchIndexDescription(name: name, elements: elements)
    }

    private func fetchIndexElement(_ node: XMLElementNode, index: String) throws(XcodeModelError)
        -> FetchIndexDescription.Element
    {
        let order = node.attributes["order"] ?? "ascending"
        guard order == "ascending" || order == "descending" else {
            throw error(
                at: node, "index \"\(index)\": order \"\(order)\" is not ascending or descending")
        }
        let kind = (node.attributes["type"] ?? "Binary").lowercased()
        let isRTree = kind == "rtree" || kind == "r-tree"
        guard isRTree || kind == "binary" else {
            throw error(
                at: node, "index \"\(index)\": type \"\(kind)\" is not Binary or RTree")
        }
        var element: FetchIndexDescription.Element
        if let property = node.attributes["property"] {
            element = FetchIndexDescription.Element(
                property: property, ascending: order == "ascending")
        } else if let expression = node.attributes["expression"] {
            element = FetchIndexDescription.Element(property: "", ascending: order == "ascending")
            element.expression = expression
        } else {
            throw error(
                at: node,
                "index \"\(index)\": <fetchIndexElement> names neither a property= "
                    + "nor an expression=")
        }
        element.isRTree = isRTree
        return element
    }

    /// Legacy `<compoundIndexes>` (before Xcode 9), named `compound_<a>_<b>` after their
    /// properties since the format gives them no name.
    mutating func compoundIndexes(_ node: XMLElementNode, of owner: String)
        throws(XcodeModelError) -> [FetchIndexDescription]
    {
        var indexes: [FetchIndexDescription] = []
        for compound in node.children(named: "compoundIndex") {
            var properties: [String] = []
            for index in compound.children(named: "index") {
                properties.append(try required("value", of: index))
            }
            let name = (["compound"] + properties).joined(separator: "_")
            locations.indexes[owner + "#" + name] = location(of: compound)
            indexes.append(
                FetchIndexDescription(
                    name: name, elements: properties.map { .init(property: $0) }))
        }
        return indexes
    }

    /// `<uniquenessConstraints>`: each constraint is one unique key of one or more values.
    func uniquenessConstraints(_ node: XMLElementNode) throws(XcodeModelError) -> [[String]] {
        var constraints: [[String]] = []
        for constraint in node.children(named: "uniquenessConstraint") {
            var values: [String] = []
            for value in constraint.children(named: "constraint") {
                values.append(try required("value", of: value))
            }
            constraints.append(values)
        }
        return constraints
    }
}
