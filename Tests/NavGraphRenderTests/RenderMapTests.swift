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
