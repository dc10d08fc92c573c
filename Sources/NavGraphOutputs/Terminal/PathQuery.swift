import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph
import NavGraphChecks

/// `navgraph path FROM TO`: the shortest ways from a screen (or a route, opened as an entry) to a
/// screen under a flag scenario — every step with route, handler and presentation style — or,
/// when there is none, why not.
public enum PathQuery {
    /// The answer, and whether a path was found (the CLI exits 1 when not).
    public struct Answer: Sendable, Equatable {
        public var text: String
        public var found: Bool
    }

    /// Where a path starts: a screen, or the moves of opening a route.
    package enum Start {
        case screen(Int32)
        case route(Int32, [ScreenMove])
    }

    public static func run(
        from: String, to: String, all: Bool, graph g: NavGraph, scenario: FlagScenario, style s: TerminalStyle,
        limit: Int = 50
    ) -> Answer {
        let start: Start
        let declaredFeatures = g.declaredFeatures
        if let f = g.node(.feature, from), !g.isDeclaredFeature(f) {
            return Answer(text: unknown(from, "declared screen", declaredFeatures, g, s), found: false)
        } else if let f = g.node(.feature, from) {
            start = .screen(f)
        } else if let r = g.node(.route, from) {
            start = .route(r, g.moves(opening: r, from: nil, under: scenario))
        } else {
            return Answer(text: unknown(from, "screen or route", declaredFeatures + g.ids(of: .route), g, s), found: false)
        }
        guard let target = g.node(.feature, to) else {
            if let r = g.node(.route, to) {
                let dests = g.moves(opening: r, from: nil, under: scenario).compactMap(\.destination).map { s.escape(g.name($0)) }
                let where_ = dests.isEmpty ? "no handler takes it" : "it leads to \(Array(Set(dests)).sorted().joined(separator: ", "))"
                return Answer(text: "'\(s.escape(to))' is a route, not a screen: \(where_). Ask for a screen.\n", found: false)
            }
            return Answer(text: unknown(to, "screen", declaredFeatures, g, s), found: false)
        }
        if !g.isDeclaredFeature(target) {
            return Answer(text: unknown(to, "declared screen", declaredFeatures, g, s), found: false)
        }
        let fromName = s.paint(s.escape(from), .bold), toName = s.paint(s.escape(to), .bold)
        if case .screen(let f) = start, f == target {
            return Answer(text: "\(fromName) is \(toName) itself: 0 steps.\n", found: true)
        }
        let paths = shortestPaths(start, to: target, g, scenario, all: all, limit: limit)
        guard let first = paths.first else {
            var out = "No path from \(fromName) to \(toName) under scenario \(TerminalReport.scenarioText(scenario, s)).\n"
            for line in reasons(start, target, g, scenario, s) { out += s.wrap(line, firstIndent: "  \(s.bullet) ", indent: "    ").joined(separator: "\n") + "\n" }
            return Answer(text: out, found: false)
        }
        var out = "\(fromName) \(s.arrow) \(toName): \(TerminalReport.plural(first.count, "step"))"
        if all { out += ", \(TerminalReport.plural(paths.count, "shortest path"))\(paths.count >= limit ? " (first \(limit))" : "")" }
        out += " (scenario \(TerminalReport.scenarioText(scenario, s)))\n"
        for (i, p) in paths.enumerated() {
            if all { out += "\n" + s.paint("Path \(i + 1)", .bold) + "\n" }
            out += steps(p, startName: startName(start, g, s), g, scenario, s).joined(separator: "\n") + "\n"
        }
        return Answer(text: out, found: true)
    }

    /// `Start` (already escaped) then `1. opens r (style), handled by H → Screen`, each wrapped to the width.
    public static func steps(_ path: [ScreenMove], startName: String, _ g: NavGraph, _ scenario: FlagScenario, _ s: TerminalStyle) -> [String] {
        var out = ["  " + startName]
        let numberWidth = "\(path.count). ".count
        for (i, m) in path.enumerated() {
            let num = StringWidth.pad("\(i + 1).", numberWidth)
            out += s.wrap(MoveText.sentence(m, g, scenario, s), firstIndent: "  \(num)", indent: "  " + String(repeating: " ", count: numberWidth + 2))
        }
        return out.map { s.truncate($0) }
    }

    package static func unknown(_ name: String, _ what: String, _ ids: [Int32], _ g: NavGraph, _ s: TerminalStyle) -> String {
        let hint = NameSuggestion.closest(to: name, in: ids.map(g.name)).map { "; did you mean '\(s.escape($0))'?" } ?? ""
        return "No \(what) named '\(s.escape(name))'\(hint)\n"
    }

    /// Every shortest path (or the first in name order), read off the one breadth-first walk
    /// (`NavGraph.flowTree(allParents:)`, over `moves(opening:)`): no walk of its own.
    /// Partial paths share their tails through an arena of (move, next) links, so nothing is
    /// copied per step.
    package static func shortestPaths(_ start: Start, to target: Int32, _ g: NavGraph, _ scenario: FlagScenario, all: Bool, limit: Int) -> [[ScreenMove]] {
        let tree: FlowTree
        var startScreen: Int32?
        switch start {
        case .screen(let f):
            tree = g.flowTree(from: [f], under: scenario, allParents: true)
            startScreen = f
        case .route(_, let moves):
            tree = g.flowTree(from: [], initial: moves, under: scenario, allParents: true)
        }
        guard tree.contains(target) else { return [] }
        func key(_ m: ScreenMove) -> String {
            "\(m.from.map(g.name) ?? "")\u{1}\(m.direct ? "" : g.name(m.route))\u{1}\(m.handler.map(g.name) ?? "")\u{1}\(m.style ?? "")"
        }
        var results: [[ScreenMove]] = []
        var arena: [(move: ScreenMove, next: Int)] = []
        // (screen still to explain, or nil once the path reached an entry route's move; suffix link)
        var stack: [(node: Int32?, link: Int)] = [(target, -1)]
        while let (node, link) = stack.popLast() {
            if node == nil || node == startScreen {
                var steps: [ScreenMove] = []
                var l = link
                while l >= 0 {
                    steps.append(arena[l].move)
                    l = arena[l].next
                }
                results.append(steps)
                if !all || results.count >= limit { break }
                continue
            }
            let ps = tree.predecessors(node!).sorted { key($0) > key($1) }
            for p in ps {
                arena.append((p, link))
                stack.append((p.from, arena.count - 1))
            }
        }
        return results
    }

    /// Why there is no path: the target undeclared or never routed to, a disabled screen on the
    /// way, a route without a handler.
    package static func reasons(_ start: Start, _ target: Int32, _ g: NavGraph, _ scenario: FlagScenario, _ s: TerminalStyle) -> [String] {
        var out: [String] = []
        let t = s.escape(g.name(target))
        if !g.isDeclaredFeature(target) { out.append("\(t) is referenced but not declared as a feature.") }
        // Who leads to the target at all.
        var ways: [String] = []
        for r in g.ids(of: .route) {
            for m in g.moves(opening: r, from: nil, under: scenario) where m.destination == target {
                ways.append("'\(s.escape(g.name(r)))' (\(m.handler.map { s.escape(g.name($0)) } ?? "?"))")
            }
        }
        let fallbackOf = g.declaredFeatures.filter { g.feature($0)?.fallback == g.name(target) }
        let reachable: FlowTree
        switch start {
        case .screen(let f): reachable = g.flowTree(from: [f], under: scenario)
        case .route(_, let moves): reachable = g.flowTree(from: [], initial: moves, under: scenario)
        }
        let count = "none of the \(TerminalReport.plural(reachable.order.count, "screen")) reachable from \(startName(start, g, s)) opens it"
        if ways.isEmpty && fallbackOf.isEmpty && !g.entryFeatures.contains(target) {
            out.append("No handler maps any route to \(t), and it is nobody's fallback.")
        } else if !ways.isEmpty {
            out.append("\(t) is opened only through \(ways.joined(separator: ", ")); \(count).")
        } else if !fallbackOf.isEmpty {
            out.append("\(t) is only the fallback of \(fallbackOf.map { s.escape(g.name($0)) }.joined(separator: ", ")).")
        }
        if let info = g.feature(target), scenario.isEnabled(info.enabled) == false {
            let fb = info.fallback.map { "; RouterService shows its fallback \(s.escape($0)) instead" } ?? " and has no fallback"
            out.append("\(t) is disabled (\(MoveText.enablement(info.enabled, scenario, s)))\(fb).")
        }
        // Blocked on the way: disabled screens and unhandled routes among what the start reaches.
        let tree = reachable
        var unhandled = Set<String>(), disabled = Set<String>()
        var all: [ScreenMove] = []
        if case .route(_, let moves) = start { all = moves }
        for v in tree.order { all += g.moves(from: v, under: scenario) }
        for m in all {
            switch m.outcome {
            case .unhandled: unhandled.insert(s.escape(g.name(m.route)))
            case .disabled, .fallback(active: true):
                if let d = m.destination { disabled.insert("\(s.escape(g.name(d))) (\(MoveText.enablement(g.feature(d)?.enabled ?? .never, scenario, s)))") }
            default: break
            }
        }
        if !disabled.isEmpty { out.append("Disabled on the way (not shown, their routes not followed): \(disabled.sorted().joined(separator: ", ")).") }
        if !unhandled.isEmpty { out.append("Opened on the way without a handler: \(unhandled.sorted().joined(separator: ", ")).") }
        // Would it work with every flag on?
        var allOn = scenario
        for k in Set(g.registry.flags.map(\.name)).union(scenario.values.keys) { allOn.values[k] = true }
        for f in g.declaredFeatures.map({ g.feature($0)! }) { if case .flag(let x) = f.enabled { allOn.values[x] = true } }
        allOn.name = "every flag on"
        if allOn.values != scenario.values, let p = shortestPaths(start, to: target, g, allOn, all: false, limit: 1).first {
            let off = p.compactMap { m -> String? in
                guard let d = m.lands, let e = g.feature(d)?.enabled, case .flag(let x) = e, scenario.isEnabled(e) == false else { return nil }
                return s.escape(x)
            }
            out.append("With every flag on there is a path of \(TerminalReport.plural(p.count, "step"))\(off.isEmpty ? "" : "; it needs \(Array(Set(off)).sorted().joined(separator: ", ")) on").")
        }
        return out
    }

    package static func startName(_ start: Start, _ g: NavGraph, _ s: TerminalStyle) -> String {
        switch start {
        case .screen(let f): return s.escape(g.name(f))
        case .route(let r, _): return "route \(s.escape(g.name(r)))"
        }
    }
}
