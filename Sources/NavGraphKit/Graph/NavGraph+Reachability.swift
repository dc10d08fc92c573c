/// How a screen was first reached: the step that explains it.
public struct ReachStep: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// An entry feature (built without `isEnabled()`).
        case entry
        /// Through a route opened by `from` (nil for an entry route), handled by `handler`.
        case route(from: Int32?, route: Int32, handler: Int32, style: String?)
        /// As the fallback of `of`, which can be disabled.
        case fallback(of: Int32)
    }
    public var kind: Kind
}

/// What one flag scenario makes reachable.
public struct Reachability: Sendable {
    /// Features built and shown (their navigation is followed).
    public var reached: [Bool]
    /// Features navigated to (whether shown or replaced by their fallback).
    public var targeted: [Bool]
    /// Features reached as an entry.
    public var asEntry: [Bool]
    /// Features reached through a route (not only as an entry).
    public var throughRoute: [Bool]
    /// The first step that reached (or targeted) each feature, for explaining paths.
    public var step: [ReachStep?]
    /// Routes opened from reached screens or entries.
    public var routeOpened: [Bool]
    /// Steps from the nearest entry for reached features (breadth-first level), -1 elsewhere.
    public var depth: [Int32]

    public func isReached(_ id: Int32) -> Bool { reached[Int(id)] }
}

extension NavGraph {
    /// Breadth-first reachability from the entries under `scenario`, following RouterService:
    /// an entry is built without `isEnabled()`; a route leads to every feature any handler maps it to;
    /// an enabled (or run-time decided) destination is shown; a destination that can be disabled
    /// makes its fallback reachable (fallbacks are built without `isEnabled()` and do not chain).
    ///
    /// `forceEnabled` treats those features as enabled (to ask "what would this unlock?").
    public func reachability(under scenario: FlagScenario, forceEnabled: Set<Int32> = []) -> Reachability {
        let n = nodes.count
        var r = Reachability(
            reached: Array(repeating: false, count: n), targeted: Array(repeating: false, count: n),
            asEntry: Array(repeating: false, count: n), throughRoute: Array(repeating: false, count: n),
            step: Array(repeating: nil, count: n), routeOpened: Array(repeating: false, count: n),
            depth: Array(repeating: -1, count: n))
        var queue: [Int32] = []
        var head = 0

        func show(_ f: Int32, _ step: ReachStep, depth: Int32) {
            if r.step[Int(f)] == nil { r.step[Int(f)] = step }
            if !r.reached[Int(f)] {
                r.reached[Int(f)] = true
                r.depth[Int(f)] = depth
                queue.append(f)
            }
        }
        func open(route: Int32, from: Int32?, style: String?) {
            let depth = from.map { r.depth[Int($0)] + 1 } ?? 0
            r.routeOpened[Int(route)] = true
            for e in outgoing[Int(route)] {
                let edge = edges[Int(e)]
                guard edge.kind == .routesTo else { continue }
                let dest = edge.to
                let step = ReachStep(kind: .route(from: from, route: route, handler: edge.via, style: style))
                r.targeted[Int(dest)] = true
                r.throughRoute[Int(dest)] = true
                guard let info = featureInfo[dest] else {
                    if r.step[Int(dest)] == nil { r.step[Int(dest)] = step }
                    continue
                }
                let enabled = forceEnabled.contains(dest) ? true : scenario.isEnabled(info.enabled)
                if enabled != false { show(dest, step, depth: depth) } else if r.step[Int(dest)] == nil { r.step[Int(dest)] = step }
                if info.enabled.canBeDisabled && !forceEnabled.contains(dest), let fb = info.fallback,
                    let fbID = node(.feature, fb), fbID != dest, featureInfo[fbID] != nil
                {
                    r.targeted[Int(fbID)] = true
                    show(fbID, ReachStep(kind: .fallback(of: dest)), depth: depth + 1)
                }
            }
        }

        for f in entryFeatures {
            r.asEntry[Int(f)] = true
            r.targeted[Int(f)] = true
            if featureInfo[f] != nil { show(f, ReachStep(kind: .entry), depth: 0) }
        }
        for route in entryRoutes { open(route: route, from: nil, style: nil) }
        while head < queue.count {
            let f = queue[head]
            head += 1
            for e in outgoing[Int(f)] {
                let edge = edges[Int(e)]
                if edge.kind == .navigates { open(route: edge.to, from: f, style: edge.style) }
            }
        }
        return r
    }

    /// The explaining path to `feature` as readable steps, from its entry.
    public func explain(_ feature: Int32, in r: Reachability) -> [String] {
        var lines: [String] = []
        var current: Int32? = feature
        var guardCount = 0
        while let f = current, let step = r.step[Int(f)], guardCount <= nodes.count {
            guardCount += 1
            switch step.kind {
            case .entry:
                lines.append("\(name(f)) is an entry")
                current = nil
            case .route(let from, let route, let handler, let style):
                let how = style.map { " (\($0))" } ?? ""
                if let from {
                    lines.append("\(name(from)) opens '\(name(route))'\(how), handled by \(name(handler)) -> \(name(f))")
                } else {
                    lines.append("entry route '\(name(route))', handled by \(name(handler)) -> \(name(f))")
                }
                current = from
            case .fallback(let of):
                lines.append("\(name(f)) is the fallback of \(name(of))")
                current = of
            }
        }
        return lines.reversed()
    }
}
