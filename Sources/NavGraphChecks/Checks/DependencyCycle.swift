import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph

/// `dependency-cycle`: dependencies that need each other.
public enum DependencyCycle: Check {
    public static let description = CheckDescription(
        id: "dependency-cycle", name: "Dependency cycle",
        summary: "A cycle among registered dependency implementations; a lazy edge breaks it.",
        explanation: """
            RouterService builds a dependency by calling its factory, which resolves the implementation's own \
            dependencies first. When implementations need each other in a circle the resolution never ends \
            (or deadlocks on the store's lock) the first time a feature asks for one of them. A dependency \
            taken lazily (a closure or provider) is not built at once and breaks the cycle.
            """,
        severity: .error,
        diagramMark: .dependencyCycle,
        readsReachability: true,
        triggering: [
            CheckExample("""
                entries: [{feature: Home}]
                features: [{name: Home, dependencies: [AProtocol]}]
                dependencies:
                  - {protocol: AProtocol, implementation: A, dependencies: [BProtocol]}
                  - {protocol: BProtocol, implementation: B, dependencies: [AProtocol]}
                """, subjects: ["AProtocol -> BProtocol -> AProtocol"], at: ["4:5"])
        ],
        nonTriggering: [
            CheckExample("""
                entries: [{feature: Home}]
                features: [{name: Home, dependencies: [AProtocol]}]
                dependencies:
                  - {protocol: AProtocol, implementation: A, dependencies: [BProtocol]}
                  - {protocol: BProtocol, implementation: B, dependencies: [{protocol: AProtocol, lazy: true}]}
                """)
        ])

    public static func run(_ context: CheckContext) -> [Finding] {
        let g = context.graph
        let strict: (NavGraph.Edge) -> Bool = { $0.kind == .requires && !$0.lazy }
        let components = g.cyclicComponents(nodeFilter: { g.nodes[Int($0)].kind == .dependency }, include: strict)
        guard !components.isEmpty else { return [] }
        var out: [Finding] = []
        for component in components {
            let members = Set(component)
            let start = component[0]
            let cycle = g.cycle(through: start, within: members, include: strict)
            let names = cycle.map { g.name($0) }
            let path = names.joined(separator: " -> ")
            var notes: [Finding.Note] = []
            for (a, b) in zip(cycle, cycle.dropFirst()) {
                let binding = g.bindings(a).first
                let impl = binding?.implementation ?? g.name(a)
                let loc = binding?.dependencies.first { $0.name == g.name(b) }?.origin.primary ?? binding?.origin.primary
                notes.append(Finding.Note("\(impl) (for \(g.name(a))) needs \(g.name(b))", location: loc))
            }
            if component.count > cycle.count - 1 {
                let others = component.filter { !cycle.contains($0) }.map { g.name($0) }
                notes.append(Finding.Note("also in the same knot: \(others.joined(separator: ", "))"))
            }
            if let request = firstRequest(members, context) { notes += request }
            let origin = g.bindings(start).first?.origin
            out.append(context.finding(
                self, "dependency cycle: \(path)", at: origin, subject: path, elements: names, notes: notes,
                element: .dependency(g.name(start))))
        }
        return out
    }

    /// The path from an entry to the first reachable feature whose needs lead into the cycle.
    package static func firstRequest(_ members: Set<Int32>, _ context: CheckContext) -> [Finding.Note]? {
        let g = context.graph
        let r = context.reachability
        // Dependencies that lead into the cycle (reverse search over requires edges).
        var leads = members
        var queue = Array(members)
        while let d = queue.popLast() {
            for e in g.incoming[Int(d)] {
                let edge = g.edge(e)
                guard edge.kind == .requires, !edge.lazy, g.nodes[Int(edge.from)].kind == .dependency,
                    leads.insert(edge.from).inserted
                else { continue }
                queue.append(edge.from)
            }
        }
        // Only features with a strict edge into `leads` can request the cycle: look at those edges.
        var best: (depth: Int, feature: Int32, dep: Int32)?
        for d in leads {
            for e in g.incoming[Int(d)] {
                let edge = g.edge(e)
                let f = edge.from
                guard edge.kind == .requires, !edge.lazy, g.nodes[Int(f)].kind == .feature, r.reached[Int(f)] else { continue }
                let depth = Int(r.depth[Int(f)])
                if best == nil || (depth, f, d) < (best!.depth, best!.feature, best!.dep) { best = (depth, f, d) }
            }
        }
        guard let best else { return nil }
        var notes = context.pathNotes(to: best.feature).map { Finding.Note("first requested: " + $0.message, location: $0.location) }
        notes.append(Finding.Note("\(g.name(best.feature)) needs \(g.name(best.dep))", location: g.feature(best.feature)?.origin.primary))
        return notes
    }
}
