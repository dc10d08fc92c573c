import Foundation
import NavGraphKit
@testable import NavGraphRender
import XCTest

/// Names are data: whatever a registry holds must come out as text, never as DOT syntax,
/// markup or an attribute graphviz interprets.
final class EscapingTests: XCTestCase {
    static let hostile = [
        "Quote\"Name", "Less<Than", "Greater>Than", "Amp&Name", "Entity&lt;b&gt;", "Two\nLines",
        "x\"]; node [label=x", "<script>alert(1)</script>", "Back\\slash", "trail\\", "C:\\new\\Node",
        "\"];}\ndigraph evil{a->b", "Ctrl\u{1}Char",
    ]

    func hostileRegistry() -> Registry {
        let names = Self.hostile
        return Registry(
            app: "App <b>&\"", entries: [Entry(target: .feature(names[0]))],
            routes: names.map { Route(id: "r" + $0, module: "M<od>") },
            handlers: [RouteHandler(name: "H\"x", module: "M<od>", routes: names.map { .init(route: "r" + $0, feature: $0) })],
            features: names.enumerated().map { i, n in
                Feature(name: n, module: i % 2 == 0 ? "M<od>" : "Mod\"]; evil", fallback: i == 3 ? "<script>" : nil,
                        dependencies: [DependencyRef(name: "Dep<\(i)>&")],
                        navigates: [Navigation(route: "r" + names[(i + 1) % names.count], style: "p\"ush")])
            })
    }

    func testHostileNamesStayTextInDOTAndSVG() throws {
        let findings = [Finding(ruleID: "unreachable-feature", severity: .warning, message: "<script>x</script> & \"q\"",
                                location: SourceLocation(file: "a\"b<c>.yml", line: 1, column: 1), subject: "s",
                                elements: [Self.hostile[6]])]
        for detail in DiagramOptions.Detail.allCases {
            var o = DiagramOptions()
            o.detail = detail
            o.layer = .all
            let out = try render(hostileRegistry(), findings, o, [.dot, .svg, .json, .mermaid])
            let dot = out.text(.dot)

            // DOT: graphviz reads it back as exactly the nodes and edges we made (no injected ones).
            let reread = try XCTUnwrap(GraphvizRenderer.reread(dot: dot), "graphviz could not re-read the DOT")
            XCTAssertEqual(reread.nodes, out.diagram.nodes.count + 1)  // + legend
            XCTAssertEqual(reread.edges, out.diagram.edges.count)
            XCTAssertTrue(dot.hasPrefix("digraph navgraph {"))
            XCTAssertTrue(dot.contains(#"C:\\\\new\\\\Node"#) || dot.contains(#"C:\\new\\Node"#), "backslashes doubled")
            XCTAssertTrue(dot.contains("Amp&amp;Name"))
            XCTAssertTrue(dot.contains("Entity&amp;lt;b&amp;gt;"))
            // Only synthetic ids name nodes and clusters (graphviz's own JSON lists every name).
            let json = try XCTUnwrap(JSONSerialization.jsonObject(with: out.data(.json)) as? [String: Any])
            let names = (json["objects"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            XCTAssertEqual(names.count, out.diagram.nodes.count + 1 + out.diagram.clusters.count)
            for n in names {
                XCTAssertNotNil(n.range(of: #"^(n[0-9]+|legend|cluster_[A-Za-z0-9_]+)$"#, options: .regularExpression), n)
            }
            for line in dot.split(separator: "\n") where line.contains("subgraph") {
                XCTAssertNotNil(line.range(of: #"^\s*subgraph cluster_[A-Za-z0-9_]+ \{$"#, options: .regularExpression), String(line))
            }

            // SVG: well-formed XML, no script element, hostile text present only as text.
            let svg = try XCTUnwrap(SVGScan.parse(out.data(.svg)))
            XCTAssertFalse(svg.elements.contains("script"))
            XCTAssertFalse(svg.attributeValues.contains { $0.lowercased().hasPrefix("onload") || $0.contains("javascript:") })
            let text = svg.texts.joined(separator: "|")
            XCTAssertTrue(text.contains("<script>alert(1)</script>"), "the name is shown as text")
            XCTAssertTrue(text.contains("Entity&lt;b&gt;"), "entity-like text is shown literally")
            XCTAssertTrue(text.contains("C:\\new\\Node"), "backslashes survive")
            XCTAssertTrue(text.contains("x\"]; node [label=x"))
            let tooltips = svg.attributeValues.filter { $0.hasPrefix("xlink:title=") }.joined()
            XCTAssertTrue(tooltips.contains("<script>x</script> & \"q\""), "finding text in a tooltip")

            // Mermaid: no raw quote, angle bracket or ampersand inside labels.
            let mmd = out.text(.mermaid)
            XCTAssertFalse(mmd.contains("<script>"))
            XCTAssertTrue(mmd.contains("#lt;script#gt;"))
        }
    }

    func testEscapeFunction() {
        XCTAssertEqual(Escaping.dot("a\\b&c\r\nd\ne\u{7}"), "a\\\\b&amp;c\\nd\\ne?")
        XCTAssertEqual(Escaping.dot("trail\\"), "trail\\\\")
    }

    func testClusterNamesAreSafeAndUnique() {
        var used: Set<String> = []
        XCTAssertEqual(Assembly.clusterName("Mod\"]; evil", used: &used), "cluster_Mod____evil")
        XCTAssertEqual(Assembly.clusterName("Mod-\"]; evil", used: &used), "cluster_Mod_____evil")
        XCTAssertEqual(Assembly.clusterName("Mod\"]; evil", used: &used), "cluster_Mod____evil_2")
        XCTAssertEqual(Assembly.clusterName("Modülé", used: &used), "cluster_Mod_l_")
    }
}
