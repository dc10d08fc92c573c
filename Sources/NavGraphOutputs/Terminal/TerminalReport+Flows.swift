import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph
import NavGraphChecks

extension TerminalReport {
    /// One tree per entry: screens depth by depth, each expanded once (where breadth-first search
    /// first reaches it); a branch returning to a screen on its own path is marked as a loop, one
    /// reaching a screen expanded elsewhere says so. So cyclic flows print finite trees.
    package static func flows(_ g: NavGraph, _ scenario: FlagScenario, _ s: TerminalStyle) -> [String] {
        var out = heading("Flows", s)
        let entries = g.entryMoves(under: scenario)
        if entries.isEmpty {
            out.append("  " + s.paint("no entries: declare `entries:` to see the flows", .yellow))
            return out
        }
        for (i, entry) in entries.enumerated() {
            if i > 0 { out.append("") }
            out += flowTree(entry: entry.entry, isRoute: entry.isRoute, root: entry.root, initial: entry.moves, g, scenario, s).map { "  " + $0 }
        }
        return out
    }

    /// The tree lines of one entry (no indent).
    ///
    /// Linear in the moves it prints, however deep the flow: whether a screen is on the current
    /// branch is one flag per node (set when its frame is pushed, cleared when popped), not a search
    /// of the path; the line prefix is rebuilt from the stack of "last child?" bits but only for its
    /// first `s.width` levels (each level is at least one column and every line is cut to `s.width`
    /// anyway), so a line costs O(width), not O(depth).
    public static func flowTree(
        entry: String, isRoute: Bool, root: Int32?, initial: [ScreenMove], _ g: NavGraph, _ scenario: FlagScenario, _ s: TerminalStyle
    ) -> [String] {
        var out: [String] = []
        let tree = g.flowTree(from: root.map { [$0] } ?? [], initial: initial, under: scenario)
        var children: [ScreenMove]
        var onPath = [Bool](repeating: false, count: g.nodeCount)
        if let root {
            var line = s.paint(s.escape(g.name(root)), .bold) + " " + s.paint("[entry]", .green)
            let tags = MoveText.screenTags(root, g, scenario, s)
            if !tags.isEmpty { line += " " + tags }
            out.append(line)
            children = g.moves(from: root, under: scenario)
            onPath[Int(root)] = true
        } else if !isRoute {
            out.append(s.paint(s.escape(entry), .red) + " " + s.paint("[entry]", .green))
            out.append(s.lastBranch + s.paint("\(s.cross) not a declared feature: the app cannot start here", .red))
            return out
        } else {
            out.append(s.paint("route ", .green) + s.paint(s.escape(entry), .cyan) + " " + s.paint("[entry route]", .green))
            children = initial
        }
        var expanded = [Bool](repeating: false, count: g.nodeCount)
        if let root { expanded[Int(root)] = true }
        // Frames: the moves of one screen (`node`, -1 for an entry route), the next index; `lastBits[i]`
        // says whether frame i+1 hangs from its parent's last move (its prefix column is blank).
        var stack: [(moves: [ScreenMove], next: Int, node: Int32)] = [(children, 0, -1)]
        var lastBits: [Bool] = []
        let maxColumns = s.width
        // The prefix only changes when one of its first `maxColumns` bits does: cached in between.
        var cachedPrefix: String?
        func prefix() -> String {
            if let p = cachedPrefix { return p }
            var p = ""
            for bit in lastBits.prefix(maxColumns) { p += bit ? "   " : s.pipe }
            cachedPrefix = p
            return p
        }
        if children.isEmpty { out.append(s.lastBranch + s.paint("(opens nothing)", .dim)) }
        while let top = stack.last {
            if top.next >= top.moves.count {
                stack.removeLast()
                if top.node >= 0 {
                    onPath[Int(top.node)] = false
                    lastBits.removeLast()
                    if lastBits.count < maxColumns { cachedPrefix = nil }
                }
                continue
            }
            let m = top.moves[top.next]
            stack[stack.count - 1].next += 1
            let isLast = top.next == top.moves.count - 1
            var line = (lastBits.count < maxColumns ? prefix() + (isLast ? s.lastBranch : s.branch) : prefix()) + MoveText.step(m, g, scenario, s)
            if let l = m.lands {
                if onPath[Int(l)] {
                    line += " " + s.paint("\(s.loopMark) loops back", .magenta)
                } else if tree.parent(l) == m && !expanded[Int(l)] {
                    expanded[Int(l)] = true
                    let next = g.moves(from: l, under: scenario)
                    if !next.isEmpty {
                        stack.append((next, 0, l))
                        if lastBits.count < maxColumns { cachedPrefix = nil }
                        lastBits.append(isLast)
                        onPath[Int(l)] = true
                    }
                } else {
                    line += " " + s.paint(expanded[Int(l)] ? "(expanded above)" : "(expanded below)", .dim)
                }
            }
            out.append(line)
        }
        return out
    }
}
