import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph
import NavGraphChecks

extension NavigationDiff {
    /// Every way of opening a route in `g`, named with head names: from each declared screen (and
    /// each entry route) through each handler that claims it, or to nothing when none does.
    package static func navigationEdges(_ g: NavGraph, screen: (String) -> String, route: (String) -> String) -> Set<NavigationEdge> {
        var out = Set<NavigationEdge>()
        func open(_ r: Int32, from: String?, style: String?) {
            let handled = g.outgoing[Int(r)].map { g.edge($0) }.filter { $0.kind == .routesTo }
            if handled.isEmpty {
                out.insert(NavigationEdge(from: from, route: route(g.name(r)), handler: nil, to: nil, style: style))
            }
            for e in handled {
                out.insert(NavigationEdge(from: from, route: route(g.name(r)), handler: g.name(e.via), to: screen(g.name(e.to)), style: style))
            }
        }
        for f in g.declaredFeatures {
            for e in g.outgoing[Int(f)] where g.edge(e).kind == .navigates {
                open(g.edge(e).to, from: screen(g.name(f)), style: g.edge(e).style)
            }
        }
        for r in g.entryRoutes { open(r, from: nil, style: nil) }
        return out
    }

    package static func edgeChanges(base: NavGraph, head: NavGraph, renames: DiffRenames) -> [EdgeChange] {
        let b = navigationEdges(base, screen: renames.screen, route: renames.route)
        let h = navigationEdges(head, screen: { $0 }, route: { $0 })
        let changes = b.subtracting(h).map { EdgeChange(edge: $0, added: false) } + h.subtracting(b).map { EdgeChange(edge: $0, added: true) }
        return changes.sorted { ($0.edge, $0.added ? 1 : 0) < ($1.edge, $1.added ? 1 : 0) }
    }

    /// Per scenario present on both sides (by name): declared screens of both sides that one side
    /// reaches and the other does not.
    package static func reachabilityChanges(base: Side, head: Side, renames: DiffRenames) -> ([ScenarioChange], [String]) {
        var out: [ScenarioChange] = []
        let headScenarios = Dictionary(head.scenarios.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let unpaired = Set(base.scenarios.map(\.name)).symmetricDifference(head.scenarios.map(\.name)).sorted()
        var done = Set<String>()
        for bs in base.scenarios where done.insert(bs.name).inserted {
            guard let hs = headScenarios[bs.name] else { continue }
            let br = base.graph.reachability(under: bs), hr = head.graph.reachability(under: hs)
            var lost: [LostScreen] = [], gained: [String] = []
            for f in base.graph.ids(of: .feature) where base.graph.isDeclaredFeature(f) {
                let name = renames.screen(base.graph.name(f))
                guard let hf = head.graph.node(.feature, name), head.graph.isDeclaredFeature(hf) else { continue }
                if br.isReached(f) && !hr.isReached(hf) {
                    lost.append(LostScreen(name: name, basePath: lostPath(to: f, in: base.graph, br, bs)))
                } else if !br.isReached(f) && hr.isReached(hf) {
                    gained.append(name)
                }
            }
            if !lost.isEmpty || !gained.isEmpty {
                out.append(ScenarioChange(scenario: bs.name, unreachable: lost.sorted { $0.name < $1.name }, reachable: gained.sorted()))
            }
        }
        return (out, unpaired)
    }

    /// `navgraph path ENTRY SCREEN` on the base, from the entry its reachability reached the screen from.
    package static func lostPath(to f: Int32, in g: NavGraph, _ r: Reachability, _ scenario: FlagScenario) -> [String] {
        var current = f
        var start: String?
        for _ in 0...g.nodeCount {
            guard let step = r.step[Int(current)] else { break }
            switch step.kind {
            case .entry: start = g.name(current)
            case .route(let from, let route, _, _):
                if let from { current = from; continue }
                start = g.name(route)
            case .fallback(let of): current = of; continue
            case .direct(let from, _): current = from; continue
            }
            break
        }
        guard let start else { return g.explain(f, in: r) }
        let answer = PathQuery.run(from: start, to: g.name(f), all: false, graph: g, scenario: scenario, style: .plain(width: 1000))
        let lines = answer.text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        return answer.found ? lines : g.explain(f, in: r)
    }

    /// Findings by the baseline's identity (rule + subject): those only the head has, and those only the base has.
    package static func findingChanges(base: [Finding], head: [Finding]) -> (introduced: [FindingChange], fixed: [FindingChange]) {
        func only(_ a: [Finding], _ b: [Finding]) -> [FindingChange] {
            let known = Set(b.map(Baseline.Entry.init))
            var seen = Set<Baseline.Entry>()
            var out: [(Baseline.Entry, FindingChange)] = []
            for f in a {
                let e = Baseline.Entry(f)
                guard !known.contains(e), seen.insert(e).inserted else { continue }
                out.append((e, FindingChange(rule: e.rule, subject: e.subject, severity: f.severity, message: f.message, location: f.location?.description)))
            }
            return out.sorted { $0.0 < $1.0 }.map(\.1)
        }
        return (only(head, base), only(base, head))
    }
}
