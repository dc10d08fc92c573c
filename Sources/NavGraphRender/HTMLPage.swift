import Foundation
import NavGraphKit

/// `navgraph render -f html`: one self-contained page (no network, no external script, style or
/// font) holding graphviz's SVG of the diagram, the data as JSON in a
/// `<script type="application/json">` block, and the script that reads it with `JSON.parse`.
/// Names never reach markup: the JSON escapes `<`, `>`, `&`, U+2028/2029; the SVG is graphviz's
/// escaped XML; the script writes text with `textContent` only.
public enum HTMLPage {
    /// What the page needs beyond the diagram: the scenario it starts from and the check options
    /// (rules, severities, exclusions) its per-scenario findings are computed with.
    public struct Context: Sendable {
        public var scenario: FlagScenario?
        public var checkOptions: CheckOptions
        public init(scenario: FlagScenario? = nil, checkOptions: CheckOptions = .init()) {
            self.scenario = scenario
            self.checkOptions = checkOptions
        }
    }

    /// The page's bytes. `svg` is graphviz's SVG of `diagram`.
    static func write(svg: Data, graph: NavGraph, diagram: Diagram, engine: String, notes: [String],
                      options: DiagramOptions, context: Context) throws(RenderError) -> Data {
        let base = context.scenario ?? FlagScenario.defaults(of: graph.registry)
        let data = HTMLPageData(graph: graph, diagram: diagram, engine: engine, notes: notes, options: options,
                                base: base, checkOptions: context.checkOptions)
        let json: String
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            json = scriptSafeJSON(String(decoding: try encoder.encode(data), as: UTF8.self))
        } catch {
            throw .system("the page's data could not be encoded: \(error)")
        }
        let picture = try inlineSVG(String(decoding: svg, as: UTF8.self))
        var page = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        page += "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\n"
        page += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        page += "<meta name=\"generator\" content=\"navgraph\">\n"
        page += "<title>\(escapeText(diagram.title)) · navgraph</title>\n<style>\n\(HTMLAssets.style)</style>\n</head>\n"
        page += HTMLAssets.body(svg: picture)
        page += "<script type=\"application/json\" id=\"navgraph-data\">\(json)</script>\n"
        page += "<script>\n\(HTMLAssets.script)</script>\n</body>\n</html>\n"
        return Data(page.utf8)
    }

    /// JSON that cannot end its `<script>` block or open markup: `<`, `>`, `&` and the JavaScript
    /// line separators U+2028/2029 written as `\uXXXX` escapes. They can only occur inside JSON
    /// strings, where the escape means the same character.
    static func scriptSafeJSON(_ json: String) -> String {
        var out = ""
        out.reserveCapacity(json.utf8.count)
        for scalar in json.unicodeScalars {
            switch scalar {
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Text for an HTML text node or attribute.
    static func escapeText(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(c)
            }
        }
        return out
    }

    /// Graphviz's SVG as an inline element: from `<svg` on, comments dropped, the fixed size
    /// removed (the page sizes and pans it). Anything graphviz never writes (a script, a foreign
    /// object, an event attribute) is refused rather than embedded.
    static func inlineSVG(_ svg: String) throws(RenderError) -> String {
        guard let start = svg.range(of: "<svg") else { throw .system("graphviz wrote no <svg> element") }
        var text = String(svg[start.lowerBound...])
        while let open = text.range(of: "<!--"), let close = text.range(of: "-->", range: open.upperBound..<text.endIndex) {
            var end = close.upperBound
            if end < text.endIndex, text[end] == "\n" { end = text.index(after: end) }
            text.removeSubrange(open.lowerBound..<end)
        }
        if let tagEnd = text.firstIndex(of: ">") {
            var tag = String(text[..<tagEnd])
            tag = tag.replacingOccurrences(of: #"\s(width|height)="[^"]*""#, with: "", options: .regularExpression)
            text = tag + " id=\"ng-svg\" role=\"img\" aria-label=\"navigation diagram\"" + text[tagEnd...]
        }
        // Every tag, its quoted attribute values blanked (names live there, escaped, as tooltips).
        guard let tags = try? NSRegularExpression(pattern: #"<[^>]*>"#) else { throw .system("the SVG check could not start") }
        let ns = text as NSString
        for m in tags.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
            let tag = ns.substring(with: m.range).lowercased()
                .replacingOccurrences(of: #""[^"]*"|'[^']*'"#, with: "\"\"", options: .regularExpression)
            if tag.hasPrefix("<script") || tag.hasPrefix("<foreignobject") || tag.hasPrefix("<iframe")
                || tag.contains("javascript:") || tag.contains("href=") || tag.range(of: #"\son[a-z]+\s*="#, options: .regularExpression) != nil
            {
                throw .system("graphviz's SVG holds markup navgraph never asks for (\(tag.prefix(40))): not embedded")
            }
        }
        return text
    }
}
