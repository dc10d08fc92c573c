import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph
import NavGraphChecks

extension Explorer {
    /// The whole screen for `state`: exactly `height` lines, none wider than `style.width`.
    /// A pure function, so the screen can be tested without a terminal.
    public func render(_ state: ExplorerState, height: Int, style s: TerminalStyle) -> [String] {
        let g = graph
        let h = max(8, height)
        var top: [String] = []
        let app = g.registry.app.map { s.escape($0) } ?? "registry"
        top.append(s.paint("navgraph explore", .bold) + s.paint(" \(s.unicode ? "—" : "-") \(app) \(s.unicode ? "·" : "|") scenario \(TerminalReport.scenarioText(scenario, s))", .dim))
        top.append(s.rule(s.width))

        var bottom: [String] = [s.rule(s.width)]
        var list: [String] = []
        var selected = 0
        switch state.mode {
        case .browse:
            top += details(state, s)
            let ms = moves(state)
            top.append(s.paint("Routes (\(ms.count))", .bold))
            list = ms.map { MoveText.step($0, g, scenario, s) }
            if list.isEmpty { list = [s.paint("  (this screen opens no route)", .dim)] }
            selected = state.selection
            let keys = "\(s.unicode ? "↑/↓" : "Up/Down") choose  Enter follow  \(s.unicode ? "←" : "Left")/Backspace back  / jump  q quit"
            let short = "\(s.unicode ? "↑↓" : "Up Dn") Enter \(s.unicode ? "←" : "Left") / q quit"
            bottom.append(s.paint(StringWidth.of(keys) <= s.width ? keys : short, .dim))
        case .search(let query):
            let found = matches(query)
            top.append(s.paint("Jump to a screen", .bold) + s.paint(" (type a name; Enter jumps, Esc cancels)", .dim))
            top.append("/" + s.escape(query) + (s.unicode ? "▏" : "_"))
            top.append(s.paint("Matches (\(found.count))", .bold))
            list = found.map { id in s.escape(g.name(id)) + " " + MoveText.screenTags(id, g, scenario, s) }
            if list.isEmpty {
                let hint = NameSuggestion.closest(to: query, in: g.declaredFeatures.map(g.name)).map { "; did you mean \(s.escape($0))?" } ?? ""
                list = [s.paint("  no screen matches\(hint)", .yellow)]
            }
            selected = state.selection
            bottom.append(s.paint("\(s.unicode ? "↑/↓" : "Up/Down") choose  Enter jump  Esc cancel", .dim))
        }
        if let msg = state.message { bottom.append(s.paint(s.escape(msg), .yellow)) }

        // The list gets what is left, scrolled so the chosen line shows.
        let room = max(1, h - top.count - bottom.count)
        let first = max(0, min(selected - room / 2, list.count - room))
        var shown: [String] = []
        for (i, line) in list.enumerated().dropFirst(first).prefix(room) {
            let isChosen = i == selected && !(list.count == 1 && moves(state).isEmpty && state.mode == .browse)
            let marker = isChosen ? s.paint(s.unicode ? "▸ " : "> ", .green) : "  "
            shown.append(isChosen ? marker + s.paint(s.truncate(line, to: s.width - 2), .bold) : marker + line)
        }
        var lines = top + shown
        while lines.count < h - bottom.count { lines.append("") }
        lines += bottom
        // On a very short terminal the details give way first; the keys line stays.
        if lines.count > h { lines = Array(lines.prefix(h - bottom.count)) + bottom }
        return Array(lines.prefix(h)).map { s.truncate($0) }
    }

    /// The current screen: module, enablement, fallback, dependencies, findings, the way here.
    package func details(_ state: ExplorerState, _ s: TerminalStyle) -> [String] {
        let g = graph
        guard let c = state.current else { return [s.paint("The registry declares no features.", .yellow), ""] }
        var out: [String] = []
        var title = s.paint(s.escape(g.name(c)), .bold)
        if g.entryFeatures.contains(c) { title += " " + s.paint("[entry]", .green) }
        out.append(title)
        guard let info = g.feature(c) else { return out + [s.paint("  not declared", .red), ""] }
        out.append("  module:       " + (info.module.map { s.escape($0) } ?? s.paint("(none)", .dim)))
        let enabled = scenario.isEnabled(info.enabled)
        let status = MoveText.enablement(info.enabled, scenario, s)
        out.append("  enabled:      " + (enabled == false ? s.paint("no (\(status))", .red) : info.enabled == .always ? "yes" : "yes (\(status))"))
        out.append("  fallback:     " + (info.fallback.map { s.escape($0) } ?? s.paint("(none)", .dim)))
        let deps = info.dependencies.map { s.escape($0.name) + ($0.lazy ? " (lazy)" : "") }
        out += s.wrap(deps.isEmpty ? "(none)" : deps.joined(separator: ", "), firstIndent: "  dependencies: ", indent: "                ")
        let about = findings.filter { $0.element == .feature(g.name(c)) || $0.elements.contains(g.name(c)) }
        if about.isEmpty {
            out.append("  findings:     " + s.paint("none", .green))
        } else {
            out.append("  findings:     \(about.count)")
            for f in about.prefix(4) {
                out.append("    " + s.paint(f.severity.rawValue, TerminalReport.severityPaint(f.severity)) + " [\(s.escape(f.ruleID))] " + s.escape(f.message))
            }
            if about.count > 4 { out.append(s.paint("    \(s.ellipsis) \(about.count - 4) more (navgraph check)", .dim)) }
        }
        let trail = (state.history.suffix(4) + [c]).map { s.escape(g.name($0)) }
        out.append("  path:         " + (state.history.count > 4 ? "\(s.ellipsis) " : "") + trail.joined(separator: " \(s.arrow) "))
        out.append("")
        return out
    }
}
