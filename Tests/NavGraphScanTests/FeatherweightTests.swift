import Foundation
import NavGraphKit
import XCTest
@testable import NavGraphScan

/// Featherweight Router (`Router(p).junction/stack/route(…)` trees, `setPath("…")`): the example app,
/// each construct with a case that resolves and one that stays a warning, hostile patterns.
final class FeatherweightTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-fw-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir + "/App", withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    func scan(_ source: String) throws -> ScanResult {
        try source.write(toFile: dir + "/App/App.swift", atomically: true, encoding: .utf8)
        return try SwiftSourceScanner().scan(paths: [dir])
    }

    func edges(_ r: ScanResult) -> [String] {
        r.registry.features.flatMap { f in f.navigates.map { "\(f.name) -> \($0.route)" } }.sorted()
    }

    func kinds(_ r: ScanResult) -> [String] {
        r.diagnostics.map { d in d.message.split(separator: "[").last.map { String($0.dropLast()) } ?? "" }.sorted()
    }

    func testExampleApp() throws {
        let (findings, warnings, result) = try checkExample("FeatherweightApp")
        XCTAssertEqual(findings, [
            "duplicate-route Sources/Reader/App/AppCoordinator.swift:28",
            "unhandled-route Sources/Reader/ViewModels/BookViewModel.swift:6",
            "unhandled-route Sources/Reader/ViewModels/ListViewModel.swift:8",
            "unreachable-feature Sources/Reader/Presenters/Containers.swift:12",
            "unreachable-feature Sources/Reader/Presenters/HomePresenters.swift:14",
            "unreachable-feature Sources/Reader/Presenters/ProfilePresenters.swift:9",
        ])
        XCTAssertEqual(warnings, ["invalid-pattern Sources/Reader/App/AppCoordinator.swift:29"])
        XCTAssertEqual(result.summary.styles, [.featherweight])
        XCTAssertEqual(result.registry.entries.map(\.name), ["home", "tabBarPresenter"])
        // The predicate compared with a constant and the pattern returned by a function are read.
        XCTAssertTrue(result.registry.routes.contains { $0.id == "library" })
        XCTAssertTrue(result.registry.routes.contains { $0.id == "library/book/[0-9]+" })
        // Each list screen's path is its own presenter's (the view model is built by several).
        XCTAssertTrue(edges(result).contains("articlePresenter -> library"))
        XCTAssertTrue(edges(result).contains("profilePresenter -> settings/general"))
    }

    /// A path set from a view model resolves through the presenter that builds it, and matches a
    /// regular-expression pattern; a path read at run time stays a warning.
    func testSetPathValueFlow() throws {
        let r = try scan("""
            final class Store { func setPath(_ p: String) {} }
            struct VM {
                let store: Store
                let target: String
                func go() { store.setPath(target) }
                func later() { store.setPath(UserDefaults.standard.string(forKey: "p")!) }
            }
            func appTree(_ s: Store) -> Router<UIViewController, String> {
                Router(tabs()).junction([
                    Router(listPresenter(s)).route("list", children: [Router(itemPresenter(s)).route("list/[0-9]+")]),
                ])
            }
            func listPresenter(_ s: Store) -> UIPresenter {
                let vm = VM(store: s, target: "list/7")
                return Presenter(getPresentable: { UIViewController() })
            }
            func start() { let s = Store(); _ = appTree(s); s.setPath("list") }
            struct CallToAction {
                let action: () -> Void
                init(store: Store, path: String) { action = { store.setPath(path) } }
            }
            func itemPresenter(_ s: Store) -> UIPresenter {
                let cta = CallToAction(store: s, path: "list")
                return Presenter(getPresentable: { UIViewController() })
            }
            """)
        // An initializer's parameter captured by a closure is followed to the presenter that passes it.
        XCTAssertEqual(edges(r), ["itemPresenter -> list", "listPresenter -> list/[0-9]+", "tabs -> list"])
        XCTAssertEqual(r.registry.entries.map(\.name), ["list", "tabs"])
        XCTAssertEqual(kinds(r), ["navigate-unresolved"])
        XCTAssertEqual(r.diagnostics.first?.location?.line, 6)
    }

    /// A pattern built by a function resolves; one read at run time is a warning and no route.
    func testPatternValueFlow() throws {
        let r = try scan("""
            enum P { static func detail() -> String { "detail/[a-z]+" } }
            func tree() -> Router<UIViewController, String> {
                Router(stackPresenter()).stack([
                    Router(homePresenter()).route(predicate: { $0 == "home" }, children: [
                        Router(detailPresenter()).route(P.detail()),
                        Router(otherPresenter()).route(UserDefaults.standard.string(forKey: "x")!),
                    ]),
                ])
            }
            func main() { _ = tree() }
            """)
        XCTAssertEqual(r.registry.routes.map(\.id), ["detail/[a-z]+", "home"])
        XCTAssertEqual(kinds(r), ["identifier-unreadable"])
        XCTAssertEqual(r.diagnostics.first?.location?.line, 6)
    }

    /// Patterns and presenter names are data: markup, apostrophes and unicode survive the YAML round trip.
    func testHostilePatternsStayData() throws {
        let r = try scan("""
            func tree() -> Router<UIViewController, String> {
                Router(tabs()).junction([
                    Router(écranPresenter()).route("a&b<script>'c"),
                    Router(twoPresenter()).route("[unclosed"),
                ])
            }
            func main() { _ = tree() }
            """)
        XCTAssertEqual(r.registry.routes.map(\.id), ["[unclosed", "a&b<script>'c"])
        XCTAssertEqual(kinds(r), ["invalid-pattern"])
        let yaml = RegistryWriter.yaml(r.registry)
        let back = try RegistryLoader().load(text: yaml, file: "registry.yml")
        XCTAssertEqual(RegistryWriter.yaml(back), yaml)
        XCTAssertTrue(back.features.contains { $0.name == "écranPresenter" })
    }
}
