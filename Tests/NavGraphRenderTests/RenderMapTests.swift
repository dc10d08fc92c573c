import Foundation
import NavGraphKit
import NavGraphSynthetic
@testable import NavGraphRender
import XCTest

/// The map of a big app (docs/rendering.md, "The map"): groups, aggregated links, worst findings,
/// group pictures, links from the map's SVG, and the full view one option away.
final class RenderMapTests: XCTestCase {
    /// A 1,000-module app of the shape the issue describes (generated, three screens a module).
    static let big: NavGraph = NavGraph(registry: SyntheticRegistry(features: 3006, modules: 1000, seed: 1).registry)

    func testSmallAppsStayOnePictureAndMapOnRequest() throws {
        let (r, findings) = Fixtures.shop()
        let builder = DiagramBuilder(graph: NavGraph(registry: r), findings: findings)
        XCTAssertNil(try builder.groups(DiagramOptions()), "below the threshold: the full view, as before")
        var o = DiagramOptions()
        o.view = .map
        let g = try XCTUnwrap(try builder.groups(o))
        XCTAssertEqual(g.rule, "modules")
        XCTAssertEqual(g.groups.map(\.name), Array(Set(r.features.compactMap(\.module))).sorted())
        o.focus = "LoginFeature"
        XCTAssertThrowsError(try builder.groups(o)) { XCTAssertTrue("\($0)".contains("--view full")) }
    }

    func testEveryScreenIsInExactlyOneBoundedGroup() throws {
        let builder = DiagramBuilder(graph: Self.big, findings: [])
        let g = try XCTUnwrap(try builder.groups(DiagramOptions()), "3,006 screens: the map by default")
        XCTAssertEqual(g.rule, "flows")
        let all = g.groups.flatMap(\.screens)
        XCTAssertEqual(all.count, Self.big.ids(of: .feature).count)
        XCTAssertEqual(Set(all), Set(Self.big.ids(of: .feature)))
        XCTAssertLessThanOrEqual(g.groups.count, 30, "a map of at most a few dozen groups")
        for group in g.groups {
            XCTAssertTrue(group.screens.count <= RenderThresholds.standard.maxGroupScreens || group.modules.count == 1, group.name)
            XCTAssertTrue(group.slug.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }, group.slug)
            // Whole modules: no module is split between groups.
            for s in group.screens { XCTAssertTrue(group.modules.contains(Self.big.nodes[Int(s)].module ?? "")) }
        }
        XCTAssertEqual(Set(g.groups.map { $0.slug.lowercased() }).count, g.groups.count, "unique file names")
        // The tabs' flows: Tab0Feature's parts hold the modules its tab opens (Mod0000, Mod0005, …).
        let tab0 = g.groups.filter { $0.family == "Tab0Feature flow" }
        XCTAssertFalse(tab0.isEmpty)
        XCTAssertTrue(tab0.flatMap(\.modules).allSatisfy { Int($0.dropFirst(3))! % 5 == 0 })
    }

    func testMapAggregatesLinksAndColoursByWorstFinding() throws {
        let graph = Self.big
        let findings = CheckRunner(options: .init()).run(graph)
        let builder = DiagramBuilder(graph: graph, findings: findings)
        let g = try XCTUnwrap(try builder.groups(DiagramOptions()))
        let map = builder.mapDiagram(g, options: DiagramOptions())
        XCTAssertEqual(map.nodes.count, g.groups.count)
        XCTAssertEqual(map.nodes.map(\.members), g.groups.map(\.screens))
        for (k, n) in map.nodes.enumerated() {
            let worst = findings.filter { f in f.elements.contains { e in g.groups[k].screens.contains { graph.name($0) == e } } }
                .map(\.severity).max()
            XCTAssertEqual(n.marks.contains(.worstError), worst == .error, n.label)
            XCTAssertEqual(n.marks.contains(.worstWarning), worst == .warning, n.label)
        }
        // Counted links, at most the strongest few per group, and never within a group.
        XCTAssertTrue(map.edges.allSatisfy { $0.tail != $0.head && Int($0.label ?? "") ?? 0 > 0 })
        XCTAssertLessThanOrEqual(map.edges.count, 2 * RenderThresholds.standard.mapEdgesPerGroup * map.nodes.count)
        // The count is the number of screen-to-screen links between the two groups.
        let e = try XCTUnwrap(map.edges.first)
        var n = 0
        for s in g.groups[e.tail].screens {
            for x in graph.outgoing[Int(s)] where graph.edge(x).kind == .navigates {
                for r in graph.outgoing[Int(graph.edge(x).to)] where graph.edge(r).kind == .routesTo && g.groupOf[graph.edge(r).to] == e.head { n += 1 }
            }
            for x in graph.outgoing[Int(s)] where graph.edge(x).kind == .fallback && g.groupOf[graph.edge(x).to] == e.head { n += 1 }
        }
        XCTAssertEqual(e.label, "\(n)")
    }

    func testGroupPictureDrawsItsScreensAndItsWaysOut() throws {
        let builder = DiagramBuilder(graph: Self.big, findings: [])
        let g = try XCTUnwrap(try builder.groups(DiagramOptions()))
        for k in [0, 1, g.groups.count - 1] {
            let d = builder.groupDiagram(g, k, options: DiagramOptions())
            let own = d.nodes.filter { !$0.marks.contains(.context) && $0.kind == .feature }.flatMap(\.members)
            XCTAssertEqual(own.sorted(), g.groups[k].screens, "every screen of the group, once")
            // What lies outside is drawn as other groups (or their screens), each linked to its group's picture.
            for n in d.nodes where n.marks.contains(.context) {
                let target = try XCTUnwrap(n.link)
                XCTAssertNotEqual(target, k)
                XCTAssertTrue(n.members.allSatisfy { g.groupOf[$0] == target })
            }
        }
    }

    /// Same registry in any order: the same groups, map and group pictures, byte for byte.
    func testMapIsDeterministic() throws {
        var r = SyntheticRegistry(features: 600, modules: 150, seed: 3).registry
        var o = DiagramOptions()
        o.groupLinkPrefix = "app-"
        let a = try render(r, [], o, [.dot, .mermaid])
        var rng = SyntheticRegistry.RNG(state: 9)
        r.features.shuffle(using: &rng)
        r.routes.shuffle(using: &rng)
        r.handlers.reverse()
        let b = try render(r, [], o, [.dot, .mermaid])
        XCTAssertNotNil(a.groups)
        XCTAssertEqual(a.text(.dot), b.text(.dot))
        XCTAssertEqual(a.groupFiles.map(\.suffix), b.groupFiles.map(\.suffix))
        XCTAssertEqual(a.groupFiles.map(\.data), b.groupFiles.map(\.data))
    }

    /// The map's SVG links each group to `<prefix><slug>.svg`, navgraph's own file name; the HTML
    /// page holds no link at all (it opens the groups itself).
    func testSVGLinksGroupPicturesAndThePageHoldsEveryGroup() throws {
        let (r, findings) = Fixtures.shop()
        var o = DiagramOptions()
        o.view = .map
        o.groupLinkPrefix = "Shop%20App-"
        let out = try render(r, findings, o, [.svg, .html])
        let groups = try XCTUnwrap(out.groups)
        let svg = try XCTUnwrap(SVGScan.parse(out.data(.svg)))
        let hrefs = svg.attributeValues.filter { $0.hasPrefix("xlink:href=") || $0.hasPrefix("href=") }
        XCTAssertEqual(Set(hrefs), Set(groups.groups.map { "xlink:href=Shop%20App-\($0.slug).svg" }))
        XCTAssertEqual(out.groupFiles.filter { $0.format == .svg }.count, groups.groups.count)
        XCTAssertTrue(out.groupFiles.allSatisfy { $0.format != .html })
        let page = out.text(.html)
        XCTAssertFalse(page.contains("href=\"Shop"), "no links in the page")
        for k in groups.groups.indices { XCTAssertTrue(page.contains("<script type=\"text/plain\" id=\"ng-group-\(k)\">")) }
        // Full view one option away: the same bytes as before the map existed.
        var full = DiagramOptions()
        full.view = .full
        XCTAssertEqual(try render(r, findings, full, [.dot]).text(.dot), try render(r, findings, DiagramOptions(), [.dot]).text(.dot))
    }

    /// A picture wider than cairo's 32,767-pixel limit is scaled down by graphviz: said in a note, never silent.
    func testAShrunkPNGIsSaid() throws {
        let n = 400
        var r = Registry(app: "Chain", entries: [Entry(target: .feature("S0"))])
        var handler = RouteHandler(name: "H", module: "M")
        for i in 0..<n {
            if i > 0 {
                r.routes.append(Route(id: "r\(i)", module: "M"))
                handler.routes.append(.init(route: "r\(i)", feature: "S\(i)"))
            }
            r.features.append(Feature(name: "S\(i)", module: "M", navigates: i + 1 < n ? [Navigation(route: "r\(i + 1)")] : []))
        }
        r.handlers = [handler]
        var o = DiagramOptions()
        o.view = .full
        let out = try render(r, [], o, [.png])
        XCTAssertTrue(out.notes.contains { $0.contains("larger than cairo's bitmap limit") && $0.contains("scaled down") }, "\(out.notes)")
    }
}

/// Issue 34's leftovers: a module too big for one picture is cut into parts, group PNGs stay within
/// cairo's bitmap limit by splitting, big PNGs go through the shim's encoder, stale group pictures go.
final class RenderMapSplitTests: XCTestCase {
    /// One module of `n` screens: S0 the entry, Si opens S(2i+1) and S(2i+2) (a tree), or S(i+1) (`chain`).
    static func monolith(_ n: Int, chain: Bool = false, name: (Int) -> String = { "S\($0)" }) -> Registry {
        var r = Registry(app: "Mono", entries: [Entry(target: .feature(name(0)))])
        var handler = RouteHandler(name: "H", module: "Mono")
        for i in 0..<n {
            let children = chain ? [i + 1] : [2 * i + 1, 2 * i + 2]
            let nav = children.filter { $0 < n }.map { Navigation(route: "r\($0)") }
            r.features.append(Feature(name: name(i), module: "Mono", navigates: nav))
            if i > 0 {
                r.routes.append(Route(id: "r\(i)", module: "Mono"))
                handler.routes.append(.init(route: "r\(i)", feature: name(i)))
            }
        }
        r.handlers = [handler]
        return r
    }

    /// PNG width and height from its IHDR.
    static func size(_ png: Data) -> (Int, Int)? {
        let b = [UInt8](png.prefix(24))
        guard b.count == 24, b[0..<8] == [137, 80, 78, 71, 13, 10, 26, 10], b[12..<16] == [73, 72, 68, 82] else { return nil }
        let be = { (o: Int) in b[o..<(o + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (be(16), be(20))
    }

    func testAModuleOverTheLimitIsCutAlongTheWalk() throws {
        let graph = NavGraph(registry: Self.monolith(400))
        let g = try XCTUnwrap(try DiagramBuilder(graph: graph, findings: []).groups(DiagramOptions()),
                              "400 screens in one module: the map, no longer the whole module in one picture")
        XCTAssertEqual(g.groups.map(\.name), ["Mono (1/3)", "Mono (2/3)", "Mono (3/3)"])
        XCTAssertEqual(g.groups.map(\.screens.count), [134, 133, 133], "parts as even as they can be")
        XCTAssertTrue(g.groups.allSatisfy { $0.modules == ["Mono"] && $0.family == "Mono" })
        XCTAssertEqual(Set(g.groups.flatMap(\.screens)), Set(graph.ids(of: .feature)))
        // Cut along the walk from the entry: the first part is the entry and the screens nearest it.
        let names = { (k: Int) in Set(g.groups[k].screens.map { graph.name($0) }) }
        XCTAssertEqual(names(0), Set((0..<134).map { "S\($0)" }))
        XCTAssertTrue(names(2).contains("S399"))
        // The map draws the parts in one box named after the module.
        let map = DiagramBuilder(graph: graph, findings: []).mapDiagram(g, options: DiagramOptions())
        XCTAssertEqual(map.clusters.map(\.label), ["Mono"])
        XCTAssertTrue(map.nodes.allSatisfy { $0.cluster == 0 })
    }

    /// A picture cairo would have to shrink (a chain of long names, 140 screens: ~60,000 pixels wide) is
    /// split until every PNG fits, and the split is said.
    func testNoGroupPNGPassesCairosLimit() throws {
        let r = Self.monolith(140, chain: true) { "Screen\($0)WithAVeryLongDescriptiveNameThatMakesItsBoxWide" }
        var o = DiagramOptions()
        o.view = .map
        let out = try render(r, [], o, [.png])
        let groups = try XCTUnwrap(out.groups)
        XCTAssertGreaterThan(groups.groups.count, 2, "\(groups.groups.map(\.name))")
        XCTAssertFalse(out.notes.contains { $0.contains("scaled down") }, "\(out.notes)")
        XCTAssertTrue(out.notes.contains { $0.contains("bitmap limit") && $0.contains("cut into parts") }, "\(out.notes)")
        XCTAssertEqual(out.groupFiles.count, groups.groups.count)
        for f in out.groupFiles {
            let (w, h) = try XCTUnwrap(Self.size(f.data))
            XCTAssertLessThan(max(w, h), 32767, f.suffix)
        }
        XCTAssertEqual(Set(groups.groups.flatMap(\.screens)).count, 140)
    }

    /// Above `fastPNGAboveNodes` the PNG comes from the shim's encoder: a valid PNG of the same size as
    /// cairo's; below, cairo's bytes as before.
    func testBigPNGsUseTheShimsEncoder() throws {
        var o = DiagramOptions()
        o.view = .full
        let r = Self.monolith(130)
        let fast = try render(r, [], o, [.png]).data(.png)
        o.thresholds.fastPNGAboveNodes = 1000
        let cairo = try render(r, [], o, [.png]).data(.png)
        XCTAssertNotEqual(fast, cairo, "another encoder")
        XCTAssertEqual(try XCTUnwrap(Self.size(fast)).0, try XCTUnwrap(Self.size(cairo)).0)
        XCTAssertEqual(try XCTUnwrap(Self.size(fast)).1, try XCTUnwrap(Self.size(cairo)).1)
        XCTAssertEqual([UInt8](fast.suffix(12)), [0, 0, 0, 0, 73, 69, 78, 68, 0xAE, 0x42, 0x60, 0x82], "ends with IEND")
        XCTAssertEqual(try render(r, [], o, [.png]).data(.png), cairo, "deterministic")
        XCTAssertEqual(try render(r, [], { var p = o; p.thresholds.fastPNGAboveNodes = 120; return p }(), [.png]).data(.png), fast)
    }

    /// A render that draws fewer groups (here none: the full view) removes the group pictures an earlier
    /// render wrote, of the formats it writes; files navgraph did not write, or that changed since, stay.
    func testStaleGroupPicturesAreRemovedAndUserFilesKept() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-stale-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let (r, findings) = Fixtures.shop()
        var o = DiagramOptions()
        o.view = .map
        o.groupLinkPrefix = "shop-"
        let first = try render(r, findings, o, [.svg, .dot])
        let groupNames = first.groupFiles.map { "shop\($0.suffix).\($0.format.fileExtension)" }
        XCTAssertGreaterThan(groupNames.count, 4)
        _ = try RenderFiles.write(first, stem: "shop", into: dir)
        let ls = { Set((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []) }
        XCTAssertTrue(ls().isSuperset(of: groupNames + ["shop.svg", "shop.dot", RenderFiles.manifestName("shop")]))
        // The user's files: one named like a group picture, one of their own; and a group picture they edited.
        let edited = try XCTUnwrap(groupNames.first { $0.hasSuffix(".svg") })
        try Data("mine".utf8).write(to: dir.appendingPathComponent("shop-notes.svg"))
        try Data("mine".utf8).write(to: dir.appendingPathComponent("other.svg"))
        try Data("<svg>edited</svg>".utf8).write(to: dir.appendingPathComponent(edited))
        // A manifest naming a file outside the group pictures' shape is not obeyed.
        let outside = dir.appendingPathComponent("outside.svg")
        try Data("x".utf8).write(to: outside)
        let manifest = dir.appendingPathComponent(RenderFiles.manifestName("shop"))
        let listed = try String(contentsOf: manifest, encoding: .utf8)
        try (listed + "\(RenderFiles.fingerprint(Data("x".utf8))) outside.svg\n"
             + "\(RenderFiles.fingerprint(Data("x".utf8))) shop-../outside.svg\n").write(to: manifest, atomically: true, encoding: .utf8)

        o.view = .full
        let second = try render(r, findings, o, [.svg])
        XCTAssertNil(second.groups)
        let done = try RenderFiles.write(second, stem: "shop", into: dir)
        let svgGroups = groupNames.filter { $0.hasSuffix(".svg") }
        XCTAssertEqual(Set(done.removed), Set(svgGroups).subtracting([edited]))
        XCTAssertEqual(done.kept, [edited])
        let after = ls()
        XCTAssertTrue(after.isDisjoint(with: Set(svgGroups).subtracting([edited])), "stale SVG group pictures removed")
        XCTAssertTrue(after.isSuperset(of: ["shop-notes.svg", "other.svg", "outside.svg", edited, "shop.svg", "shop.dot"]))
        XCTAssertTrue(after.isSuperset(of: groupNames.filter { $0.hasSuffix(".dot") }), "DOT group pictures: not this render's format")
        // The manifest still lists the DOT pictures (a later DOT render removes them), and no longer the SVGs.
        let left = try String(contentsOf: manifest, encoding: .utf8)
        XCTAssertFalse(left.contains(".svg"))
        let third = try render(r, findings, o, [.dot])
        let done3 = try RenderFiles.write(third, stem: "shop", into: dir)
        XCTAssertEqual(Set(done3.removed), Set(groupNames.filter { $0.hasSuffix(".dot") }))
        XCTAssertFalse(ls().contains(RenderFiles.manifestName("shop")), "nothing left to list")
    }
}
