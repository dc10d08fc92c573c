import XCTest
@testable import NavGraphKit
import NavGraphTestSupport
@testable import NavGraphSupport
@testable import NavGraphModel
@testable import NavGraphSchema
@testable import NavGraphGraph
@testable import NavGraphChecks
@testable import NavGraphOutputs
@testable import NavGraphConfig

/// `NavigationDiff` on registries built in code: the rename rule, how changes are described,
/// reachability per scenario, finding identity, and determinism.
final class DiffTests: XCTestCase {
    func app(route: String = "detail", type: String? = "DetailRoute", screen: String = "DetailFeature",
             module: String = "Detail", handler: String = "DetailHandler", enabled: Enablement = .always,
             extraRoutes: [Route] = [], flagDefault: Bool = true) -> Registry {
        Registry(
            entries: [Entry(target: .feature("Home"))], flags: [FeatureFlag(name: "f", defaultValue: flagDefault)],
            routes: [Route(id: route, type: type)] + extraRoutes,
            handlers: [RouteHandler(name: handler, routes: [.init(route: route, feature: screen)])],
            features: [
                Feature(name: "Home", module: "Home", navigates: [Navigation(route: route, style: "push")]),
                Feature(name: screen, module: module, enabled: enabled),
            ])
    }

    func diff(_ base: Registry, _ head: Registry, scenarios: [String: Bool]? = nil) -> NavigationDiff {
        func side(_ r: Registry, _ label: String) -> NavigationDiff.Side {
            let g = NavGraph(registry: r)
            let s = [FlagScenario.defaults(of: r, overrides: scenarios ?? [:], name: "default")]
            return .init(label: label, graph: g, scenarios: s, findings: CheckRunner(options: .init(scenarios: s)).run(g))
        }
        return NavigationDiff(base: side(base, "base"), head: side(head, "head"))
    }

    func testSameRegistryIsEmpty() {
        XCTAssertTrue(diff(app(), app()).isEmpty)
    }

    func testRouteRenamedWithSameTypeHandlerAndDestinationIsOneRename() {
        let d = diff(app(), app(route: "details"))
        XCTAssertEqual(d.elements.map(\.change), [.renamed])
        XCTAssertEqual(d.elements.first?.oldName, "detail")
        XCTAssertEqual(d.elements.first?.name, "details")
        XCTAssertEqual(d.edges, [])
        XCTAssertEqual(d.introduced, [], "a rename introduces no finding")
    }

    func testRouteWithAnotherTypeOrNoTypeIsRemovedAndAdded() {
        func routeChanges(_ d: NavigationDiff) -> [String] { d.elements.filter { $0.kind == .route }.map { "\($0.change) \($0.name)" } }
        XCTAssertEqual(routeChanges(diff(app(), app(route: "details", type: "OtherRoute"))), ["removed detail", "added details"])
        XCTAssertEqual(routeChanges(diff(app(type: nil), app(route: "details", type: nil))), ["removed detail", "added details"])
    }

    func testAmbiguousRouteRenameIsRemovedAndAdded() {
        // Two unhandled head routes of the same type: which one is the rename cannot be known.
        let extra = [Route(id: "x", type: "XRoute"), Route(id: "y", type: "XRoute")]
        let d = diff(app(extraRoutes: [Route(id: "w", type: "XRoute")]), app(extraRoutes: extra))
        XCTAssertFalse(d.elements.contains { $0.change == .renamed }, "\(d.elements)")
    }

    func testScreenRenamedWithSameModuleAndRoutesIsOneRename() {
        let d = diff(app(), app(screen: "DetailScreen"))
        XCTAssertEqual(d.elements.map { "\($0.kind) \($0.change)" }, ["screen renamed"], "the handler maps the same route to it")
        XCTAssertEqual(d.elements[0].oldName, "DetailFeature")
        XCTAssertEqual(d.edges, [], "edges compared under the new name")
        XCTAssertEqual(d.reachability, [])
        let n = DiffNeighbourhood(diff: d, base: NavGraph(registry: app()), head: NavGraph(registry: app(screen: "DetailScreen")))
        XCTAssertEqual(n.nodes.map(\.label), ["DetailScreen (was DetailFeature)", "Home"])
        // Another module: not a rename.
        XCTAssertEqual(diff(app(), app(screen: "DetailScreen", module: "Other")).elements.filter { $0.kind == .screen }.map(\.change),
                       [.removed, .added])
    }

    func testChangedScreenSaysHow() {
        let d = diff(app(), app(enabled: .flag("f")))
        XCTAssertEqual(d.elements.map(\.details), [["enabled: true -> flag:f"]])
    }

    func testFlippedFlagMakesTheScreenUnreachableWithTheBasePath() {
        let d = diff(app(enabled: .flag("f")), app(enabled: .flag("f"), flagDefault: false))
        XCTAssertEqual(d.elements.map(\.details), [["default: on -> off"]])
        XCTAssertEqual(d.reachability.first?.unreachable.map(\.name), ["DetailFeature"])
        XCTAssertEqual(d.reachability.first?.unreachable.first?.basePath,
                       ["Home -> DetailFeature: 1 step (scenario default (f=on))", "  Home", "  1. opens detail (push), handled by DetailHandler -> DetailFeature"])
        XCTAssertTrue(d.meets(.unreachable))
        XCTAssertTrue(d.introduced.contains { $0.rule == "disabled-feature" || $0.rule == "unreachable-feature" }, "\(d.introduced)")
        // Back again: it becomes reachable, and the findings are fixed.
        let back = diff(app(enabled: .flag("f"), flagDefault: false), app(enabled: .flag("f")))
        XCTAssertEqual(back.reachability.first?.reachable, ["DetailFeature"])
        XCTAssertEqual(back.fixed.map(\.rule), d.introduced.map(\.rule))
    }

    func testRemovedHandlerIsAnEdgeToNoHandler() {
        var head = app()
        head.handlers = []
        let d = diff(app(), head)
        XCTAssertEqual(d.edges.map { "\($0.added ? "+" : "-") \($0.edge.to ?? "no handler")" }, ["+ no handler", "- DetailFeature"])
        XCTAssertTrue(d.meets(.newErrors))
    }

    func testTheSameInputsInAnyOrderGiveTheSameOutput() {
        var base = app(extraRoutes: [Route(id: "a", type: "A"), Route(id: "b", type: "B")])
        base.features.append(Feature(name: "Zed", module: "Z", dependencies: [DependencyRef(name: "P"), DependencyRef(name: "Q")]))
        var head = app(route: "details", enabled: .flag("f"), extraRoutes: [Route(id: "c", type: "C")])
        head.features.append(Feature(name: "Zed", module: "Y", dependencies: [DependencyRef(name: "Q"), DependencyRef(name: "R")]))
        var shuffledBase = base, shuffledHead = head
        shuffledBase.routes.reverse()
        shuffledBase.features.reverse()
        shuffledHead.routes.reverse()
        shuffledHead.features.reverse()
        shuffledHead.features[0].dependencies.reverse()
        let a = diff(base, head), b = diff(shuffledBase, shuffledHead)
        XCTAssertEqual(DiffJSONFormatter.format(a), DiffJSONFormatter.format(b))
        XCTAssertEqual(DiffTerminalFormatter.format(a, style: .plain()), DiffTerminalFormatter.format(b, style: .plain()))
        XCTAssertTrue(DiffTerminalFormatter.format(a, style: .plain()).contains("dependencies: +R, -P"))
    }

    func testNeighbourhoodHoldsChangedScreensAndOneStepAround() {
        var base = app()
        base.features.append(Feature(name: "Far", module: "F"))
        base.features[0].navigates.append(Navigation(route: "far"))
        base.routes.append(Route(id: "far"))
        base.handlers.append(RouteHandler(name: "FarHandler", routes: [.init(route: "far", feature: "Far")]))
        let head = { () -> Registry in var h = base; h.features[1].enabled = .never; return h }()
        let d = diff(base, head)
        let n = DiffNeighbourhood(diff: d, base: NavGraph(registry: base), head: NavGraph(registry: head))
        XCTAssertEqual(n.nodes.map { "\($0.name) \($0.status)" }, ["DetailFeature changed", "Home unchanged"])
        XCTAssertTrue(n.nodes[1].entry)
        XCTAssertEqual(n.edges.map(\.label), ["detail (push) via DetailHandler"])
    }
}
