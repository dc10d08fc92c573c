import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph
import NavGraphChecks

/// `navgraph why NAME`: for a feature, every entry that reaches it and how; for a dependency,
/// every feature and implementation that needs it, directly or through others; for a route, who
/// opens it and who handles it; for a handler, what it handles.
public enum WhyQuery {
    public static func run(_ name: String, graph g: NavGraph, scenario: FlagScenario, style s: TerminalStyle) -> PathQuery.Answer {
        var lines: [String]
        if let f = g.node(.feature, name) {
            lines = feature(f, g, scenario, s)
        } else if let r = g.node(.route, name) {
            lines = route(r, g, scenario, s)
        } else if let d = g.node(.dependency, name) {
            lines = dependency(d, g, s)
        } else if let h = g.node(.handler, name) {
            lines = handler(h, g, s)
        } else {
            let all = NavGraph.NodeKind.allCases.flatMap { g.ids(of: $0) }.map(g.name)
            let hint = NameSuggestion.closest(to: name, in: all).map { "; did you mean '\(s.escape($0))'?" } ?? ""
            return .init(text: "No feature, route, dependency or handler named '\(s.escape(name))'\(hint)\n", found: false)
        }
        return .init(text: lines.map { s.truncate($0) }.joined(separator: "\n") + "\n", found: true)
    }

    package static func title(_ kind: String, _ name: String, _ extra: String?, _ s: TerminalStyle) -> String {
        "\(s.paint(s.escape(name), .bold)): \(kind)" + (extra.map { " " + $0 } ?? "")
    }

    package static func feature(_ f: Int32, _ g: NavGraph, _ scenario: FlagScenario, _ s: TerminalStyle) -> [String] {
        let tags = MoveText.screenTags(f, g, scenario, s)
        var out = [title("feature", g.name(f), tags.isEmpty ? nil : tags, s)]
        var reachedBy = 0
        for entry in g.entryMoves(under: scenario) {
            let tree = g.flowTree(from: entry.root.map { [$0] } ?? [], initial: entry.moves, under: scenario)
            guard let depth = tree.depth(f) else { continue }
            reachedBy += 1
            let label = entry.isRoute ? "entry route \(s.escape(entry.entry))" : "entry \(s.escape(entry.entry))"
            if entry.root == f {
                out.append("  " + s.paint(label, .green) + ": it is this entry (built without isEnabled())")
                continue
            }
            out.append("  " + s.paint(label, .green) + " reaches it in \(TerminalReport.plural(Int(depth) + (entry.isRoute ? 1 : 0), "step")):")
            let path = tree.path(to: f)
            let start = path.first?.from.map { s.escape(g.name($0)) } ?? "route \(s.escape(entry.entry))"
            out += PathQuery.steps(path, startName: start, g, scenario, s).map { "  " + $0 }
        }
        if reachedBy == 0 {
            out.append("  " + s.paint("No entry reaches it under scenario \(TerminalReport.scenarioText(scenario, s)).", .red))
        }
        // Every screen that can lead here directly.
        var openers: [String] = []
        for v in g.declaredFeatures {
            for m in g.moves(from: v, under: scenario) where m.lands == f || m.destination == f {
                let how: String
                switch m.outcome {
                case .fallback: how = m.lands == f ? " as fallback of \(s.escape(m.destination.map(g.name) ?? ""))" : " (disabled here)"
                case .disabled: how = " (disabled here)"
                default: how = ""
                }
                let via = m.direct ? "directly" : "via \(s.escape(g.name(m.route)))"
                openers.append("\(s.escape(g.name(v))) \(via)\(m.style.map { " (\(s.escape($0)))" } ?? "")\(how)")
            }
        }
        out += s.wrap(openers.isEmpty ? "nothing" : openers.joined(separator: ", "), firstIndent: "  opened by: ", indent: "    ")
        return out
    }

    package static func route(_ r: Int32, _ g: NavGraph, _ scenario: FlagScenario, _ s: TerminalStyle) -> [String] {
        let decl = g.registry.routes.first { $0.id == g.name(r) }
        let extra = [decl?.type, decl?.module].compactMap { $0 }.map { s.escape($0) }
        var out = [title("route", g.name(r), extra.isEmpty ? (decl == nil ? s.paint("(not declared)", .red) : nil) : s.paint("(\(extra.joined(separator: " in ")))", .dim), s)]
        var openers: [String] = []
        for e in g.incoming[Int(r)] {
            let edge = g.edge(e)
            guard edge.kind == .navigates else { continue }
            openers.append(s.escape(g.name(edge.from)) + (edge.style.map { " (\(s.escape($0)))" } ?? ""))
        }
        if g.entryRoutes.contains(r) { openers.insert("the app, as an entry", at: 0) }
        for d in g.registry.deeplinks where d.route == g.name(r) || d.anyRoute?.split(separator: "|").first.map(String.init) == g.name(r) {
            openers.append("deep link \(s.escape(d.displayName))")
        }
        out += s.wrap(openers.isEmpty ? "nobody" : openers.joined(separator: ", "), firstIndent: "  opened by: ", indent: "    ")
        let moves = g.moves(opening: r, from: nil, under: scenario)
        if moves.count == 1, moves[0].outcome == .unhandled {
            out.append("  handled by: " + s.paint("nobody: RouterService's failure handler crashes", .red))
        } else {
            out.append("  handled by:")
            for m in moves {
                let handler = m.handler.map { s.escape(g.name($0)) } ?? "?"
                out.append("    \(handler) \(s.arrow) " + MoveText.outcome(m, g, scenario, s))
            }
        }
        return out
    }

    package static func handler(_ h: Int32, _ g: NavGraph, _ s: TerminalStyle) -> [String] {
        let module = g.nodes[Int(h)].module.map { s.paint("(\(s.escape($0)))", .dim) }
        var out = [title("route handler", g.name(h), module, s)]
        var pairs: [String] = []
        for e in g.edges where e.kind == .routesTo && e.via == h {
            pairs.append("\(s.escape(g.name(e.from))) \(s.arrow) \(s.escape(g.name(e.to)))")
        }
        out += s.wrap(pairs.isEmpty ? "nothing" : pairs.sorted().joined(separator: ", "), firstIndent: "  handles: ", indent: "    ")
        return out
    }

    /// Reverse breadth-first search over `requires` edges: who needs `d`, and through what.
    package static func dependency(_ d: Int32, _ g: NavGraph, _ s: TerminalStyle) -> [String] {
        let bindings = g.registry.dependencies.filter { $0.protocol == g.name(d) }
        let impl = bindings.compactMap { b in b.implementation.map { s.escape($0) + (b.module.map { " in \(s.escape($0))" } ?? "") } }
        let provided = g.registry.provided.contains { $0.name == g.name(d) }
        let extra = !impl.isEmpty ? "implemented by \(impl.joined(separator: ", "))" : provided ? "provided by the framework" : "not registered"
        var out = [title("dependency", g.name(d), s.paint("(\(extra))", impl.isEmpty && !provided ? .red : .dim), s)]
        // via[n] = the next node towards d; first-found is shortest.
        var via: [Int32: (next: Int32, lazy: Bool)] = [:]
        var queue: [Int32] = [d]
        var head = 0
        var order: [Int32] = []
        var cycleThrough: Int32?
        while head < queue.count {
            let v = queue[head]
            head += 1
            for e in g.incoming[Int(v)] {
                let edge = g.edge(e)
                guard edge.kind == .requires else { continue }
                if edge.from == d, v != d, cycleThrough == nil { cycleThrough = v }
                guard edge.from != d, via[edge.from] == nil else { continue }
                via[edge.from] = (v, edge.lazy)
                order.append(edge.from)
                // Features are needed by nobody; a protocol's needs pass on to whoever needs it.
                if g.nodes[Int(edge.from)].kind == .dependency { queue.append(edge.from) }
            }
        }
        func label(_ n: Int32) -> String {
            if g.nodes[Int(n)].kind == .feature { return "feature \(s.escape(g.name(n)))" }
            let impls = g.registry.dependencies.filter { $0.protocol == g.name(n) }.compactMap(\.implementation)
            return "implementation \(impls.isEmpty ? "?" : impls.map { s.escape($0) }.joined(separator: "/")) (\(s.escape(g.name(n))))"
        }
        let direct = order.filter { via[$0]!.next == d }.sorted { label($0) < label($1) }
        let indirect = order.filter { via[$0]!.next != d }.sorted { label($0) < label($1) }
        out.append("  needed directly by:" + (direct.isEmpty ? " nobody" : ""))
        for n in direct { out.append("    \(label(n))\(via[n]!.lazy ? s.paint(" (lazy)", .dim) : "")") }
        out.append("  needed through others by:" + (indirect.isEmpty ? " nobody" : ""))
        for n in indirect {
            var chain: [String] = []
            var cur = n
            var lazy = false
            while let step = via[cur], chain.count <= g.nodeCount {
                lazy = lazy || step.lazy
                chain.append(s.escape(g.name(step.next)))
                cur = step.next
                if cur == d { break }
            }
            out += s.wrap("via " + chain.joined(separator: " \(s.arrow) ") + (lazy ? " (lazy)" : ""), firstIndent: "    \(label(n)) ", indent: "      ")
        }
        if let c = cycleThrough {
            out.append("  " + s.paint("\(s.escape(g.name(d))) needs itself through \(s.escape(g.name(c))): a dependency cycle", .red))
        }
        return out
    }
}
