import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph
import NavGraphChecks

/// How terminal output looks: colour on or off, Unicode or ASCII drawing, and the width to fit.
///
/// A plain value; every terminal renderer takes one, so the same function gives the coloured
/// report on a terminal and the plain one in a pipe (and in golden tests).
public struct TerminalStyle: Sendable, Hashable {
    public var color: Bool
    public var unicode: Bool
    /// Columns available; lines are wrapped or truncated to fit (never below 40).
    public var width: Int

    public init(color: Bool, unicode: Bool, width: Int) {
        self.color = color
        self.unicode = unicode
        self.width = max(40, width)
    }

    /// Plain ASCII without colour: pipes, `NO_COLOR`, `--color never`.
    public static func plain(width: Int = 100) -> TerminalStyle { TerminalStyle(color: false, unicode: false, width: width) }

    /// Colour and Unicode box drawing: an interactive terminal.
    public static func rich(width: Int = 100) -> TerminalStyle { TerminalStyle(color: true, unicode: true, width: width) }

    /// Decides colour the conventional way: `always`/`never` win; `auto` colours only a terminal
    /// without `NO_COLOR` (https://no-color.org: any non-empty value).
    public static func colorEnabled(mode: ColorMode, isTerminal: Bool, noColor: String?) -> Bool {
        switch mode {
        case .always: return true
        case .never: return false
        case .auto: return isTerminal && (noColor ?? "").isEmpty
        }
    }

    public enum ColorMode: String, Sendable, CaseIterable {
        case auto, always, never
    }

    /// ANSI colours and weights used by the terminal renderers.
    public enum Paint: String, Sendable {
        case bold = "1", dim = "2", red = "31", green = "32", yellow = "33", blue = "34", magenta = "35", cyan = "36"
        case boldRed = "1;31"
    }

    /// `text` wrapped in an SGR sequence when colour is on. `text` must already be escaped.
    public func paint(_ text: String, _ paint: Paint) -> String {
        guard color, !text.isEmpty else { return text }
        return "\u{1B}[\(paint.rawValue)m\(text)\u{1B}[0m"
    }

    // MARK: Glyphs

    public var branch: String { unicode ? "├─ " : "|- " }
    public var lastBranch: String { unicode ? "└─ " : "`- " }
    public var pipe: String { unicode ? "│  " : "|  " }
    public var arrow: String { unicode ? "→" : "->" }
    public var loopMark: String { unicode ? "↺" : "<-" }
    public var bullet: String { unicode ? "•" : "*" }
    public var ellipsis: String { unicode ? "…" : "..." }
    public var cross: String { unicode ? "✗" : "x" }
    public func rule(_ n: Int) -> String { String(repeating: unicode ? "─" : "-", count: max(0, n)) }
    public func heavyRule(_ n: Int) -> String { String(repeating: unicode ? "━" : "=", count: max(0, n)) }

    // MARK: Fitting text

    /// `name` made safe for the terminal (see `Escaping.terminal`).
    public func escape(_ name: String) -> String { Escaping.terminal(name) }

    /// Columns `text` takes, ignoring SGR colour sequences (one column per character).
    public static func visibleWidth(_ text: String) -> Int {
        var n = 0
        var inEscape = false
        for c in text.unicodeScalars {
            if inEscape {
                if c == "m" { inEscape = false }
            } else if c == "\u{1B}" {
                inEscape = true
            } else if c.properties.generalCategory != .nonspacingMark {
                n += 1
            }
        }
        return n
    }

    /// Cuts `text` (which may hold colour sequences) to `width` columns, ending with an ellipsis
    /// when cut; colour is reset after a cut so nothing bleeds into the next line.
    public func truncate(_ text: String, to width: Int? = nil) -> String {
        let limit = width ?? self.width
        guard Self.visibleWidth(text) > limit else { return text }
        let keep = max(0, limit - Self.visibleWidth(ellipsis))
        var out = ""
        var n = 0
        var inEscape = false
        var sawEscape = false
        for c in text.unicodeScalars {
            if inEscape {
                out.unicodeScalars.append(c)
                if c == "m" { inEscape = false }
                continue
            }
            if c == "\u{1B}" {
                inEscape = true
                sawEscape = true
                out.unicodeScalars.append(c)
                continue
            }
            if n >= keep { continue }
            out.unicodeScalars.append(c)
            n += 1
        }
        return out + (sawEscape ? "\u{1B}[0m" : "") + ellipsis
    }

    /// Word-wraps plain `text` to the width: the first line after `firstIndent`, the others after
    /// `indent`. A word longer than a line is cut into pieces.
    public func wrap(_ text: String, firstIndent: String = "", indent: String = "") -> [String] {
        var lines: [String] = []
        var current = firstIndent
        var currentWidth = Self.visibleWidth(firstIndent)
        var empty = true
        let indentWidth = Self.visibleWidth(indent)
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var w = String(word)
            while true {
                let ww = Self.visibleWidth(w)
                let needed = ww + (empty ? 0 : 1)
                if currentWidth + needed <= width {
                    current += (empty ? "" : " ") + w
                    currentWidth += needed
                    empty = false
                    break
                }
                if !empty {
                    lines.append(current)
                    current = indent
                    currentWidth = indentWidth
                    empty = true
                    continue
                }
                // A word wider than a whole line: cut it.
                let room = max(1, width - currentWidth)
                let head = String(w.prefix(room))
                lines.append(current + head)
                w = String(w.dropFirst(room))
                current = indent
                currentWidth = indentWidth
                if w.isEmpty { break }
            }
        }
        if !empty || lines.isEmpty { lines.append(current) }
        return lines
    }

    /// Pads `text` with spaces to `width` columns (never cuts).
    public static func pad(_ text: String, _ width: Int) -> String {
        let w = visibleWidth(text)
        return w >= width ? text : text + String(repeating: " ", count: width - w)
    }
}
