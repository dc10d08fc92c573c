/// One step of a navigation path between screens.
public struct PathStep: Sendable, Hashable {
    public var from: Int32
    public var to: Int32
    /// The route opened (nil for a fallback step).
    public var route: Int32?
    public var handler: Int32?
    public var style: String?
    public var isFallback: Bool
}

extension NavGraph {
    /// Screen-to-screen steps leaving a feature: through each route it opens and each handler
    /// mapping of that route, plus its fallback when it can be disabled. Sorted by target.
    public func navigationSteps(from f: Int32) -> [PathStep] {
        var steps: [PathStep] = []
        for e in outgoing[Int(f)] {
            let edge = edges[Int(e)]
            switch edge.kind {
            case .navigates:
                for e2 in outgoing[Int(edge.to)] {
                    let h = edges[Int(e2)]
                    guard h.kind == .routesTo else { continue }
                    steps.append(PathStep(from: f, to: h.to, route: edge.to, handler: h.via, style: edge.style, isFallback: false))
                }
            default: break
            }
        }
        return steps
    }

    /// Fallback steps into features reached when `f` is disabled.
    func fallbackStep(of f: Int32) -> PathStep? {
        guard let info = featureInfo[f], info.enabled.canBeDisabled, let fb = info.fallback, let id = node(.feature, fb),
            featureInfo[id] != nil, id != f
        else { return nil }
        return PathStep(from: f, to: id, route: nil, handler: nil, style: nil, isFallback: true)
    }

    /// Shortest paths (fewest steps) from `source` to `target` over navigation (and fallbacks).
    /// `all` returns every shortest path (bounded by `limit`); otherwise the first in name order.
    public func shortestPaths(from source: Int32, to target: Int32, all: Bool = false, limit: Int = 100) -> [[PathStep]] {
        if source == target { return [[]] }
        var dist: [Int32: Int] = [source: 0]
        var preds: [Int32: [PathStep]] = [:]
        var frontier: [Int32] = [source]
        var found = false
        while !frontier.isEmpty && !found {
            var next: [Int32] = []
            for v in frontier {
                var steps = navigationSteps(from: v)
                if let fb = fallbackStep(of: v) { steps.append(fb) }
                for s in steps {
                    let d = dist[v]! + 1
                    if let existing = dist[s.to] {
                        if existing == d { preds[s.to, default: []].append(s) }
                        continue
                    }
                    dist[s.to] = d
                    preds[s.to] = [s]
                    next.append(s.to)
                    if s.to == target { found = true }
                }
            }
            frontier = next.sorted()
        }
        guard found else { return [] }
        func ordered(_ node: Int32) -> [PathStep] {
            (preds[node] ?? []).sorted { (name($0.from), $0.route.map(name) ?? "") < (name($1.from), $1.route.map(name) ?? "") }
        }
        guard all else {
            // One path: follow the first predecessor (in name order) back to the source.
            var steps: [PathStep] = []
            var node = target
            while node != source, let p = ordered(node).first {
                steps.append(p)
                node = p.from
            }
            return [steps.reversed()]
        }
        // Every shortest path (up to `limit`), depth first in name order. Partial paths share
        // their tails through an arena of (step, next) links, so nothing is copied per step.
        var results: [[PathStep]] = []
        var arena: [(step: PathStep, next: Int)] = []
        var stack: [(node: Int32, link: Int)] = [(target, -1)]
        while let (node, link) = stack.popLast(), results.count < limit {
            if node == source {
                var steps: [PathStep] = []
                var l = link
                while l >= 0 {
                    steps.append(arena[l].step)
                    l = arena[l].next
                }
                results.append(steps)
                continue
            }
            for p in ordered(node).reversed() {
                arena.append((p, link))
                stack.append((p.from, arena.count - 1))
            }
        }
        return results
    }
}
