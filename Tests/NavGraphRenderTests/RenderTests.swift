import Foundation
import NavGraphKit
@testable import NavGraphRender
import XCTest

final class RenderTests: XCTestCase {
    /// Same registry, any order of its declarations: byte-identical DOT, SVG and Mermaid,
    /// each layout in its own child process.
    func testShuffledInputGivesIdenticalBytes() throws {
        let (r, findings) = Fixtures.shop()
        var shuffled = r
        var rng = SystemRandomNumberGenerator()
        shuffled.features.shuffle(using: &rng)
        shuffled.routes.shuffle(using: &rng)
        shuffled.handlers.reverse()
        shuffled.dependencies.reverse()
        for detail in DiagramOptions.Detail.allCases {
            var o = DiagramOptions()
            o.detail = detail
            o.layer = .all
            let a = try render(r, findings, o, [.dot, .svg, .mermaid])
            let b = try render(shuffled, findings.reversed(), o, [.dot, .svg, .mermaid])
            let c = try render(r, findings, o, [.dot, .svg, .mermaid])
            for f in [DiagramFormat.dot, .svg, .mermaid] {
                XCTAssertEqual(a.data(f), b.data(f), "\(f) \(detail): shuffled input")
                XCTAssertEqual(a.data(f), c.data(f), "\(f) \(detail): second render in the same process")
            }
        }
    }

    func testGoldenDOT() throws {
        let (r, findings) = Fixtures.shop()
        for (name, detail, layer) in [("shop-screens.dot", DiagramOptions.Detail.screens, DiagramOptions.Layer.navigation),
                                      ("shop-full-all.dot", .full, .all)] {
            var o = DiagramOptions()
            o.detail = detail
            o.layer = layer
            try assertGolden(try render(r, findings, o, [.dot]).text(.dot), name)
        }
        var o = DiagramOptions()
        o.collapseModules = .always
        try assertGolden(try render(r, findings, o, [.dot]).text(.dot), "shop-collapsed.dot")
        try assertGolden(try render(r, findings, DiagramOptions(), [.mermaid]).text(.mermaid), "shop-screens.mmd")
    }

    func testSVGIsXMLAndShowsFindings() throws {
        let (r, findings) = Fixtures.shop()
        var o = DiagramOptions()
        o.layer = .all
        let out = try render(r, findings, o, [.svg, .json, .png, .dot])
        let svg = try XCTUnwrap(SVGScan.parse(out.data(.svg)))
        XCTAssertEqual(svg.elements.first, "svg")
        XCTAssertTrue(svg.texts.contains("Legend"))
        for name in ["Home", "Orphan", "NewCheckout", "LegacyCheckout", "help", "Analytics", "App", "Checkout"] {
            XCTAssertTrue(svg.texts.contains(name), name)
        }
        XCTAssertTrue(svg.titles.contains("cluster_Checkout"))
        let tips = svg.attributeValues.filter { $0.hasPrefix("xlink:title=") }
        XCTAssertTrue(tips.contains { $0.contains("[missing-fallback]: NewCheckout can be disabled") && $0.contains("shop.yml:35:3") })
        XCTAssertTrue(tips.contains { $0.contains("module: Catalog") && $0.contains("[unreachable-feature]") })
        let d = out.diagram
        let byLabel = Dictionary(d.nodes.map { ($0.label, $0) }, uniquingKeysWith: { a, _ in a })
        XCTAssertTrue(byLabel["Orphan"]!.marks.contains(.unreachable))
        XCTAssertTrue(byLabel["NewCheckout"]!.marks.contains(.missingFallback))
        XCTAssertTrue(byLabel["LegacyCheckout"]!.marks.contains(.disabled))
        XCTAssertTrue(byLabel["Home"]!.marks.contains(.entry))
        XCTAssertEqual(d.edges.filter { $0.marks.contains(.cycle) }.count, 2, "both edges of Analytics <-> CatalogAPI")
        XCTAssertEqual(byLabel["help"]!.kind, .unhandledRoute)
        // The PNG is a PNG, the JSON graphviz's JSON with positions.
        XCTAssertEqual(Array(out.data(.png).prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: out.data(.json)) as? [String: Any])
        XCTAssertNotNil(json["bb"])
        XCTAssertNotNil(GraphvizRenderer.reread(dot: out.text(.dot)))
    }

    func testFocusFromToModuleAndCollapse() throws {
        let (r, findings) = Fixtures.shop()
        func labels(_ configure: (inout DiagramOptions) -> Void) throws -> Set<String> {
            var o = DiagramOptions()
            configure(&o)
            return Set(try DiagramBuilder(graph: NavGraph(registry: r), findings: findings).build(o).nodes.map(\.label))
        }
        XCTAssertEqual(try labels { $0.from = "Cart" }, ["Cart", "NewCheckout"])
        XCTAssertEqual(try labels { $0.to = "Cart" }, ["Cart", "Home", "ProductDetail"])
        XCTAssertEqual(try labels { $0.focus = "Home"; $0.depth = 0 }, ["Home", "help"], "its own routes only")
        XCTAssertEqual(try labels { $0.focus = "Home"; $0.depth = 1 }, ["Home", "ProductDetail", "Cart", "help"])
        XCTAssertEqual(try labels { $0.module = "Catalog" }, ["Orphan", "ProductDetail", "Home", "Cart"])
        XCTAssertEqual(try labels { $0.collapseModules = .always }, ["App\n1 screen", "Catalog\n2 screens", "Checkout\n3 screens"])
        XCTAssertThrowsError(try labels { $0.focus = "Nope" }) { e in
            XCTAssertEqual(e as? RenderError, .unknownElement(option: "--focus", name: "Nope"))
        }
    }

    func testBadEngineAndFormatAreClearErrors() throws {
        let dot = try GraphvizRenderer.dot(for: DiagramBuilder(graph: NavGraph(registry: Fixtures.shop().0), findings: []).build(DiagramOptions()))
        XCTAssertThrowsError(try GraphvizRenderer().render(dot: dot, engine: "nosuch", formats: ["svg"])) { e in
            guard case .unknownEngine("nosuch", let available)? = e as? RenderError else { return XCTFail("\(e)") }
            XCTAssertTrue(available.contains("dot") && available.contains("sfdp"), "\(available)")
            XCTAssertTrue("\(e)".contains("installed: "))
        }
        XCTAssertThrowsError(try GraphvizRenderer().render(dot: dot, engine: "dot", formats: ["svg", "nosuch"])) { e in
            guard case .unknownFormat("nosuch", let available)? = e as? RenderError else { return XCTFail("\(e)") }
            XCTAssertTrue(available.contains("svg"))
        }
        XCTAssertThrowsError(try GraphvizRenderer().render(dot: "digraph { a -> }", engine: "dot", formats: ["svg"])) { e in
            guard case .unreadableDOT(let messages)? = e as? RenderError else { return XCTFail("\(e)") }
            XCTAssertTrue(messages.joined().contains("syntax error"), "graphviz's message captured: \(messages)")
        }
        // In process too: the same checks, nothing printed.
        XCTAssertThrowsError(try GraphvizRenderer(isolated: false).render(dot: dot, engine: "nosuch", formats: ["svg"]))
    }

    func testTimeoutStopsTheLayoutAndFallsBack() throws {
        let r = Fixtures.synthetic(features: 1500)
        var o = DiagramOptions()
        o.view = .full  // the whole graph in one picture: the layout that runs out of time
        o.collapseModules = .never
        o.edgeLabels = .all
        let d = try DiagramBuilder(graph: NavGraph(registry: r), findings: []).build(o)
        var labelled = d
        labelled.showsEdgeLabels = true
        let dot = try GraphvizRenderer.dot(for: labelled)
        let start = Date()
        XCTAssertThrowsError(try GraphvizRenderer(timeout: 0.5).render(dot: dot, engine: "dot", formats: ["svg"])) { e in
            XCTAssertEqual(e as? RenderError, .timedOut(seconds: 0.5))
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 3)
        // The pipeline falls back (no labels, sfdp, collapsed) and says so.
        o.collapseModules = .auto
        let out = try DiagramRenderer(renderer: GraphvizRenderer(timeout: 1.0)).render(
            graph: NavGraph(registry: r), findings: [], options: o, formats: [.svg])
        XCTAssertTrue(out.notes.contains { $0.contains("instead") }, "\(out.notes)")
        // One sentence per failed attempt; what graphviz printed only in the details (--verbose).
        XCTAssertTrue(out.notes.contains { $0.hasPrefix("the layout took more than 1 s on the diagram with dot; trying ") }, "\(out.notes)")
        XCTAssertTrue(out.details.contains { $0.contains("layout did not finish within 1 s") }, "\(out.details)")
        XCTAssertNotNil(SVGScan.parse(out.data(.svg)))
    }

    /// A crash's backtrace (addresses, library paths) never reaches a note, the page or the console.
    func testACrashIsOneSentence() {
        let crash = RenderError.crashed(signal: 6, messages: [
            "Images (63 omitted):", "0x00007fc6bc845000 - 0x00007fc6bc9c00fc libc.so.6", "Backtrace took 0.01s"])
        XCTAssertEqual(crash.brief, "graphviz crashed in the layout")
        XCTAssertTrue(crash.description.contains("libc.so.6"), "the whole text stays in the description (--verbose)")
        XCTAssertEqual(RenderError.layoutFailed(engine: "dot", messages: ["trouble in init_rank"]).brief, "graphviz's dot layout failed")
    }

    /// A generated app of 5,000 screens finishes with a picture within the documented bound
    /// (docs/rendering.md: 120 s on 2 shared cores; measured 7 s for bounded dot on an idle core).
    func testLargeGraphFinishesWithinBound() throws {
        let r = Fixtures.synthetic(features: 5000, modules: 50)
        let start = Date()
        var full = DiagramOptions()
        full.view = .full  // the default is the map (RenderMapTests); this is the whole graph in one picture
        let out = try render(r, [], full, [.svg, .dot])
        XCTAssertLessThan(Date().timeIntervalSince(start), 120)
        XCTAssertTrue(out.diagram.collapsed, "auto-collapsed above the threshold")
        XCTAssertTrue(out.notes.contains { $0.contains("collapsed") })
        XCTAssertNotNil(SVGScan.parse(out.data(.svg)))
        // Without collapsing: dot with bounded settings, no labels, still a picture.
        var o = full
        o.collapseModules = .never
        let start2 = Date()
        let flat = try render(r, [], o, [.svg, .dot])
        XCTAssertLessThan(Date().timeIntervalSince(start2), 120)
        XCTAssertEqual(flat.engine, "dot")
        XCTAssertTrue(flat.text(.dot).contains("nslimit"))
        XCTAssertFalse(flat.diagram.showsEdgeLabels)
        XCTAssertNotNil(SVGScan.parse(flat.data(.svg)))
    }

    func testSFDPAboveItsThreshold() throws {
        var o = DiagramOptions()
        o.view = .full
        o.collapseModules = .never
        o.thresholds.sfdpAboveNodes = 1000
        let out = try render(Fixtures.synthetic(features: 1500), [], o, [.svg])
        XCTAssertEqual(out.engine, "sfdp")
        XCTAssertTrue(out.notes.contains { $0.contains("using sfdp") })
        XCTAssertNotNil(SVGScan.parse(out.data(.svg)))
    }

    func testAtomicWriterReplacesWholeFilesOrNothing() throws {
        let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("navgraph-atomic-\(getpid())")
        defer { try? FileManager.default.removeItem(at: dir) }
        try AtomicFileWriter.write([("a.svg", Data("old".utf8))], into: dir)
        // A target that is a directory makes the rename fail: the other file must not change.
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("b.dot"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("b.dot/x"), withIntermediateDirectories: true)
        XCTAssertThrowsError(try AtomicFileWriter.write([("b.dot", Data("new".utf8)), ("a.svg", Data("new".utf8))], into: dir))
        XCTAssertEqual(try String(contentsOf: dir.appendingPathComponent("a.svg"), encoding: .utf8), "old")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted(), ["a.svg", "b.dot"], "no temp files left")
        try AtomicFileWriter.write([("a.svg", Data("new".utf8))], into: dir)
        XCTAssertEqual(try String(contentsOf: dir.appendingPathComponent("a.svg"), encoding: .utf8), "new")
    }
}
