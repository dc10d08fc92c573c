import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph
import NavGraphChecks

/// Markdown pieces for the diff's pull-request comment (the formatter lives with the Mermaid
/// writer in NavGraphRender); the escaping is the reporters' own.
public enum DiffMarkdown {
    /// Text for a table cell or a list item: see `Escaping.markdownCell`.
    public static func cell(_ s: String) -> String { Escaping.markdownCell(s) }

    /// `text` as a fenced code block that no backtick run inside it can close, each line on one
    /// line (control characters escaped) and indented by `indent`.
    public static func codeBlock(_ text: String, indent: String = "") -> String {
        var longest = 0, run = 0
        for c in text { if c == "`" { run += 1; longest = max(longest, run) } else { run = 0 } }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { indent + Escaping.terminal(String($0)) }
        return "\(indent)\(fence)\n" + lines.joined(separator: "\n") + "\n\(indent)\(fence)\n"
    }
}
