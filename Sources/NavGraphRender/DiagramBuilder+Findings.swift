import NavGraphKit

/// What the findings say about each graph node and edge, read once per diagram.
struct FindingIndex {
    var marks: [Diagram.Marks]
    var lines: [[String]]
    /// Dependency edges on a reported cycle, as `from << 32 | to`.
    var cycleEdges: Set<Int64> = []

    init(graph: NavGraph, findings: [Finding]) {
        marks = Array(repeating: [], count: graph.nodeCount)
        lines = Array(repeating: [], count: graph.nodeCount)
        // Each rule's description says how its findings are drawn; no rule is named here.
        var markOf: [String: DiagramMark] = [:]
        for d in CheckRunner.allDescriptions { markOf[d.id] = d.diagramMark }
        let sorted = findings.sorted { a, b in
            (a.ruleID, a.subject, a.message) < (b.ruleID, b.subject, b.message)
        }
        for f in sorted {
            let text = Self.line(for: f)
            func mark(_ kinds: [NavGraph.NodeKind], _ m: Diagram.Marks) {
                for name in f.elements {
                    for k in kinds {
                        guard let id = graph.node(k, name) else { continue }
                        marks[Int(id)].formUnion(m)
                        if lines[Int(id)].last != text { lines[Int(id)].append(text) }
                    }
                }
            }
            switch markOf[f.ruleID] ?? .finding {
            case .unreachableFeature: mark([.feature], .unreachable)
            case .missingFallback: mark([.feature], .missingFallback)
            case .disabledFeature: mark([.feature], .disabled)
            case .unhandledRoute: mark([.route], .unhandled)
            case .dependencyCycle:
                mark([.dependency], .cycle)
                let ids = f.elements.compactMap { graph.node(.dependency, $0) }
                for (i, a) in ids.enumerated() {
                    let b = ids[(i + 1) % ids.count]
                    cycleEdges.insert(Int64(a) << 32 | Int64(b))
                }
            case .finding: mark(NavGraph.NodeKind.allCases, .finding)
            }
        }
    }

    func isCycleEdge(_ a: Int32, _ b: Int32) -> Bool { cycleEdges.contains(Int64(a) << 32 | Int64(b)) }

    /// `warning [rule]: message (file:line:col)`.
    static func line(for f: Finding) -> String {
        var s = "\(f.severity.rawValue) [\(f.ruleID)]: \(f.message)"
        if let loc = f.location { s += " (\(loc))" }
        return s
    }
}
