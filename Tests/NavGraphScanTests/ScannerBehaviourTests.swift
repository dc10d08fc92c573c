import Foundation
import NavGraphKit
import XCTest
@testable import NavGraphScan

final class ScannerBehaviourTests: XCTestCase {
    /// The same files given in any order, file by file or as a folder, give byte-identical output.
    func testDeterministicWhateverTheOrder() throws {
        let dir = try Fixture.directory("Modern") + "/Sources"
        let files = SwiftSourceScanner.swiftFiles(under: dir)
        XCTAssertGreaterThan(files.count, 3)
        let whole = try SwiftSourceScanner().scan(paths: [dir])
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<3 {
            let shuffled = try SwiftSourceScanner().scan(paths: files.shuffled(using: &rng))
            // File by file there is no scanned folder, so modules come from the Sources/ layout alone: the same.
            XCTAssertEqual(RegistryWriter.yaml(shuffled.registry), RegistryWriter.yaml(whole.registry))
            XCTAssertEqual(shuffled.diagnostics, whole.diagnostics)
        }
    }

    func testProgressReportsEveryFile() throws {
        let dir = try Fixture.directory("Modern") + "/Sources"
        let count = SwiftSourceScanner.swiftFiles(under: dir).count
        let calls = Counter()
        _ = try SwiftSourceScanner().scan(paths: [dir]) { done, total in calls.add(done, total) }
        XCTAssertEqual(calls.values.map(\.0).sorted(), Array(1...count))
        XCTAssertTrue(calls.values.allSatisfy { $0.1 == count })
    }

    func testModuleMapWinsOverTheFolderLayout() throws {
        let dir = try Fixture.directory("Modern") + "/Sources"
        let config = ScanConfiguration(moduleMap: [dir + "/Shop": "Storefront"])
        let r = try SwiftSourceScanner(configuration: config).scan(paths: [dir])
        XCTAssertEqual(r.registry.features.first { $0.name == "ShopFeature" }?.module, "Storefront")
        XCTAssertEqual(r.registry.features.first { $0.name == "WishlistFeature" }?.module, "Wishlist")
    }

    /// A folder of file templates beside the project (`templates/VIPER/VIPERModule.swift`, copied and
    /// renamed by a generator script) is no app code: in no target, it is left out and counted. A
    /// target's own `Templates/` folder (a screen of a document app) stays.
    func testTemplateFoldersInNoTargetAreNotTheApp() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-templates-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let feature = { (name: String) in
            """
            import RouterServiceInterface
            struct \(name): Feature {
                func build(fromRoute route: Route?) -> UIViewController { UIViewController() }
            }
            """
        }
        try StyleScan.write([
            "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(name: "Docs", targets: [.target(name: "DocsFeature", path: "Modules/Docs")])
                """,
            "Modules/Docs/Templates/TemplatePickerFeature.swift": feature("TemplatePickerFeature"),
            "Modules/Docs/DocsFeature.swift": feature("DocsFeature"),
            "templates/VIPER/VIPERFeature.swift": feature("VIPERFeature"),
            "Tools/Screen.xctemplate/___FILEBASENAME___Feature.swift": feature("TemplateFeature"),
            "Scripts/LooseFeature.swift": feature("LooseFeature"),
        ], to: dir)
        let r = try SwiftSourceScanner().scan(paths: [dir])
        XCTAssertEqual(r.registry.features.map(\.name).sorted(), ["DocsFeature", "LooseFeature", "TemplatePickerFeature"])
        XCTAssertEqual(r.summary.skippedTemplates, 2)
        XCTAssertEqual(r.summary.filesWithoutTarget, 1)
        XCTAssertTrue(r.summary.line.contains("(skipped 2 template)"), r.summary.line)
    }

    /// A declaration's module is the target its file is in, whatever folder inside the target holds it:
    /// a folder move inside a target changes no module, and `diff` across it reports nothing. A file that
    /// no target of the project's manifests builds has no module (no folder name is taken), and the
    /// totals say how many such files were read.
    func testTheModuleIsTheTargetNotAFolderAndAFolderMoveIsNotADiff() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-modules-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fm = FileManager.default
        func write(_ path: String, _ text: String) throws { try StyleScan.write([path: text], to: dir) }
        try write("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Shop", targets: [
                .target(name: "HomeFeature", path: "Modules/Home"),
                .target(name: "CartFeature", path: "Modules/Cart"),
            ])
            """)
        try write("Modules/Home/Builders/HomeFeature.swift", """
            import RouterServiceInterface
            struct HomeFeature: Feature {
                func build(fromRoute route: Route?) -> UIViewController { HomeViewController() }
            }
            final class HomeViewController: UIViewController {}
            """)
        try write("Modules/Cart/Builders/CartFeature.swift", """
            import RouterServiceInterface
            struct CartRoute: Route { static let identifier = "cart" }
            struct CartFeature: Feature {
                func build(fromRoute route: Route?) -> UIViewController { CartViewController() }
            }
            struct CartHandler: RouteHandler {
                var routes: [Route.Type] { [CartRoute.self] }
                func destination(forRoute route: Route, fromViewController viewController: UIViewController) -> Feature.Type { CartFeature.self }
            }
            final class CartViewController: UIViewController {}
            """)
        try write("Scripts/Debug/DebugFeature.swift", """
            import RouterServiceInterface
            struct DebugFeature: Feature {
                func build(fromRoute route: Route?) -> UIViewController { UIViewController() }
            }
            """)
        func modules(_ r: ScanResult) -> [String] { r.registry.features.map { "\($0.name): \($0.module ?? "-")" }.sorted() }
        let before = try SwiftSourceScanner().scan(paths: [dir])
        XCTAssertEqual(modules(before), ["CartFeature: CartFeature", "DebugFeature: -", "HomeFeature: HomeFeature"])
        XCTAssertEqual(before.summary.filesWithoutTarget, 1)
        XCTAssertTrue(before.summary.line.hasSuffix("; 1 files in no target of the project's manifests (no module; --module-map names them)"), before.summary.line)

        // Move both features' folders: the modules stay, and the diff of the two scans is empty.
        try fm.moveItem(atPath: dir + "/Modules/Home/Builders", toPath: dir + "/Modules/Home/Screens")
        try fm.createDirectory(atPath: dir + "/Modules/Cart/Code/Main", withIntermediateDirectories: true)
        try fm.moveItem(atPath: dir + "/Modules/Cart/Builders/CartFeature.swift", toPath: dir + "/Modules/Cart/Code/Main/CartFeature.swift")
        let after = try SwiftSourceScanner().scan(paths: [dir])
        XCTAssertEqual(modules(after), modules(before))
        func side(_ r: ScanResult, _ label: String) -> NavigationDiff.Side {
            let g = NavGraph(registry: r.registry)
            let s = [FlagScenario.defaults(of: r.registry, overrides: [:], name: "default")]
            return .init(label: label, graph: g, scenarios: s, findings: CheckRunner(options: .init(scenarios: s)).run(g))
        }
        let diff = NavigationDiff(base: side(before, "base"), head: side(after, "head"))
        XCTAssertTrue(diff.isEmpty, DiffTerminalFormatter.format(diff, style: .plain()))
    }

    /// Tuist targets made by the project's own helper (`Project.featureFramework(name:)` in
    /// Tuist/ProjectDescriptionHelpers, which calls a second helper with `"\(name)Tests"`): each feature's
    /// module is its target, not the `Builders` folder its files sit in; the test target's files are tests.
    func testTuistTargetsMadeByHelperFunctions() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-tuist-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        func write(_ path: String, _ text: String) throws { try StyleScan.write([path: text], to: dir) }
        try write("Tuist/ProjectDescriptionHelpers/Project+Feature.swift", #"""
            import ProjectDescription
            extension Project {
                public static func featureFramework(name: String, prefix: String = "io.shop") -> Project {
                    Project(name: name, targets: makeTargets(name: name, bundle: prefix + "." + name))
                }
                static func makeTargets(name: String, bundle: String) -> [Target] {
                    [
                        .target(name: name, destinations: .iOS, product: .framework, bundleId: bundle, sources: ["Sources/**"]),
                        .target(name: "\(name)Tests", destinations: .iOS, product: .unitTests, bundleId: "\(bundle)Tests", sources: ["Tests/**"]),
                    ]
                }
            }
            """#)
        for name in ["Home", "Profile"] {
            try write("Projects/\(name)Feature/Project.swift", """
                import ProjectDescription
                import ProjectDescriptionHelpers
                let project = Project.featureFramework(name: "\(name)Feature")
                """)
            try write("Projects/\(name)Feature/Sources/Builders/\(name)Feature.swift", """
                import RouterServiceInterface
                struct \(name)Feature: Feature {
                    func build(fromRoute route: Route?) -> UIViewController { UIViewController() }
                }
                """)
            try write("Projects/\(name)Feature/Tests/\(name)Checks.swift", """
                struct \(name)FakeFeature: Feature {
                    func build(fromRoute route: Route?) -> UIViewController { UIViewController() }
                }
                """)
        }
        let r = try SwiftSourceScanner().scan(paths: [dir])
        XCTAssertEqual(r.registry.features.map { "\($0.name): \($0.module ?? "-")" }.sorted(), ["HomeFeature: HomeFeature", "ProfileFeature: ProfileFeature"])
        XCTAssertEqual(r.summary.filesWithoutTarget, 0)
        XCTAssertEqual(r.summary.skippedTests, 2)
    }

    /// An XcodeGen spec (`project.yml`; the Xcode project it generates is not committed): its targets
    /// are the modules, its test bundle's files are tests, and a phone app and a watch app that declare
    /// the same types (`RootView`, `Page`) are two programs read apart. Before, the spec was not read:
    /// every file had no target, and the two apps' screens were one program's (a public app of session 33).
    func testXcodeGenTargetsAreModulesAndTwoAppsAreReadApart() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-xcodegen-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        func write(_ path: String, _ text: String) throws { try StyleScan.write([path: text], to: dir) }
        try write("project.yml", """
            name: Kettle
            targets:
              kettle:
                type: application
                platform: iOS
                sources:
                  - Kettle
                  - Shared
              kettleTests:
                type: bundle.unit-test
                sources: [KettleTests]
              kettleWatch:
                type: application
                platform: watchOS
                sources:
                  - path: KettleWatch
                    excludes: ["**/*.md"]
            """)
        func app(_ folder: String, _ pages: String, _ body: String) throws {
            try write("\(folder)/Page.swift", "enum Page: Hashable { \(pages) }")
            try write("\(folder)/RootView.swift", """
                import SwiftUI
                struct RootView: View {
                    var body: some View {
                        NavigationStack {
                            List { \(body) }
                                .navigationDestination(for: Page.self) { page in
                                    switch page {
                                    case .brew: BrewView()
                                    case .timer: TimerView()
                                    }
                                }
                        }
                    }
                }
                struct BrewView: View { var body: some View { Text("Brew") } }
                struct TimerView: View { var body: some View { Text("Timer") } }
                """)
            try write("\(folder)/App.swift", """
                import SwiftUI
                @main struct \(folder)App: App { var body: some Scene { WindowGroup { RootView() } } }
                """)
        }
        try app("Kettle", "case brew, timer", "NavigationLink(value: Page.brew) { Text(\"Brew\") }")
        try app("KettleWatch", "case brew, timer", "NavigationLink(value: Page.timer) { Text(\"Timer\") }")
        try write("Shared/Strings.swift", "let appName = \"Kettle\"")
        try write("KettleTests/RootViewTests.swift", "import XCTest\nfinal class RootViewTests: XCTestCase {}")
        let r = try SwiftSourceScanner().scan(paths: [dir])
        XCTAssertEqual(r.summary.filesWithoutTarget, 0)
        XCTAssertEqual(r.summary.skippedTests, 1)
        XCTAssertEqual(r.summary.separateApps, ["kettle", "kettleWatch"])
        XCTAssertEqual(Set(r.registry.features.compactMap(\.module)), ["kettle", "kettleWatch"])
        // Each app's link is its own: the phone opens brewing, the watch the timer.
        let edges = r.registry.features.flatMap { f in f.navigates.map { "\(f.name) -> \($0.route)" } }.sorted()
        XCTAssertEqual(edges, ["kettle.RootView -> kettle.Page.brew", "kettleWatch.RootView -> kettleWatch.Page.timer"])
        // `navgraph init` names the spec and its apps; a `project.yml` that declares no target is no spec.
        try write("Docs/project.yml", "title: release notes\nitems: [a, b]\n")
        let layout = ProjectLayout.read(root: dir)
        XCTAssertEqual(layout.manifests.map { "\($0.kind.rawValue) \($0.path)" }, ["XcodeGen spec project.yml"])
        XCTAssertEqual(layout.appTargets, ["kettle", "kettleWatch"])
    }

    /// A SwiftUI dialect whose router protocol (`RoutingService`) is declared beside its `Route`/handler
    /// protocols, and a view that ends with a stand-in router for its previews (conforming, registering):
    /// the view's file is the app's, not the framework's, so its `link(for:)` call is counted and followed.
    func testAPreviewRouterInAViewFileDoesNotMakeItVendored() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-preview-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        func write(_ path: String, _ text: String) throws { try StyleScan.write([path: text], to: dir) }
        try write("Core/Injector/Routing.swift", """
            import SwiftUI
            public protocol Route { static var identifier: String { get } }
            public protocol Feature { func buildView(fromRoute route: Route?) -> AnyView }
            public protocol RouteHandling {
                var routes: [Route.Type] { get }
                func destination(for route: Route) -> Feature.Type
            }
            public protocol RoutingService {
                func register(routeHandler: RouteHandling)
                func link<Body: View>(for route: Route, @ViewBuilder body: () -> Body) -> NavigationLink<Body, AnyView>
            }
            """)
        try write("Features/Library/LibraryFeature.swift", """
            import SwiftUI
            struct ObjectivesRoute: Route { static let identifier = "objectives" }
            struct LibraryFeature: Feature {
                func buildView(fromRoute route: Route?) -> AnyView { AnyView(LibraryView(routingService: LiveRouter())) }
            }
            struct ObjectivesFeature: Feature {
                func buildView(fromRoute route: Route?) -> AnyView { AnyView(Text("objectives")) }
            }
            struct LibraryHandler: RouteHandling {
                var routes: [Route.Type] { [ObjectivesRoute.self] }
                func destination(for route: Route) -> Feature.Type { ObjectivesFeature.self }
            }
            """)
        try write("Features/Library/LibraryView.swift", """
            import SwiftUI
            struct LibraryView: View {
                let routingService: RoutingService
                var body: some View {
                    routingService.link(for: ObjectivesRoute()) { Text("Objectives") }
                }
            }
            final class DummyRoutingService: RoutingService {
                func register(routeHandler: RouteHandling) {}
                func link<Body: View>(for route: Route, @ViewBuilder body: () -> Body) -> NavigationLink<Body, AnyView> { fatalError() }
            }
            """)
        let r = try SwiftSourceScanner().scan(paths: [dir])
        XCTAssertEqual(r.summary.navigateCalls, 1)
        XCTAssertEqual(r.registry.features.first { $0.name == "LibraryFeature" }?.navigates.map(\.route), ["objectives"])
    }

    /// A RouterService copy in Xcode framework folders that repeat their names
    /// (`Cores/RouterService/RouterService/` beside `Cores/RouterServiceInterface/RouterServiceInterface/`):
    /// the router class's file is the framework's, so its own registration of itself is no app code
    /// the scan warns about (a public app of session 30 got two `factory-unreadable` warnings from it).
    func testARouterInAFrameworkFolderRepeatingItsNameBesideTheInterfaceIsVendored() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-cores-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try StyleScan.write([
            "Cores/RouterServiceInterface/RouterServiceInterface/Interface.swift": """
                import UIKit
                public protocol Route { static var identifier: String { get } }
                public protocol Feature { func build(fromRoute route: Route?) -> UIViewController }
                public protocol RouteHandler {
                    var routes: [Route.Type] { get }
                    func destination(forRoute route: Route, fromViewController viewController: UIViewController) -> Feature.Type
                }
                public protocol RouterServiceProtocol {
                    func navigate(toRoute route: Route, fromView viewController: UIViewController, animated: Bool)
                }
                """,
            "Cores/RouterService/RouterService/RouterService.swift": """
                import UIKit
                import RouterServiceInterface
                public final class RouterService: RouterServiceProtocol {
                    var factories: [String: () -> AnyObject] = [:]
                    public init() { register(dependencyFactory: { [unowned self] in self }, forType: RouterServiceProtocol.self) }
                    public func register<T>(dependencyFactory: @escaping () -> AnyObject, forType metaType: T.Type) {
                        factories[String(describing: metaType)] = dependencyFactory
                    }
                    public func register(routeHandler: RouteHandler) {}
                    public func navigate(toRoute route: Route, fromView viewController: UIViewController, animated: Bool) {}
                }
                """,
            "App/Home/HomeFeature.swift": """
                import UIKit
                import RouterServiceInterface
                struct HomeRoute: Route { static let identifier = "home" }
                struct HomeFeature: Feature {
                    func build(fromRoute route: Route?) -> UIViewController { UIViewController() }
                }
                final class HomeHandler: RouteHandler {
                    var routes: [Route.Type] { [HomeRoute.self] }
                    func destination(forRoute route: Route, fromViewController viewController: UIViewController) -> Feature.Type { HomeFeature.self }
                }
                """,
        ], to: dir)
        let r = try SwiftSourceScanner().scan(paths: [dir])
        XCTAssertEqual(r.registry.features.map(\.name), ["HomeFeature"])
        XCTAssertEqual(r.summary.skippedVendored, 2)
        XCTAssertEqual(r.diagnostics.filter { $0.location?.file.contains("Cores/") == true }.map(\.message), [])
    }

    func testConfigurationReadsAScanSectionAddingToTheDefaults() throws {
        let json = #"{"featureProtocols": ["Builder"], "navigateRouteLabels": ["destination"], "strict": true, "moduleMap": {"App/Core": "Core"}}"#
        let section = try ConfigurationLoader.load(text: "scan: " + json, file: "nav.json").configuration.scan
        let (config, problems) = ScanConfiguration.read(section)
        XCTAssertEqual(problems, [])
        XCTAssertEqual(config.featureProtocols, ["Feature", "Builder"])
        XCTAssertEqual(config.navigateRouteLabels, ["toRoute", "to", "destination"])
        XCTAssertTrue(config.strict)
        XCTAssertEqual(config.moduleMap, ["App/Core": "Core"])
        XCTAssertEqual(config.handlerProtocols, ["RouteHandler"])
    }

    func testAnnotationParsing() {
        XCTAssertEqual(try Annotation.parse(comment: "// navgraph:navigates product_detail modal")?.get(), .navigates(route: "product_detail", style: "modal"))
        XCTAssertEqual(try Annotation.parse(comment: "/// navgraph:entry")?.get(), .entry)
        XCTAssertEqual(try Annotation.parse(comment: "// navgraph:ignore a-b, c-d — because")?.get(), .ignore(["a-b", "c-d"]))
        XCTAssertEqual(try Annotation.parse(comment: "// navgraph:ignore a-b -- because")?.get(), .ignore(["a-b"]))
        XCTAssertNil(Annotation.parse(comment: "// an ordinary comment"))
        XCTAssertThrowsError(try Annotation.parse(comment: "// navgraph:navigate x")?.get())
    }

    func testAnyRouteStringsAreRecognised() {
        XCTAssertTrue(FactExtractor.looksLikeAnyRoute(#"product|{"id":1}"#))
        XCTAssertTrue(FactExtractor.looksLikeAnyRoute("product|{}"))
        XCTAssertFalse(FactExtractor.looksLikeAnyRoute("a | b"))
        XCTAssertFalse(FactExtractor.looksLikeAnyRoute("|{}"))
        XCTAssertFalse(FactExtractor.looksLikeAnyRoute("x|[1]"))
    }

    /// Test folders go by a test bundle's name, not by ending in `Test`: two public apps named
    /// `TribalTest` and `TFARC-Test` were read as 0 Swift files ("no routing found").
    func testAnAppNamedSomethingTestIsNoTestFolder() {
        for path in ["TribalTest/Modules/AppDelegate.swift", "TFARC-Test/Core/AppCoordinator.swift", "LoadTest/Home.swift"] {
            XCTAssertFalse(SwiftSourceScanner.looksLikeTest(path), path)
        }
        for path in ["TFARC-TestTests/Checks.swift", "Test/Helpers.swift", "AppUnitTest/A.swift", "AppUITest/A.swift", "App/Mocks/Router.swift", "App/LoginSpy.swift", "App/LoginTest.swift"] {
            XCTAssertTrue(SwiftSourceScanner.looksLikeTest(path), path)
        }
    }
}

private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [(Int, Int)] = []
    func add(_ a: Int, _ b: Int) { lock.lock(); stored.append((a, b)); lock.unlock() }
    var values: [(Int, Int)] { lock.lock(); defer { lock.unlock() }; return stored }
}
