extension DiagramStyle {
    /// An HTML-like table explaining what this diagram draws (only the kinds, relations and marks
    /// present). Fixed text of navgraph's own: no registry data goes in here.
    static func legend(for d: Diagram) -> String {
        var rows: [String] = []
        func swatch(_ attrs: Attributes, _ text: String, _ what: String) {
            let a = Dictionary(attrs, uniquingKeysWith: { a, _ in a })
            let bg = a["fillcolor"] ?? "#FFFFFF", fg = a["color"] ?? blue
            rows.append("<TR><TD BGCOLOR=\"\(bg)\" COLOR=\"\(fg)\"><FONT COLOR=\"\(a["fontcolor"] ?? "#1B1B1B")\">\(text)</FONT></TD>"
                + "<TD ALIGN=\"LEFT\">\(what)</TD></TR>")
        }
        func line(_ relation: Diagram.Relation, _ marks: Diagram.Marks, _ glyph: String, _ what: String) {
            let a = Dictionary(edge(relation, marks), uniquingKeysWith: { a, _ in a })
            rows.append("<TR><TD><FONT COLOR=\"\(a["color"]!)\">\(glyph)</FONT></TD><TD ALIGN=\"LEFT\">\(what)</TD></TR>")
        }
        let kinds = Set(d.nodes.map(\.kind)), relations = Set(d.edges.map(\.relation)), marks = d.allMarks
        let kindText: [(Diagram.NodeKind, String, String)] = [
            (.feature, "Feature", "screen (feature)"), (.route, "route", "route id"), (.handler, "Handler", "route handler"),
            (.dependency, "Dependency", "dependency protocol"), (.module, "Module", "module (collapsed)"),
            (.unhandledRoute, "route", "route no handler claims"), (.group, "Group", "group of screens (drawn in its own picture)"),
        ]
        for (k, text, what) in kindText where kinds.contains(k) { swatch(node(k, []), text, what) }
        let base: Diagram.NodeKind = d.isMap ? .group : d.collapsed ? .module : .feature
        let markText: [(Diagram.Marks, String, String)] = [
            (.entry, "Entry", "entry (built without isEnabled)"), (.unreachable, "Unreachable", "unreachable"),
            (.disabled, "Disabled", "can be disabled"), (.missingFallback, "No fallback", "disabled without fallback: crashes"),
            (.finding, "Finding", "other finding (see tooltip)"), (.undeclared, "Undeclared", "referenced, not declared"),
            (.context, "Context", "outside the selection"),
            (.added, "Added", "added by the change"), (.removed, "Removed", "removed by the change"),
            (.changed, "Changed", "changed (details in the tooltip)"),
            (.worstError, "Error", "worst finding on its screens: an error"),
            (.worstWarning, "Warning", "worst finding on its screens: a warning"),
        ]
        let inGroups = d.nodes.contains { $0.link != nil && $0.marks.contains(.context) }
        for (m, text, what) in markText where marks.contains(m) {
            swatch(node(base, m), text, m == .context && inGroups ? "in another group (drawn in its picture)" : what)
        }
        let relText: [(Diagram.Relation, String, String)] = [
            (.navigates, "──▶", d.showsEdgeLabels ? "navigates (label: route id)" : "navigates (route ids in tooltips)"),
            (.opens, "──▶", "opens route"), (.handledBy, "──○", "handled by"), (.routesTo, "──▶", "handler builds"),
            (.fallback, "- - ▶", "fallback"), (.requires, "──▷", "depends on"), (.requiresLazy, "···▷", "depends on, lazily"),
            (.aggregate, "──▶", d.isMap ? "links between groups (count)" : "links between modules (count)"),
            (.direct, "- - ⇢", "presents directly, around the router (style direct)"),
        ]
        for (r, glyph, what) in relText where relations.contains(r) { line(r, [], glyph, what) }
        if marks.contains(.cycle) { line(.requires, .cycle, "──▷", "dependency cycle") }
        if marks.contains(.unhandled) { line(.navigates, .unhandled, "──▶", "route without handler") }
        if d.edges.contains(where: { $0.marks.contains(.changed) }) { line(.navigates, .changed, "──▶", "edge through a changed route or handler") }
        if d.edges.contains(where: { $0.marks.contains(.added) }) { line(.navigates, .added, "──▶", "edge added") }
        if d.edges.contains(where: { $0.marks.contains(.removed) }) { line(.navigates, .removed, "- - ▶", "edge removed") }
        return "<TABLE BORDER=\"0\" CELLBORDER=\"1\" CELLSPACING=\"0\" CELLPADDING=\"3\">"
            + "<TR><TD COLSPAN=\"2\"><B>Legend</B></TD></TR>" + rows.joined() + "</TABLE>"
    }
}
