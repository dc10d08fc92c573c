import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph
import NavGraphChecks

/// The interactive explorer's logic without a terminal: keys change an `ExplorerState`, and a
/// state draws as lines. The CLI only reads keys, calls these, and paints the lines.
public struct Explorer: Sendable {
    public let graph: NavGraph
    public let scenario: FlagScenario
    public let findings: [Finding]

    public init(graph: NavGraph, scenario: FlagScenario, findings: [Finding]) {
        self.graph = graph
        self.scenario = scenario
        self.findings = findings
    }

    /// Starts at the first entry feature, else where the first entry route lands, else the first feature.
    public func start() -> ExplorerState {
        let g = graph
        if let f = g.entryFeatures.first(where: { g.isDeclaredFeature($0) }) { return ExplorerState(current: f) }
        for r in g.entryRoutes {
            if let l = g.moves(opening: r, from: nil, under: scenario).compactMap(\.lands).first {
                return ExplorerState(current: l)
            }
        }
        let first = g.ids(of: .feature).first { g.isDeclaredFeature($0) }
        return ExplorerState(current: first, message: first == nil ? "The registry declares no features." : "No entry: starting at the first feature.")
    }

    /// The routes out of the current screen.
    public func moves(_ state: ExplorerState) -> [ScreenMove] {
        guard let c = state.current else { return [] }
        return graph.moves(from: c, under: scenario)
    }

    /// The next state after `key`.
    public func handle(_ key: ExplorerKey, _ state: ExplorerState) -> ExplorerState {
        var st = state
        st.message = nil
        if key == .ctrlC {
            st.quit = true
            return st
        }
        switch st.mode {
        case .browse: browse(key, &st)
        case .search(let query): search(key, query, &st)
        }
        return st
    }

    private func browse(_ key: ExplorerKey, _ st: inout ExplorerState) {
        let ms = moves(st)
        switch key {
        case .char("q"), .char("Q"): st.quit = true
        case .up, .char("k"): if !ms.isEmpty { st.selection = (st.selection - 1 + ms.count) % ms.count }
        case .down, .char("j"): if !ms.isEmpty { st.selection = (st.selection + 1) % ms.count }
        case .enter, .right, .char("l"):
            guard st.selection < ms.count else {
                st.message = "This screen opens no route."
                return
            }
            let m = ms[st.selection]
            guard let l = m.lands else {
                st.message = cannotFollow(m)
                return
            }
            if let c = st.current { st.history.append(c) }
            st.current = l
            st.selection = 0
        case .left, .backspace, .char("h"):
            guard let back = st.history.popLast() else {
                st.message = "Already at the start."
                return
            }
            // Come back to the line that was followed, when it is still there.
            let came = st.current
            st.current = back
            st.selection = moves(st).firstIndex { $0.lands == came } ?? 0
        case .char("/"):
            st.mode = .search("")
            st.selection = 0
        default: break
        }
    }

    private func search(_ key: ExplorerKey, _ query: String, _ st: inout ExplorerState) {
        switch key {
        case .escape:
            st.mode = .browse
            st.selection = 0
        case .backspace:
            if query.isEmpty {
                st.mode = .browse
            } else {
                st.mode = .search(String(query.dropLast()))
            }
            st.selection = 0
        case .char(let c):
            st.mode = .search(query + String(c))
            st.selection = 0
        case .up:
            let n = matches(query).count
            if n > 0 { st.selection = (st.selection - 1 + n) % n }
        case .down:
            let n = matches(query).count
            if n > 0 { st.selection = (st.selection + 1) % n }
        case .enter:
            let found = matches(query)
            guard !found.isEmpty else {
                let hint = NameSuggestion.closest(to: query, in: graph.declaredFeatures.map(graph.name)).map { " Did you mean \($0)?" } ?? ""
                st.message = "No screen matches '\(query)'.\(hint)"
                return
            }
            let target = found[min(st.selection, found.count - 1)]
            if let c = st.current, c != target { st.history.append(c) }
            st.current = target
            st.mode = .browse
            st.selection = 0
        default: break
        }
    }

    /// Why a move leads nowhere.
    package func cannotFollow(_ m: ScreenMove) -> String {
        let g = graph
        let route = g.name(m.route)
        switch m.outcome {
        case .unhandled: return "No handler takes '\(route)': RouterService's failure handler crashes."
        case .undeclared: return "'\(route)' leads to \(m.destination.map(g.name) ?? "?"), which is not declared."
        case .disabled:
            let why = m.destination.flatMap { g.feature($0) }.map { MoveText.enablement($0.enabled, scenario, .plain()) } ?? "disabled"
            return "\(m.destination.map(g.name) ?? "?") is disabled (\(why)) and has no fallback: RouterService crashes."
        case .shows, .fallback: return ""
        }
    }

    /// Declared screens matching `query`, best first: a prefix, then a substring, then the letters
    /// in order (fewest gaps); ties by length and name. Case-insensitive.
    public func matches(_ query: String) -> [Int32] {
        let q = Array(query.lowercased())
        var scored: [(score: Int, id: Int32)] = []
        for id in graph.declaredFeatures {
            let name = Array(graph.name(id).lowercased())
            guard let score = Self.fuzzyScore(q, name) else { continue }
            scored.append((score, id))
        }
        return scored.sorted { a, b in
            if a.score != b.score { return a.score < b.score }
            let na = graph.name(a.id), nb = graph.name(b.id)
            return na.count != nb.count ? na.count < nb.count : na < nb
        }.map(\.id)
    }

    /// Lower is better; nil when the letters do not occur in order.
    package static func fuzzyScore(_ q: [Character], _ name: [Character]) -> Int? {
        if q.isEmpty { return 0 }
        if name.starts(with: q) { return 0 }
        if q.count <= name.count {
            for i in 0...(name.count - q.count) where Array(name[i..<(i + q.count)]) == q { return 1 }
        }
        var gaps = 0
        var j = 0
        var last = -1
        for (i, c) in name.enumerated() where j < q.count && c == q[j] {
            if last >= 0 && i > last + 1 { gaps += i - last - 1 }
            last = i
            j += 1
        }
        return j == q.count ? 2 + gaps : nil
    }
}
