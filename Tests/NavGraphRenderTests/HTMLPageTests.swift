import Foundation
import NavGraphKit
@testable import NavGraphRender
import XCTest

/// `render -f html`: the page's embedded data, its mapping onto the SVG, escaping, determinism and
/// the flag-scenario rule. The page's behaviour in a browser: Tests/Browser/html_page_test.py.
final class HTMLPageTests: XCTestCase {
    /// The `<script type="application/json">` block's text, the inline SVG, and the parsed data.
    struct Page {
        var html: String
        var json: String
        var svg: String
        var data: [String: Any]
    }

    func page(_ registry: Registry, _ options: DiagramOptions = DiagramOptions(), findings: [Finding]? = nil,
              scenario: FlagScenario? = nil, formats: [DiagramFormat] = [.html]) throws -> (Page, DiagramRenderer.Outcome) {
        let graph = NavGraph(registry: registry)
        let out = try DiagramRenderer().render(graph: graph, findings: findings ?? CheckRunner().run(graph), options: options,
                                               formats: formats, page: pageContext(graph, scenario))
        let html = out.text(.html)
        let open = #"<script type="application/json" id="navgraph-data">"#
        let start = try XCTUnwrap(html.range(of: open)).upperBound
        let end = try XCTUnwrap(html.range(of: "</script>", range: start..<html.endIndex)).lowerBound
        let json = String(html[start..<end])
        let svgStart = try XCTUnwrap(html.range(of: "<svg")).lowerBound
        let svgEnd = try XCTUnwrap(html.range(of: "</svg>")).upperBound
        let data = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        return (Page(html: html, json: json, svg: String(html[svgStart..<svgEnd]), data: data), out)
    }

    func example(_ name: String) throws -> Registry {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/\(name)")
        return try RegistryLoader().load(paths: [url.path])
    }

    func testHostileNamesCannotLeaveTheirPlace() throws {
        let names = EscapingTests.hostile + ["</script><script>alert(1)</script>", "line\u{2028}sep\u{2029}", "<!--", "]]>"]
        var r = Registry(
            app: "App </script><b>&\"", entries: [Entry(target: .feature(names[0]))],
            flags: [FeatureFlag(name: "</script>flag", defaultValue: false)],
            routes: names.map { Route(id: "r" + $0, module: "M<od>") },
            handlers: [RouteHandler(name: "H</script>", module: "M<od>", routes: names.map { .init(route: "r" + $0, feature: $0) })],
            features: names.enumerated().map { i, n in
                Feature(name: n, module: i % 2 == 0 ? "M<od>" : "Mod\"]; evil", enabled: i == 2 ? .flag("</script>flag") : .always,
                        fallback: i == 3 ? "<script>" : nil, dependencies: [DependencyRef(name: "Dep<\(i)>&")],
                        navigates: [Navigation(route: "r" + names[(i + 1) % names.count], style: "p\"ush</script>")])
            })
        r.features.append(Feature(name: "Orphan</script>", module: "M<od>"))
        for detail in DiagramOptions.Detail.allCases {
            var o = DiagramOptions()
            o.detail = detail
            o.layer = .all
            let (p, _) = try page(r, o)
            // Only the data block and the page's own script; nothing in the data can end its block.
            XCTAssertEqual(p.html.components(separatedBy: "<script").count - 1, 2)
            XCTAssertEqual(p.html.components(separatedBy: "</script>").count - 1, 2)
            for bad in ["<", ">", "&", "\u{2028}", "\u{2029}"] { XCTAssertFalse(p.json.contains(bad), "raw \(bad) in the JSON block") }
            // The names come back exactly, through JSON.parse's rules.
            let nodes = try XCTUnwrap(p.data["nodes"] as? [[String: Any]])
            let back = Set(nodes.compactMap { $0["name"] as? String })
            for n in names + ["Orphan</script>", "H</script>"] { XCTAssertTrue(back.contains(n), n) }
            XCTAssertEqual((p.data["flags"] as? [[String: Any]])?.first?["name"] as? String, "</script>flag")
            // The SVG is XML with no script, no event attribute; the title is escaped.
            let svg = try XCTUnwrap(SVGScan.parse(Data(p.svg.utf8)))
            XCTAssertFalse(svg.elements.contains("script") || svg.elements.contains("foreignObject"))
            XCTAssertFalse(svg.attributeValues.contains { $0.lowercased().hasPrefix("on") })
            XCTAssertTrue(svg.texts.joined().contains("</script><script>alert(1)</script>"), "shown as text")
            XCTAssertTrue(p.html.contains("<title>App &lt;/script&gt;&lt;b&gt;&amp;&quot; · navgraph</title>"))
            XCTAssertFalse(p.html.contains("innerHTML"), "the script never writes markup from data")
        }
    }

    func testScriptSafeJSON() {
        XCTAssertEqual(Escaping.scriptJSON(#"{"a":"</script>&\#u{2028}\#u{2029}"}"#),
                       #"{"a":"\u003c/script\u003e\u0026\u2028\u2029"}"#)
    }

    func testInlineSVGRefusesWhatGraphvizNeverWrites() throws {
        let ok = #"<?xml version="1.0"?><!-- c --><svg width="10pt" height="5pt" viewBox="0 0 10 5"><g id="n0"><a xlink:title="x onclick=y &lt;script&gt;"><text>on=1</text></a></g></svg>"#
        let inline = try HTMLPage.inlineSVG(ok)
        XCTAssertTrue(inline.hasPrefix(#"<svg viewBox="0 0 10 5" id="ng-svg""#), inline)
        XCTAssertFalse(inline.contains("<!--"))
        for bad in [#"<svg><script>alert(1)</script></svg>"#, #"<svg onload="x()"></svg>"#,
                    #"<svg><a xlink:href="javascript:x()">a</a></svg>"#, #"<svg><foreignObject/></svg>"#] {
            XCTAssertThrowsError(try HTMLPage.inlineSVG(bad), bad)
        }
    }

    /// Graph node → diagram node → SVG `<g id="n…">`, and diagram edge k → `<g id="e…">`: explicit, both ways.
    func testElementsMapOntoSVGGroups() throws {
        for (options, collapsed) in [(DiagramOptions(), false), ({ var o = DiagramOptions(); o.detail = .full; o.layer = .all; return o }(), false),
                                     ({ var o = DiagramOptions(); o.collapseModules = .always; return o }(), true)] {
            let (p, out) = try page(try example("ShopApp.yml"), options)
            let nodes = try XCTUnwrap(p.data["nodes"] as? [[String: Any]])
            XCTAssertEqual(p.data["diagramNodes"] as? Int, out.diagram.nodes.count)
            for (d, node) in out.diagram.nodes.enumerated() {
                XCTAssertTrue(p.svg.contains(#"<g id="n\#(d)" class="node">"#), "n\(d)")
                for m in node.members { XCTAssertEqual(nodes[Int(m)]["svg"] as? Int, d, "graph node \(m) is drawn by n\(d)") }
            }
            for k in out.diagram.edges.indices { XCTAssertTrue(p.svg.contains(#"<g id="e\#(k)" class="edge">"#), "e\(k)") }
            let drawn = nodes.filter { $0["svg"] != nil }
            if collapsed {
                XCTAssertTrue(out.diagram.collapsed)
                XCTAssertEqual(drawn.filter { $0["kind"] as? String == "feature" }.count, 11, "every screen maps to its module's node")
            } else {
                for n in drawn {
                    let d = try XCTUnwrap(n["svg"] as? Int)
                    XCTAssertEqual(out.diagram.nodes[d].label, n["name"] as? String)
                }
            }
        }
    }

    func testSameRegistryInAnyOrderGivesIdenticalPage() throws {
        let r = try example("Broken.yml")
        var shuffled = r
        var rng = SystemRandomNumberGenerator()
        shuffled.features.shuffle(using: &rng)
        shuffled.routes.shuffle(using: &rng)
        shuffled.handlers.reverse()
        shuffled.flags.reverse()
        let (a, _) = try page(r)
        let (b, _) = try page(shuffled)
        XCTAssertEqual(a.html, b.html)
    }

    /// Up to `FlagScenario.combinationLimit` (10) flags: every combination, as `check --all-flag-combinations`; more: each flag
    /// toggled alone from the start scenario. Each scenario's change is `FlagsQuery`'s.
    func testFlagScenarioRule() throws {
        func registry(flags n: Int) -> Registry {
            let names = (0..<n).map { "f\($0)" }
            return Registry(
                entries: [Entry(target: .feature("Home"))], flags: names.map { FeatureFlag(name: $0, defaultValue: true) },
                routes: names.map { Route(id: "r\($0)") },
                handlers: [RouteHandler(name: "H", routes: names.map { .init(route: "r\($0)", feature: "S\($0)") })],
                features: [Feature(name: "Home", navigates: names.map { Navigation(route: "r\($0)") })]
                    + names.map { Feature(name: "S\($0)", enabled: .flag($0), fallback: $0 == "f0" ? "Home" : nil) })
        }
        let (few, _) = try page(registry(flags: 3))
        XCTAssertEqual(few.data["scenarioRule"] as? String, "combinations")
        let fewScenarios = try XCTUnwrap(few.data["scenarios"] as? [[String: Any]])
        XCTAssertEqual(fewScenarios.map { $0["name"] as? String }, FlagScenario.allCombinations(of: registry(flags: 3))!.map(\.name))
        XCTAssertEqual(few.data["base"] as? Int, 0, "all on is the defaults")

        let (many, _) = try page(registry(flags: 11))
        XCTAssertEqual(many.data["scenarioRule"] as? String, "single")
        let scenarios = try XCTUnwrap(many.data["scenarios"] as? [[String: Any]])
        XCTAssertEqual(scenarios.count, 12)
        XCTAssertEqual(scenarios[2]["name"] as? String, "f0=on,f1=off,f10=on,f2=on,f3=on,f4=on,f5=on,f6=on,f7=on,f8=on,f9=on")

        // The embedded change of switching a default-on flag off is `navgraph flags`' effect of that flag.
        let g = NavGraph(registry: registry(flags: 11))
        let effects = FlagsQuery.effects(graph: g, scenario: g.defaultScenario)
        let flagNames = try XCTUnwrap(many.data["flags"] as? [[String: Any]]).map { $0["name"] as! String }
        for (k, effect) in effects.enumerated() {
            let s = scenarios[k + 1]
            XCTAssertEqual(flagNames[k], effect.flag)
            let fallsBack = (s["fallsBack"] as? [[Int]] ?? []).map { pair in "\(g.name(Int32(pair[0])))|\(pair[1] < 0 ? "" : g.name(Int32(pair[1])))" }
            XCTAssertEqual(fallsBack, effect.fallsBack.map { "\($0.feature)|\($0.fallback ?? "")" }, effect.flag)
            XCTAssertEqual((s["unreachable"] as? [Int] ?? []).map { g.name(Int32($0)) }, effect.unreachable, effect.flag)
            XCTAssertEqual((s["gained"] as? [Int] ?? []).map { g.name(Int32($0)) }, effect.onlyWhenOff, effect.flag)
        }
        XCTAssertEqual((scenarios[1]["fallsBack"] as? [[Int]])?.first?.last, Int(g.node(.feature, "Home")!), "f0 falls back to Home")
        XCTAssertEqual((scenarios[2]["fallsBack"] as? [[Int]])?.first?.last, -1, "f1 has no fallback: crash")
    }

    /// Each scenario's findings are what `check` reports under that scenario alone.
    func testScenarioFindingsAreChecks() throws {
        let r = try example("Broken.yml")
        let g = NavGraph(registry: r)
        let (p, _) = try page(r)
        let rows = try XCTUnwrap(p.data["findings"] as? [[String: Any]])
        for s in try XCTUnwrap(p.data["scenarios"] as? [[String: Any]]) {
            let name = try XCTUnwrap(s["name"] as? String)
            let values = Dictionary(uniqueKeysWithValues: name.split(separator: ",").map { kv -> (String, Bool) in
                let parts = kv.split(separator: "=")
                return (String(parts[0]), parts[1] == "on")
            })
            let expected = CheckRunner(options: CheckOptions(scenarios: [FlagScenario(name: name, values: values)])).run(g)
            let got = (s["findings"] as? [Int] ?? []).map { rows[$0] }
            XCTAssertEqual(got.map { "\($0["rule"]!)|\($0["message"]!)" }, expected.map { "\($0.ruleID)|\($0.message)" }, name)
        }
    }

    /// The page runs no check: without the pipeline's scenario findings there is no page, and an
    /// error says so (the other formats need none).
    func testThePageNeedsThePipelinesFindings() throws {
        let r = try example("ShopApp.yml")
        XCTAssertThrowsError(try DiagramRenderer().render(graph: NavGraph(registry: r), findings: [], options: DiagramOptions(), formats: [.html])) {
            guard case RenderError.unsupported(let why) = $0 else { return XCTFail("\($0)") }
            XCTAssertTrue(why.contains("HTMLPage.Context"), why)
        }
        XCTAssertNoThrow(try DiagramRenderer().render(graph: NavGraph(registry: r), findings: [], options: DiagramOptions(), formats: [.dot]))
    }

    /// The large-graph fallbacks apply: the page embeds the collapsed diagram and says why.
    func testLargeGraphPageSaysWhichFallback() throws {
        var o = DiagramOptions()
        o.thresholds.collapseAboveNodes = 5
        let (p, out) = try page(try example("ShopApp.yml"), o)
        XCTAssertTrue(out.diagram.collapsed)
        let layout = try XCTUnwrap(p.data["layout"] as? [String: Any])
        XCTAssertEqual(layout["collapsed"] as? Bool, true)
        XCTAssertTrue((layout["notes"] as? [String] ?? []).contains { $0.contains("modules collapsed") })
    }

    func testHTMLWithOtherFormatsSharesOneLayout() throws {
        let (p, out) = try page(try example("ShopApp.yml"), formats: [.png, .html, .svg])
        XCTAssertEqual(out.files.map(\.format), [.png, .html, .svg])
        let svg = out.text(.svg)
        XCTAssertTrue(svg.contains(String(p.svg.drop { $0 != ">" }.dropFirst().prefix(300))), "the page embeds the same SVG")
    }
}
