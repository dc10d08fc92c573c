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

    /// Predicates beyond `==`: `||`, `~=`, `hasPrefix`, an array's `contains`, a `switch` returning
    /// true, a named parameter, helper functions joining literals with `+`; each resolves to one id and
    /// matches the paths it would at run time. What cannot be listed (a `default: true`, a value read at
    /// run time, a join with an unknown part) is a warning and no route, never invented.
    func testPredicateVariants() throws {
        let r = try scan("""
            func section(_ name: String) -> String { return "shop/" + name }
            enum Paths { static let account = "account" }
            func tree() -> Router<UIViewController, String> {
                Router(tabs()).junction([
                    Router(aPresenter()).route(predicate: { $0 == "a" || $0 == "b" }),
                    Router(cPresenter()).route(predicate: { "c" ~= $0 }),
                    Router(docsPresenter()).route(predicate: { $0.hasPrefix("docs/") }),
                    Router(listPresenter()).route(predicate: { ["x", "y"].contains($0) }),
                    Router(switchPresenter()).route(predicate: { path in
                        switch path { case "s1", "s2": return true; default: return false }
                    }),
                    Router(shopPresenter()).route(predicate: { $0 == section("cart") }),
                    Router(accountPresenter()).route(Paths.account + "/settings"),
                    Router(anyPresenter()).route(predicate: { switch $0 { case "z": return false; default: return true } }),
                    Router(runtimePresenter()).route(predicate: { $0 == UserDefaults.standard.string(forKey: "k")! }),
                    Router(joinPresenter()).route(predicate: { $0 == "j/" + UserDefaults.standard.string(forKey: "k")! }),
                ])
            }
            func main() { _ = tree() }
            func go(_ r: Router<UIViewController, String>) {
                r.setRoute("b"); r.setRoute("c"); r.setRoute("docs/intro"); r.setRoute("y"); r.setRoute("s2")
                r.setRoute("shop/cart"); r.setRoute("account/settings"); r.setRoute("docs"); r.setRoute("ab")
            }
            """)
        // `docs` and `ab` match nothing: unmatched paths, routes that no handler handles.
        XCTAssertEqual(r.registry.routes.map(\.id), ["ab", "account/settings", "a|b", "c", "docs", "docs/*", "s1|s2", "shop/cart", "x|y"])
        XCTAssertEqual(r.registry.handlers.flatMap { $0.routes.map(\.route) }, ["account/settings", "a|b", "c", "docs/*", "s1|s2", "shop/cart", "x|y"])
        XCTAssertEqual(r.registry.entries.map(\.name).sorted(), ["ab", "account/settings", "a|b", "c", "docs", "docs/*", "s1|s2", "shop/cart", "tabs", "x|y"])
        XCTAssertEqual(kinds(r), ["identifier-unreadable", "identifier-unreadable", "identifier-unreadable"])
        XCTAssertEqual(r.diagnostics.compactMap { $0.location?.line }.sorted(), [14, 15, 16])
    }

    /// A path that resolves on one branch and not on the other is partly resolved: the edge and a
    /// navigate-partly-resolved warning (the shared NavigationRecord), not silence.
    func testPartlyResolvedPath() throws {
        let r = try scan("""
            final class Store { func setPath(_ p: String) {} }
            func tree() -> Router<UIViewController, String> {
                Router(tabs()).junction([Router(listPresenter()).route("list")])
            }
            func main(_ s: Store, _ flag: Bool) { _ = tree(); s.setPath(flag ? "list" : UserDefaults.standard.string(forKey: "p")!) }
            """)
        XCTAssertEqual(r.registry.entries.map(\.name).sorted(), ["list", "tabs"])
        XCTAssertEqual(kinds(r), ["navigate-partly-resolved"])
        XCTAssertEqual(r.summary.navigatePartly, 1)
    }

    /// A copy of the tree (a second builder declaring the same pattern for the same presenter) is the
    /// same route, not a duplicate; the same pattern for another presenter in another tree is still
    /// claimed twice (duplicate-handler), and twice in one tree a duplicate route.
    func testTreeCopiesAreOneRoute() throws {
        let r = try scan("""
            func tree() -> Router<UIViewController, String> {
                Router(tabs()).junction([Router(homePresenter()).route("home"), Router(aPresenter()).route("a")])
            }
            func copy() -> Router<UIViewController, String> {
                Router(tabs()).junction([Router(homePresenter()).route("home"), Router(otherPresenter()).route("a")])
            }
            func one() -> Router<UIViewController, String> {
                Router(tabs()).junction([Router(xPresenter()).route("x"), Router(yPresenter()).route("x")])
            }
            func main() { _ = tree(); _ = copy(); _ = one() }
            """)
        XCTAssertEqual(r.registry.routes.map(\.id), ["a", "a", "home", "x", "x"])
        XCTAssertEqual(StyleScan.findings(r).map { $0.split(separator: " ").first.map(String.init) ?? "" }.sorted(), [
            "duplicate-handler", "duplicate-route", "duplicate-route", "unreachable-feature",
        ])
    }

    /// A view model several presenters construct gives each of them only the paths of the helpers
    /// their code calls (issue 29, item 3): a helper no code calls gives no edge (and no entry).
    func testSharedViewModelGivesOnlyTheCallingPresenterTheEdge() throws {
        let r = try scan("""
            final class Store { func setPath(_ p: String) {} }
            final class MenuModel {
                let store: Store
                init(store: Store) { self.store = store }
                func home() { store.setPath("home") }
                func b() { store.setPath("b") }
                func unused() { store.setPath("a") }
            }
            func tree() -> Router<UIViewController, String> {
                Router(tabs()).junction([Router(homePresenter(s)).route("home"), Router(aPresenter(s)).route("a"), Router(bPresenter(s)).route("b")])
            }
            func aPresenter(_ s: Store) -> UIPresenter { let m = MenuModel(store: s); m.home(); return Presenter { UIViewController() } }
            func bPresenter(_ s: Store) -> UIPresenter { let m = MenuModel(store: s); m.b(); return Presenter { UIViewController() } }
            func main() { _ = tree() }
            """)
        XCTAssertEqual(edges(r).filter { $0.hasSuffix("-> home") || $0.hasSuffix("-> b") || $0.hasSuffix("-> a") }.filter { !$0.hasPrefix("tabs") }, [
            "aPresenter -> home", "bPresenter -> b",
        ])
        XCTAssertFalse(r.registry.entries.contains { $0.name == "a" }, "a helper nobody calls opens no entry")
    }

    /// An app's own tree DSL over the library (functions that build `Router(presenter(store)).route(predicate:
    /// { $0 == destination })` from their parameters, and functions passing theirs on), with screens made by
    /// one presenter function with different arguments held in locals, destinations that are enum cases
    /// with a per-case path, and store actions carrying a destination: every node is read at the call the
    /// app writes, every action is an edge of the screen whose presenter call decides it.
    func testWrapperTreeDSLWithEnumDestinationsAndStoreActions() throws {
        let r = try scan("""
            protocol Action {}
            struct Navigate: Action { let to: Destination }
            final class ShopStore { func dispatch(_ a: Action) {} }
            typealias StoreRouter = (ShopStore) -> Router<UIViewController, Destination>
            typealias StorePresenter = (ShopStore) -> Presenter<UIViewController>

            enum Destination {
                case catalog, item, cart, checkout, returns
                var path: String {
                    switch self {
                    case .catalog: return "shop"
                    case .item: return "shop/item"
                    case .cart: return "cart"
                    case .checkout: return "cart/checkout"
                    case .returns: return "returns"
                    }
                }
            }

            func attach(_ store: ShopStore) -> (StoreRouter) -> Router<UIViewController, Destination> { { $0(store) } }
            func tabs(_ children: [StoreRouter]) -> StoreRouter {
                { store in Router(tabsPresenter(store)).junction(children.map(attach(store))) }
            }
            func nested(_ presenter: @escaping StorePresenter, children: [StoreRouter]) -> StoreRouter {
                { store in Router(presenter(store)).stack(children.map(attach(store))) }
            }
            func navigation(title: String, children: [StoreRouter]) -> StoreRouter {
                nested({ navPresenter(title: title, store: $0) }, children: children)
            }
            func screen(_ destination: Destination, presenter: @escaping StorePresenter, children: [StoreRouter] = []) -> StoreRouter {
                { store in Router(presenter(store)).route(predicate: { $0 == destination }, children: children.map(attach(store))) }
            }

            final class CardModel {
                let go: () -> Void
                init(store: ShopStore, title: String, next: Destination) { go = { store.dispatch(Navigate(to: next)) } }
            }
            func cardPresenter(_ title: String, next: Destination) -> StorePresenter {
                { store in let m = CardModel(store: store, title: title, next: next); return Presenter { UIViewController() } }
            }

            func shopTree() -> StoreRouter {
                let catalog = cardPresenter("Catalog", next: .item)
                let item = cardPresenter("Item", next: .cart)
                let cart = cardPresenter("Cart", next: .checkout)
                let checkout = cardPresenter("Checkout", next: .returns)
                return tabs([
                    navigation(title: "Shop", children: [
                        screen(.catalog, presenter: catalog, children: [screen(.item, presenter: item)]),
                    ]),
                    screen(.cart, presenter: cart, children: [screen(.checkout, presenter: checkout)]),
                ])
            }
            func main() { _ = shopTree() }
            """)
        XCTAssertEqual(r.registry.features.map(\.name), [
            "cardPresenter(Cart)", "cardPresenter(Catalog)", "cardPresenter(Checkout)", "cardPresenter(Item)", "tabsPresenter",
        ])
        XCTAssertEqual(r.registry.handlers.first?.routes.map { "\($0.route) \($0.feature)" }, [
            "cart cardPresenter(Cart)", "cart/checkout cardPresenter(Checkout)", "shop cardPresenter(Catalog)", "shop/item cardPresenter(Item)",
        ])
        XCTAssertEqual(edges(r), [
            "cardPresenter(Cart) -> cart/checkout",
            "cardPresenter(Catalog) -> shop/item",
            "cardPresenter(Checkout) -> returns",
            "cardPresenter(Item) -> cart",
            "tabsPresenter -> cart",
            "tabsPresenter -> shop",
        ])
        XCTAssertEqual(r.registry.entries.map(\.name), ["tabsPresenter"])
        // `.returns` has no node: the one planted finding, at the presenter call that decides it.
        XCTAssertEqual(StyleScan.findings(r), ["unhandled-route App.swift:46"])
        XCTAssertEqual(kinds(r), [])
    }

    /// A DSL tree whose root container is made by a closure (`nested({ navPresenter(store: $0) }, …)`): its
    /// routes are read; with no container screen, nothing leads to them.
    func testWrapperTreeWhoseRootContainerIsMadeByAClosure() throws {
        let r = try scan("""
            final class AppStore {}
            typealias StoreRouter = (AppStore) -> Router<UIViewController, String>
            typealias StorePresenter = (AppStore) -> Presenter<UIViewController>
            func attach(_ store: AppStore) -> (StoreRouter) -> Router<UIViewController, String> { { $0(store) } }
            func nested(_ presenter: @escaping StorePresenter, children: [StoreRouter]) -> StoreRouter {
                { store in Router(presenter(store)).stack(children.map(attach(store))) }
            }
            func page(_ path: String, presenter: @escaping StorePresenter) -> StoreRouter {
                { store in Router(presenter(store)).route(predicate: { $0 == path }) }
            }
            func tree() -> StoreRouter {
                nested({ navPresenter(store: $0) }, children: [page("home", presenter: homePresenter), page("about", presenter: aboutPresenter)])
            }
            func homePresenter(_ store: AppStore) -> Presenter<UIViewController> { Presenter { UIViewController() } }
            func aboutPresenter(_ store: AppStore) -> Presenter<UIViewController> { Presenter { UIViewController() } }
            func main() { _ = tree() }
            """)
        XCTAssertEqual(r.registry.handlers.first?.routes.map { "\($0.route) \($0.feature)" }, ["about aboutPresenter", "home homePresenter"])
        XCTAssertEqual(r.registry.entries.map(\.name), [])
    }

    /// A store action carrying a path (`store.dispatch(RouteAction.set(path: next))`) is an edge of the
    /// screen whose presenter call decides the path, in a tree written out; an action carrying a value
    /// read at run time (a tab bar re-dispatching the selected tab) is not navigation the scanner claims.
    func testStoreActionsCarryingAPath() throws {
        let r = try scan("""
            protocol Action {}
            enum RouteAction: Action { case set(path: String) }
            final class AppStore { var route = ""; func dispatch(_ a: Action) {} }
            struct CardModel {
                let open: () -> Void
                init(store: AppStore, title: String, next: String) { open = { store.dispatch(RouteAction.set(path: next)) } }
            }
            func cardPresenter(_ store: AppStore, title: String, next: String) -> UIPresenter {
                let m = CardModel(store: store, title: title, next: next)
                return Presenter { UIViewController() }
            }
            func tabsPresenter(_ store: AppStore) -> UIPresenter {
                let tabs = UITabBarController()
                tabs.onSelect = { index in store.dispatch(RouteAction.set(path: store.route)) }
                return Presenter { tabs }
            }
            func makeRouter(_ store: AppStore) -> Router<UIViewController, String> {
                Router(tabsPresenter(store)).junction([
                    Router(cardPresenter(store, title: "Inbox", next: "outbox")).route("inbox"),
                    Router(cardPresenter(store, title: "Outbox", next: "drafts")).route("outbox"),
                ])
            }
            func main() { _ = makeRouter(AppStore()) }
            """)
        XCTAssertEqual(edges(r), [
            "cardPresenter(title: Inbox, next: outbox) -> outbox",
            "cardPresenter(title: Outbox, next: drafts) -> drafts",
            "tabsPresenter -> inbox",
            "tabsPresenter -> outbox",
        ])
        // "drafts" has no route: the one planted finding, at the presenter call that decides it.
        XCTAssertEqual(StyleScan.findings(r), ["unhandled-route App.swift:20"])
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
