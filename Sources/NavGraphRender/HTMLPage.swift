import Foundation
import NavGraphKit

/// `navgraph render -f html`: one self-contained page (no network, no external script, style or
/// font) holding graphviz's SVG of the diagram, the data as JSON in a
/// `<script type="application/json">` block, and the script that reads it with `JSON.parse`.
/// Names never reach markup: the JSON escapes `<`, `>`, `&`, U+2028/2029; the SVG is graphviz's
/// escaped XML; the script writes text with `textContent` only.
public enum HTMLPage {
    /// What the page needs beyond the diagram: its flag scenarios and each one's findings, as the
    /// pipeline computed them (`Analysis.scenarioFindings`; the page runs no checks).
    public struct Context: Sendable {
        public var scenarios: ScenarioFindings
        public init(scenarios: ScenarioFindings) {
            self.scenarios = scenarios
        }
    }

    /// The page's bytes. `svg` is graphviz's SVG of `diagram`.
    static func write(svg: Data, graph: NavGraph, diagram: Diagram, engine: String, notes: [String],
                      options: DiagramOptions, context: Context?, groups: DiagramGroups? = nil, groupSVGs: [Data] = [],
                      groupDiagrams: [Diagram] = []) throws(RenderError) -> Data {
        guard let context else { throw .unsupported("the HTML page needs its flag scenarios' findings (HTMLPage.Context)") }
        let data = StageTimes.measure("html: page data") {
            HTMLPageData(graph: graph, diagram: diagram, engine: engine, notes: notes, options: options,
                         scenarios: context.scenarios, groups: groups, groupDiagrams: groupDiagrams)
        }
        let json: String
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            json = Escaping.scriptJSON(String(decoding: try encoder.encode(data), as: UTF8.self))
        } catch {
            throw .system("the page's data could not be encoded: \(error)")
        }
        let picture = try inlineSVG(String(decoding: svg, as: UTF8.self))
        var page = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        page += "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\n"
        page += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        page += "<meta name=\"generator\" content=\"navgraph\">\n"
        page += "<title>\(Escaping.xml(diagram.title)) · navgraph</title>\n<style>\n\(HTMLAssets.style)</style>\n</head>\n"
        page += HTMLAssets.body(svg: picture)
        // Group pictures: text until opened (the script parses one with DOMParser as SVG, never as
        // HTML, and puts it in the canvas), so a big map's page does not build every group's DOM.
        for (k, g) in groupSVGs.enumerated() {
            let svg = try inlineSVG(String(decoding: g, as: UTF8.self))
            let lower = svg.lowercased()
            if lower.contains("</script") || lower.contains("<!--") {
                throw .system("a group picture's SVG holds markup that would end its block: not embedded")
            }
            page += "<script type=\"text/plain\" id=\"ng-group-\(k)\">\(svg)</script>\n"
        }
        page += "<script type=\"application/json\" id=\"navgraph-data\">\(json)</script>\n"
        page += "<script>\n\(HTMLAssets.script)</script>\n</body>\n</html>\n"
        return Data(page.utf8)
    }

    /// `svg` without the `xlink:href` attributes navgraph itself set (`own`: the group pictures'
    /// file names, as graphviz XML-escapes them): the page opens groups in place.
    static func withoutOwnLinks(_ svg: Data, _ own: Set<String>) -> Data {
        guard !own.isEmpty else { return svg }
        let escaped = Set(own.map { Escaping.xml($0) })
        let b = Array(svg)
        let key = Array(" xlink:href=\"".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(b.count)
        var i = 0
        while i < b.count {
            if b[i] == key[0] && i + key.count <= b.count && Array(b[i..<(i + key.count)]) == key {
                var j = i + key.count
                while j < b.count && b[j] != UInt8(ascii: "\"") { j += 1 }
                if j < b.count && escaped.contains(String(decoding: b[(i + key.count)..<j], as: UTF8.self)) {
                    i = j + 1
                    continue
                }
            }
            out.append(b[i])
            i += 1
        }
        return Data(out)
    }

    /// Graphviz's SVG as an inline element: from `<svg` on, comments dropped, the fixed size
    /// removed (the page sizes and pans it). Anything graphviz never writes (a script, a foreign
    /// object, an iframe, an event or `href` attribute, a `javascript:` URL outside quoted values)
    /// is refused rather than embedded. One pass over the bytes: big SVGs are megabytes.
    static func inlineSVG(_ svg: String) throws(RenderError) -> String {
        let b = Array(svg.utf8)
        func at(_ i: Int, _ s: String) -> Bool {
            let u = Array(s.utf8)
            return i + u.count <= b.count && Array(b[i..<(i + u.count)]) == u
        }
        guard var i = b.indices.first(where: { b[$0] == UInt8(ascii: "<") && at($0, "<svg") }) else {
            throw .system("graphviz wrote no <svg> element")
        }
        var out: [UInt8] = []
        out.reserveCapacity(b.count)
        var rootEnd: Int?
        while i < b.count {
            guard b[i] == UInt8(ascii: "<") else {
                out.append(b[i])
                i += 1
                continue
            }
            if at(i, "<!--") {
                var j = i + 4
                while j < b.count && !at(j, "-->") { j += 1 }
                i = min(j + 3, b.count)
                if i < b.count && b[i] == UInt8(ascii: "\n") { i += 1 }
                continue
            }
            // A tag up to its '>' outside quotes; `bare` is its text, lowercased, quoted values left out.
            var j = i + 1
            var quote: UInt8?
            var bare: [UInt8] = []
            while j < b.count {
                let c = b[j]
                if let q = quote {
                    if c == q { quote = nil }
                } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                    quote = c
                } else if c == UInt8(ascii: ">") {
                    break
                } else {
                    bare.append(c >= 65 && c <= 90 ? c + 32 : c)
                }
                j += 1
            }
            try refuseUnsafe(String(decoding: bare, as: UTF8.self))
            let end = min(j, b.count - 1)
            if rootEnd == nil { rootEnd = out.count + (end - i) }
            out += b[i...end]
            i = end + 1
        }
        var text = String(decoding: out, as: UTF8.self)
        if let rootEnd, let tagEnd = text.utf8.index(text.utf8.startIndex, offsetBy: rootEnd, limitedBy: text.utf8.endIndex) {
            let tag = String(text[..<tagEnd]).replacingOccurrences(of: #"\s(width|height)="[^"]*""#, with: "", options: .regularExpression)
            text = tag + " id=\"ng-svg\" role=\"img\" aria-label=\"navigation diagram\"" + text[tagEnd...]
        }
        return text
    }

    /// `tag`: a tag's text after `<`, lowercased, without its quoted attribute values.
    private static func refuseUnsafe(_ tag: String) throws(RenderError) {
        var bad = tag.hasPrefix("script") || tag.hasPrefix("foreignobject") || tag.hasPrefix("iframe")
            || tag.contains("javascript:") || tag.contains("href=")
        // An event attribute: whitespace, "on", letters, optional spaces, "=".
        let u = Array(tag.utf8)
        var k = 1
        while !bad && k + 2 < u.count {
            if (u[k - 1] == 32 || u[k - 1] == 9 || u[k - 1] == 10 || u[k - 1] == 13) && u[k] == 111 && u[k + 1] == 110 {
                var m = k + 2
                while m < u.count && u[m] >= 97 && u[m] <= 122 { m += 1 }
                while m < u.count && u[m] == 32 { m += 1 }
                if m > k + 2 && m < u.count && u[m] == 61 { bad = true }
            }
            k += 1
        }
        if bad { throw .system("graphviz's SVG holds markup navgraph never asks for (<\(tag.prefix(40))): not embedded") }
    }
}
