import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph
import NavGraphChecks

/// Shared wording for moves and screens, so the report, the queries and the explorer say the same
/// thing the same way. Every name goes through `TerminalStyle.escape`.
public enum MoveText {
    /// `route (style)` — what a step opens.
    public static func route(_ m: ScreenMove, _ g: NavGraph, _ s: TerminalStyle) -> String {
        // A direct presentation opens no route: it says so, in the edge style's name.
        var text = m.direct ? s.paint("direct", .green) : s.paint(s.escape(g.name(m.route)), .cyan)
        if let style = m.style { text += " " + s.paint("(\(s.escape(style)))", .dim) }
        return text
    }

    /// Why a feature is or is not shown: `flag x off`, `isEnabled() returns false`, `decided at run time`.
    public static func enablement(_ e: Enablement, _ scenario: FlagScenario, _ s: TerminalStyle) -> String {
        switch e {
        case .always: return "enabled"
        case .never: return "isEnabled() returns false"
        case .flag(let f): return "flag \(s.escape(f)) \(scenario.isEnabled(e) == true ? "on" : "off")"
        case .runtime: return "decided at run time"
        }
    }

    /// `route (style) → Screen  [marks]`: one line of a flow tree or an outgoing-routes list.
    public static func step(_ m: ScreenMove, _ g: NavGraph, _ scenario: FlagScenario, _ s: TerminalStyle) -> String {
        route(m, g, s) + " \(s.arrow) " + outcome(m, g, scenario, s)
    }

    /// `Screen  [marks]`: where a move ends, and why.
    public static func outcome(_ m: ScreenMove, _ g: NavGraph, _ scenario: FlagScenario, _ s: TerminalStyle) -> String {
        let head = ""
        let dest = m.destination.map { s.escape(g.name($0)) } ?? ""
        switch m.outcome {
        case .shows:
            var text = head + s.paint(dest, .bold)
            if let d = m.destination, let info = g.feature(d) {
                switch info.enabled {
                case .flag: text += " " + s.paint("[\(enablement(info.enabled, scenario, s))]", .dim)
                case .runtime: text += " " + s.paint("[enabled at run time]", .dim)
                case .always, .never: break
                }
            }
            return text
        case .disabled:
            let why = m.destination.flatMap { g.feature($0) }.map { enablement($0.enabled, scenario, s) } ?? "disabled"
            return head + s.paint(dest, .red) + " " + s.paint("\(s.cross) disabled (\(why)), no fallback: crash", .red)
        case .fallback(let active):
            let fb = m.lands.map { s.escape(g.name($0)) } ?? ""
            if active { return head + s.paint(fb, .yellow) + " " + s.paint("[fallback: \(dest) is off]", .yellow) }
            return head + s.paint(fb, .yellow) + " " + s.paint("[fallback if \(dest) is off]", .dim)
        case .unhandled:
            return head + s.paint("\(s.cross) no handler (RouterService's failure handler crashes)", .boldRed)
        case .undeclared:
            return head + s.paint(dest, .red) + " " + s.paint("\(s.cross) not declared", .red)
        }
    }

    /// A full sentence for a path step: `opens r (style), handled by H → Screen`.
    public static func sentence(_ m: ScreenMove, _ g: NavGraph, _ scenario: FlagScenario, _ s: TerminalStyle) -> String {
        let by = m.handler.map { ", handled by \(s.escape(g.name($0)))" } ?? ""
        let opener = m.from == nil ? "entry route " : "opens "
        let dest = m.destination.map { s.escape(g.name($0)) } ?? "?"
        if m.direct {
            return "presents \(s.paint(dest, .bold)) directly\(m.style.map { " (\(s.escape($0)))" } ?? ""), around the router"
        }
        switch m.outcome {
        case .fallback:
            let fb = m.lands.map { s.escape(g.name($0)) } ?? "?"
            let why = m.destination.flatMap { g.feature($0) }.map { enablement($0.enabled, scenario, s) } ?? "disabled"
            return "\(opener)\(route(m, g, s))\(by) \(s.arrow) \(dest) is disabled (\(why)), so its fallback \(s.paint(fb, .bold)) is shown"
        default:
            return "\(opener)\(route(m, g, s))\(by) \(s.arrow) \(s.paint(dest, .bold))"
        }
    }

    /// Short facts about a screen: `Module`, entry, enablement, fallback.
    public static func screenTags(_ f: Int32, _ g: NavGraph, _ scenario: FlagScenario, _ s: TerminalStyle) -> String {
        guard let info = g.feature(f) else { return s.paint("(not declared)", .red) }
        var tags: [String] = []
        if let m = info.module { tags.append(s.escape(m)) }
        if info.enabled != .always { tags.append(enablement(info.enabled, scenario, s)) }
        if let fb = info.fallback { tags.append("fallback \(s.escape(fb))") }
        return tags.isEmpty ? "" : s.paint("(\(tags.joined(separator: ", ")))", .dim)
    }
}
