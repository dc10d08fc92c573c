import NavGraphSupport
import NavGraphModel

/// How a screen was first reached: the step that explains it.
public struct ReachStep: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// An entry feature (built without `isEnabled()`).
        case entry
        /// Through a route opened by `from` (nil for an entry route), handled by `handler`, in the
        /// style of the `navigates` item (its id in `StyleNames`: a step is plain data, made on
        /// every screen of every walk, with no string to look up, retain or free).
        case route(from: Int32?, route: Int32, handler: Int32, styleID: UInt32)
        /// As the fallback of `of`, which can be disabled.
        case fallback(of: Int32)
        /// Presented by `from` itself, around the router (style `direct`; `styleID` says how).
        case direct(from: Int32, styleID: UInt32)
    }
    public var kind: Kind

    package init(kind: Kind) { self.kind = kind }
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
    /// What is reachable from the entries under `scenario`: the walk over `moves(opening:from:under:)`
    /// (see there for RouterService's rules), started on the declared entry features (built without
    /// `isEnabled()`) and the moves of the entry routes, all at depth 0.
    ///
    /// `forceEnabled` treats those features as enabled (to ask "what would this unlock?").
    public func reachability(under scenario: FlagScenario, forceEnabled: Set<Int32> = []) -> Reachability {
        reachability(states: states(under: scenario, forceEnabled: forceEnabled))
    }

    /// `reachability(under:forceEnabled:)` from every node's state, already decided (`states(under:)`).
    package func reachability(states st: [FeatureState]) -> Reachability {
        let n = nodes.count
        var r = Reachability(
            reached: Array(repeating: false, count: n), targeted: Array(repeating: false, count: n),
            asEntry: Array(repeating: false, count: n), throughRoute: Array(repeating: false, count: n),
            step: Array(repeating: nil, count: n), routeOpened: Array(repeating: false, count: n),
            depth: Array(repeating: -1, count: n))
        var starts: [Int32] = []
        for f in entryFeatures {
            r.asEntry[Int(f)] = true
            r.targeted[Int(f)] = true
            if isDeclaredFeature(f) {
                r.step[Int(f)] = ReachStep(kind: .entry)
                starts.append(f)
            }
        }
        var initial: [ScreenMove] = []
        for route in entryRoutes { forEachMove(opening: route, from: nil, style: 0, state: { st[Int($0)] }) { initial.append($0) } }
        let tree = walk(from: starts, initial: initial, state: { st[Int($0)] }, recordParents: false, allParents: false) { m in
            if m.direct {
                guard let dest = m.destination, let from = m.from else { return }
                r.targeted[Int(dest)] = true
                if r.step[Int(dest)] == nil { r.step[Int(dest)] = ReachStep(kind: .direct(from: from, styleID: m.styleID)) }
                return
            }
            r.routeOpened[Int(m.route)] = true
            guard let dest = m.destination, let handler = m.handler else { return }
            r.targeted[Int(dest)] = true
            r.throughRoute[Int(dest)] = true
            if r.step[Int(dest)] == nil { r.step[Int(dest)] = ReachStep(kind: .route(from: m.from, route: m.route, handler: handler, styleID: m.styleID)) }
            if case .fallback = m.outcome, let fb = m.lands {
                r.targeted[Int(fb)] = true
                if r.step[Int(fb)] == nil { r.step[Int(fb)] = ReachStep(kind: .fallback(of: dest)) }
            }
        }
        r.depth = tree.depths
        for i in 0..<n where tree.depths[i] >= 0 { r.reached[i] = true }
        return r
    }

    /// The explaining path to `feature` as readable steps, from its entry.
    public func explain(_ feature: Int32, in r: Reachability) -> [String] { explainNotes(feature, in: r).map(\.message) }

    /// The explaining path to `feature`, from its entry, each step located where the registry (or
    /// the source) says it: the entry, the feature's `navigates:` item, the `fallback:`.
    public func explainNotes(_ feature: Int32, in r: Reachability) -> [Finding.Note] {
        explainNotes(feature) { r.step[Int($0)] }
    }

    /// `explainNotes(_:in:)` over the steps `step` gives (a walk's, or one read off every scenario's walks).
    package func explainNotes(_ feature: Int32, step: (Int32) -> ReachStep?) -> [Finding.Note] {
        var notes: [Finding.Note] = []
        var current: Int32? = feature
        var guardCount = 0
        while let f = current, let step = step(f), guardCount <= nodes.count {
            guardCount += 1
            switch step.kind {
            case .entry:
                notes.append(Finding.Note("\(name(f)) is an entry", location: entryLocation(.feature(name(f)))))
                current = nil
            case .route(let from, let route, let handler, let styleID):
                let style = StyleNames.name(styleID)
                let how = style.map { " (\($0))" } ?? ""
                if let from {
                    let item = self.feature(from)?.navigates.first { $0.route == name(route) && $0.style == style }
                    notes.append(Finding.Note(
                        "\(name(from)) opens '\(name(route))'\(how), handled by \(name(handler)) -> \(name(f))",
                        location: item?.origin.primary ?? self.feature(from)?.origin.primary))
                } else {
                    notes.append(Finding.Note(
                        "entry route '\(name(route))', handled by \(name(handler)) -> \(name(f))", location: entryLocation(.route(name(route)))))
                }
                current = from
            case .direct(let from, let styleID):
                let style = StyleNames.name(styleID)
                let item = self.feature(from)?.presents.first { $0.feature == name(f) && $0.style == style }
                notes.append(Finding.Note(
                    "\(name(from)) presents \(name(f)) directly\(style.map { " (\($0))" } ?? ""), around the router",
                    location: item?.origin.primary ?? self.feature(from)?.origin.primary))
                current = from
            case .fallback(let of):
                let info = self.feature(of)
                notes.append(Finding.Note("\(name(f)) is the fallback of \(name(of))", location: (info?.fallbackOrigin ?? info?.origin)?.primary))
                current = of
            }
        }
        return notes.reversed()
    }

    /// Where an entry is declared (the first place, in location order, when declared twice).
    private func entryLocation(_ target: Entry.Target) -> SourceLocation? {
        registry.entries.filter { $0.target == target }.compactMap(\.origin.primary).min { $0.description < $1.description }
    }
}
