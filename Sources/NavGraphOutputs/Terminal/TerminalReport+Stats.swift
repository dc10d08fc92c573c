import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph
import NavGraphChecks

extension TerminalReport {
    /// How many top rows the hub and depth lists show.
    package static let topCount = 5

    /// Every start of the app: entry features and what entry routes land on.
    package static func appTree(_ g: NavGraph, _ scenario: FlagScenario) -> FlowTree {
        let entries = g.entryMoves(under: scenario)
        return g.flowTree(from: entries.compactMap(\.root), initial: entries.flatMap(\.moves), under: scenario)
    }

    /// Screens reached from the most other screens.
    package static func hubs(_ g: NavGraph, _ scenario: FlagScenario, _ s: TerminalStyle) -> [String] {
        var out = heading("Hubs (screens reached from the most places)", s)
        var sources: [Int32: Set<Int32>] = [:]
        for f in g.declaredFeatures {
            for m in g.moves(from: f, under: scenario) {
                if let l = m.lands { sources[l, default: []].insert(f) }
            }
        }
        let ranked = sources.filter { $0.value.count >= 2 }
            .sorted { ($0.value.count, g.name($1.key)) > ($1.value.count, g.name($0.key)) }
            .prefix(topCount)
        if ranked.isEmpty {
            out.append("  " + s.paint("no screen is reached from more than one place", .dim))
            return out
        }
        let nameWidth = ranked.map { StringWidth.of(s.escape(g.name($0.key))) }.max() ?? 0
        for (f, from) in ranked {
            let names = from.map { s.escape(g.name($0)) }.sorted().joined(separator: ", ")
            let name = s.escape(g.name(f))
            let head = "  " + s.paint(name, .bold) + String(repeating: " ", count: max(0, nameWidth - StringWidth.of(name)))
                + "  from \(plural(from.count, "screen")): "
            out += s.wrap(names, firstIndent: head, indent: String(repeating: " ", count: min(nameWidth + 4, s.width / 2)))
        }
        return out
    }

    /// Screens farthest from any entry (fewest steps), with the way there.
    package static func deepest(_ g: NavGraph, _ scenario: FlagScenario, _ s: TerminalStyle) -> [String] {
        var out = heading("Deepest screens (steps from the nearest entry)", s)
        let tree = appTree(g, scenario)
        let ranked = tree.order.filter { (tree.depth($0) ?? 0) > 0 }
            .sorted { (tree.depth($0)!, g.name($1)) > (tree.depth($1)!, g.name($0)) }
            .prefix(topCount)
        if ranked.isEmpty {
            out.append("  " + s.paint("no screen beyond the entries", .dim))
            return out
        }
        for f in ranked {
            let path = tree.path(to: f)
            var names: [String] = []
            if let first = path.first {
                names.append(first.from.map { s.escape(g.name($0)) } ?? "route \(s.escape(g.name(first.route)))")
            }
            names += path.compactMap { $0.lands }.map { s.escape(g.name($0)) }
            let head = "  \(tree.depth(f)!)  " + s.escape(g.name(f)) + ": "
            out += s.wrap(names.joined(separator: " \(s.arrow) "), firstIndent: head, indent: "       ")
        }
        return out
    }

    /// Reached screens from which nothing leads on.
    package static func deadEnds(_ g: NavGraph, _ scenario: FlagScenario, _ s: TerminalStyle) -> [String] {
        var out = heading("Dead ends (reached screens that lead nowhere)", s)
        let tree = appTree(g, scenario)
        var leaves: [String] = []
        var broken: [String] = []
        for f in tree.order.sorted() where g.isDeclaredFeature(f) {
            let ms = g.moves(from: f, under: scenario)
            if ms.isEmpty {
                leaves.append(s.escape(g.name(f)))
            } else if ms.allSatisfy({ $0.lands == nil }) {
                broken.append(s.escape(g.name(f)))
            }
        }
        if leaves.isEmpty && broken.isEmpty { out.append("  " + s.paint("none", .dim)) }
        if !leaves.isEmpty { out += s.wrap(leaves.joined(separator: ", "), firstIndent: "  open no route: ", indent: "    ") }
        if !broken.isEmpty {
            out += s.wrap(broken.joined(separator: ", "), firstIndent: "  every route fails: ", indent: "    ").map { s.paint($0, .red) }
        }
        return out
    }

    /// One row per module: what it declares and how much of it is reached.
    package static func modules(_ g: NavGraph, _ scenario: FlagScenario, _ s: TerminalStyle) -> [String] {
        var out = heading("Modules", s)
        struct Row { var features = Set<String>(), reached = Set<String>(), routes = Set<String>(), handlers = Set<String>(), deps = Set<String>() }
        var rows: [String: Row] = [:]
        let none = "(no module)"
        let tree = appTree(g, scenario)
        for f in g.registry.features {
            let key = f.module ?? none
            rows[key, default: Row()].features.insert(f.name)
            if let id = g.node(.feature, f.name), tree.depth(id) != nil { rows[key, default: Row()].reached.insert(f.name) }
        }
        for r in g.registry.routes { rows[r.module ?? none, default: Row()].routes.insert(r.id) }
        for h in g.registry.handlers { rows[h.module ?? none, default: Row()].handlers.insert(h.name) }
        for d in g.registry.dependencies { rows[d.module ?? none, default: Row()].deps.insert(d.protocol) }
        let header = ["module", "features", "reached", "routes", "handlers", "deps"]
        var table: [[String]] = [header]
        for key in rows.keys.sorted() {
            let r = rows[key]!
            table.append([s.escape(key), "\(r.features.count)", "\(r.reached.count)", "\(r.routes.count)", "\(r.handlers.count)", "\(r.deps.count)"])
        }
        let nameWidth = min(table.map { StringWidth.of($0[0]) }.max() ?? 6, max(10, s.width - 50))
        for (i, row) in table.enumerated() {
            var line = "  " + StringWidth.pad(s.truncate(row[0], to: nameWidth), nameWidth)
            for (j, cell) in row.dropFirst().enumerated() {
                let w = header[j + 1].count
                line += "  " + String(repeating: " ", count: max(0, w - cell.count)) + cell
            }
            out.append(i == 0 ? s.paint(line, .dim) : line)
        }
        return out
    }
}
