extension TerminalReport {
    /// One tree per entry: screens depth by depth, each expanded once (where breadth-first search
    /// first reaches it); a branch returning to a screen on its own path is marked as a loop, one
    /// reaching a screen expanded elsewhere says so. So cyclic flows print finite trees.
    static func flows(_ g: NavGraph, _ scenario: FlagScenario, _ s: TerminalStyle) -> [String] {
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
    public static func flowTree(
        entry: String, isRoute: Bool, root: Int32?, initial: [ScreenMove], _ g: NavGraph, _ scenario: FlagScenario, _ s: TerminalStyle
    ) -> [String] {
        var out: [String] = []
        let tree = g.flowTree(from: root.map { [$0] } ?? [], initial: initial, under: scenario)
        var children: [ScreenMove]
        var ancestors: [Int32] = []
        if let root {
            var line = s.paint(s.escape(g.name(root)), .bold) + " " + s.paint("[entry]", .green)
            let tags = MoveText.screenTags(root, g, scenario, s)
            if !tags.isEmpty { line += " " + tags }
            out.append(line)
            children = g.moves(from: root, under: scenario)
            ancestors = [root]
        } else if !isRoute {
            out.append(s.paint(s.escape(entry), .red) + " " + s.paint("[entry]", .green))
            out.append(s.lastBranch + s.paint("\(s.cross) not a declared feature: the app cannot start here", .red))
            return out
        } else {
            out.append(s.paint("route ", .green) + s.paint(s.escape(entry), .cyan) + " " + s.paint("[entry route]", .green))
            children = initial
        }
        var expanded = Set<Int32>(ancestors)
        // Frames: the moves of one screen, the next index, the line prefix, and the path to it.
        var stack: [(moves: [ScreenMove], next: Int, prefix: String, path: [Int32])] = [(children, 0, "", ancestors)]
        if children.isEmpty { out.append(s.lastBranch + s.paint("(opens nothing)", .dim)) }
        while let top = stack.last {
            if top.next >= top.moves.count {
                stack.removeLast()
                continue
            }
            let m = top.moves[top.next]
            stack[stack.count - 1].next += 1
            let isLast = top.next == top.moves.count - 1
            var line = top.prefix + (isLast ? s.lastBranch : s.branch) + MoveText.step(m, g, scenario, s)
            if let l = m.lands {
                if top.path.contains(l) {
                    line += " " + s.paint("\(s.loopMark) loops back", .magenta)
                } else if tree.parent[l] == m && !expanded.contains(l) {
                    expanded.insert(l)
                    let next = g.moves(from: l, under: scenario)
                    if !next.isEmpty {
                        stack.append((next, 0, top.prefix + (isLast ? "   " : s.pipe), top.path + [l]))
                    }
                } else {
                    line += " " + s.paint(expanded.contains(l) ? "(expanded above)" : "(expanded below)", .dim)
                }
            }
            out.append(line)
        }
        return out
    }
}
