/// One way to leave a screen under a flag scenario: a route it opens, the handler that takes it,
/// and what the user ends up seeing. The terminal report, `path`, `why` and the explorer all walk
/// these, so they agree with each other and with `reachability(under:)`.
public struct ScreenMove: Sendable, Hashable {
    public enum Outcome: Sendable, Hashable {
        /// The destination is built and shown (enabled, or decided at run time).
        case shows
        /// The destination is disabled here and has no usable fallback: RouterService crashes.
        case disabled
        /// The destination can be disabled; RouterService then shows its fallback (`lands`).
        /// `active` is true when the destination is disabled in this scenario.
        case fallback(active: Bool)
        /// No handler claims the route: RouterService's failure handler.
        case unhandled
        /// A handler maps the route to a feature the registry does not declare.
        case undeclared
    }

    /// The screen opening the route; nil for an entry route.
    public var from: Int32?
    public var route: Int32
    public var handler: Int32?
    public var style: String?
    /// The feature the handler maps the route to (nil when unhandled).
    public var destination: Int32?
    public var outcome: Outcome
    /// The screen the user ends up on, if any.
    public var lands: Int32?
}

extension NavGraph {
    /// The moves out of screen `f` under `scenario`, in route order then handler order.
    public func moves(from f: Int32, under scenario: FlagScenario) -> [ScreenMove] {
        var out: [ScreenMove] = []
        for e in outgoing[Int(f)] where edges[Int(e)].kind == .navigates {
            let edge = edges[Int(e)]
            out += moves(opening: edge.to, from: f, style: edge.style, under: scenario)
        }
        return out
    }

    /// The moves of opening `route` (from `from`, or as an entry route when nil).
    public func moves(opening route: Int32, from: Int32?, style: String?, under scenario: FlagScenario) -> [ScreenMove] {
        var out: [ScreenMove] = []
        for e in outgoing[Int(route)] where edges[Int(e)].kind == .routesTo {
            let edge = edges[Int(e)]
            let dest = edge.to
            var move = ScreenMove(from: from, route: route, handler: edge.via, style: style, destination: dest, outcome: .shows, lands: dest)
            guard let info = featureInfo[dest] else {
                move.outcome = .undeclared
                move.lands = nil
                out.append(move)
                continue
            }
            let enabled = scenario.isEnabled(info.enabled)
            var fallback: Int32?
            if info.enabled.canBeDisabled, let fb = info.fallback, let id = node(.feature, fb), id != dest, featureInfo[id] != nil {
                fallback = id
            }
            if enabled != false {
                out.append(move)
            } else if fallback == nil {
                move.outcome = .disabled
                move.lands = nil
                out.append(move)
            }
            if let fallback {
                move.outcome = .fallback(active: enabled == false)
                move.lands = fallback
                out.append(move)
            }
        }
        if out.isEmpty {
            out.append(ScreenMove(from: from, route: route, handler: nil, style: style, destination: nil, outcome: .unhandled, lands: nil))
        }
        return out
    }

    /// Moves into the app from its entries: an entry feature is shown as is (built without
    /// `isEnabled()`); an entry route is opened like any other.
    /// `root` is the entry feature (nil for an entry route, or an undeclared feature).
    public func entryMoves(under scenario: FlagScenario) -> [(entry: String, isRoute: Bool, moves: [ScreenMove], root: Int32?)] {
        var out: [(String, Bool, [ScreenMove], Int32?)] = []
        for f in entryFeatures { out.append((name(f), false, [], featureInfo[f] != nil ? f : nil)) }
        for r in entryRoutes { out.append((name(r), true, moves(opening: r, from: nil, style: nil, under: scenario), nil)) }
        return out
    }

    /// Breadth-first from `starts` over landing moves: the first move reaching each screen
    /// (nil for a start) and its depth. Iterative; visits screens in id order within a level.
    public func flowTree(from starts: [Int32], initial: [ScreenMove] = [], under scenario: FlagScenario) -> FlowTree {
        var tree = FlowTree(parent: [:], depth: [:], order: [])
        var frontier: [Int32] = []
        for s in starts where tree.depth[s] == nil {
            tree.depth[s] = 0
            tree.order.append(s)
            frontier.append(s)
        }
        for m in initial {
            guard let l = m.lands, tree.depth[l] == nil else { continue }
            tree.depth[l] = 0
            tree.parent[l] = m
            tree.order.append(l)
            frontier.append(l)
        }
        var level: Int32 = 0
        while !frontier.isEmpty {
            level += 1
            var next: [Int32] = []
            for v in frontier {
                for m in moves(from: v, under: scenario) {
                    guard let l = m.lands, tree.depth[l] == nil else { continue }
                    tree.depth[l] = level
                    tree.parent[l] = m
                    tree.order.append(l)
                    next.append(l)
                }
            }
            frontier = next
        }
        return tree
    }
}

/// The breadth-first tree of screens reachable from some starts.
public struct FlowTree: Sendable {
    /// The move that first reached each screen (absent for a start).
    public var parent: [Int32: ScreenMove]
    public var depth: [Int32: Int32]
    /// Screens in the order they were reached.
    public var order: [Int32]

    /// The moves from a start to `screen`, first to last.
    public func path(to screen: Int32) -> [ScreenMove] {
        var steps: [ScreenMove] = []
        var cur = screen
        var seen = Set<Int32>()
        while let m = parent[cur], seen.insert(cur).inserted {
            steps.append(m)
            guard let f = m.from else { break }
            cur = f
        }
        return steps.reversed()
    }
}
