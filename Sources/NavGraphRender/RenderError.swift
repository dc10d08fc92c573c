/// Everything that can go wrong while drawing a diagram, with the text a user should read.
public enum RenderError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `--engine` names no installed layout engine.
    case unknownEngine(String, available: [String])
    /// `--format` names no installed graphviz output format (PNG needs the cairo plugin).
    case unknownFormat(String, available: [String])
    /// Graphviz could not read the DOT text (a bug in navgraph when it built that text).
    case unreadableDOT(messages: [String])
    /// The layout engine failed.
    case layoutFailed(engine: String, messages: [String])
    /// Rendering to a format failed.
    case renderFailed(format: String, messages: [String])
    /// The layout ran longer than the budget and was stopped.
    case timedOut(seconds: Double)
    /// The layout process died (graphviz aborted or crashed); `signal` is 0 when it just exited.
    case crashed(signal: Int32, messages: [String])
    /// A system call (pipe, fork, poll) failed.
    case system(String)
    /// `--focus`, `--from`, `--to` or `--module` names nothing in the graph.
    case unknownElement(option: String, name: String)
    /// Options that do not go together (`--view map` with a selection).
    case unsupported(String)

    public var description: String {
        switch self {
        case .unknownEngine(let e, let available):
            if available.isEmpty {
                return "layout engine '\(e)' not found, and graphviz lists no engines at all: its plugin "
                    + "configuration is missing (reinstall libgvc6, or run `dot -c` as root)"
            }
            return "unknown layout engine '\(e)'; installed: \(available.joined(separator: ", "))"
        case .unknownFormat(let f, let available):
            let hint = f.hasPrefix("png")
                ? " (PNG needs graphviz's cairo plugin: install the `graphviz` package, which brings libgvplugin-pango)" : ""
            return "output format '\(f)' is not available\(hint); installed: \(available.joined(separator: ", "))"
        case .unreadableDOT(let m): return "graphviz could not read the DOT navgraph wrote" + Self.tail(m)
        case .layoutFailed(let e, let m): return "graphviz's \(e) layout failed" + Self.tail(m)
        case .renderFailed(let f, let m): return "graphviz could not render \(f)" + Self.tail(m)
        case .timedOut(let s): return "layout did not finish within \(Self.seconds(s)) and was stopped"
        case .crashed(let sig, let m):
            return (sig == 0 ? "the layout process failed" : "graphviz crashed in the layout process (signal \(sig))") + Self.tail(m)
        case .system(let what): return "could not run the layout: \(what)"
        case .unknownElement(let option, let name): return "\(option): nothing named '\(name)' in the graph"
        case .unsupported(let what): return what
        }
    }

    /// What happened, in a few words and without graphviz's own output (a crash prints addresses,
    /// library paths and a backtrace): for the notes a user reads; `description` has the rest.
    public var brief: String {
        switch self {
        case .layoutFailed(let e, _): return "graphviz's \(e) layout failed"
        case .crashed(let sig, _): return sig == 0 ? "the layout process failed" : "graphviz crashed in the layout"
        case .timedOut(let s): return "the layout took more than \(Self.seconds(s))"
        default: return description
        }
    }

    private static func tail(_ messages: [String]) -> String {
        guard !messages.isEmpty else { return "" }
        let shown = messages.prefix(5).joined(separator: "; ")
        return ": " + shown + (messages.count > 5 ? " (and \(messages.count - 5) more)" : "")
    }

    static func seconds(_ s: Double) -> String {
        s == s.rounded() ? "\(Int(s)) s" : "\((s * 10).rounded() / 10) s"
    }
}
