import Foundation
import NavGraphKit
import XCTest
@testable import NavGraphScan

/// A SwiftUI RouterService fork met in a public app of session 30 (shapes written anew): a feature
/// builds its screens through a protocol-typed factory (one app conformer, one preview mock in
/// `#if DEBUG`) that hands the feature itself to assemblers, which read its dependencies
/// (`feature.api`) and make the views; the views navigate with the fork's `link(for:)` and with a
/// `View` extension of the framework, `.sheet(for:using:isPresented:) { onDismiss }`.
final class HandedOnFeatureTests: ScanSourcesTestCase {
    static let framework = """
        import SwiftUI
        public protocol Route { static var identifier: String { get } }
        public protocol Feature { init(); func build(using route: Route?) -> AnyView }
        public protocol RouteHandling {
            var routes: [Route.Type] { get }
            func destination(for route: Route) -> Feature.Type
        }
        @propertyWrapper public struct Dependency<T> {
            public init() {}
            public var wrappedValue: T { fatalError() }
        }
        public protocol RoutingService {
            func register(_ handler: RouteHandling)
            func view(for route: Route) -> AnyView
            func link<Body: View>(for route: Route, @ViewBuilder body: () -> Body) -> NavigationLink<Body, AnyView>
        }
        public extension View {
            func sheet(for route: Route, using service: RoutingService, isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil) -> some View {
                sheet(isPresented: isPresented, onDismiss: onDismiss) { service.view(for: route) }
            }
        }
        """

    static let shelf = """
        import SwiftUI
        public struct ShelfRoute: Route { public static let identifier = "shelf" }
        public struct BookRoute: Route { public static let identifier = "book"; let id: Int }
        public struct NoteRoute: Route { public static let identifier = "note" }
        public protocol Catalog {}
        public protocol Clock {}
        public struct ShelfFeature: Feature {
            @Dependency var catalog: Catalog
            @Dependency var clock: Clock
            @Dependency var routingService: RoutingService
            private let scenes: ShelfScenesMaking
            public init() { self.init(scenes: ShelfScenes(shelf: ShelfAssembler(), book: BookAssembler())) }
            init(scenes: ShelfScenesMaking) { self.scenes = scenes }
            public func build(using route: Route?) -> AnyView {
                if let route = route as? BookRoute { return scenes.book(for: self, id: route.id) }
                return scenes.shelf(for: self)
            }
        }
        public struct NoteFeature: Feature {
            public init() {}
            public func build(using route: Route?) -> AnyView { AnyView(Text("note")) }
        }
        struct ShelfHandler: RouteHandling {
            var routes: [Route.Type] { [ShelfRoute.self, BookRoute.self] }
            func destination(for route: Route) -> Feature.Type { ShelfFeature.self }
        }
        struct NoteHandler: RouteHandling {
            var routes: [Route.Type] { [NoteRoute.self] }
            func destination(for route: Route) -> Feature.Type { NoteFeature.self }
        }
        protocol ShelfScenesMaking: AnyObject {
            func shelf(for feature: ShelfFeature) -> AnyView
            func book(for feature: ShelfFeature, id: Int) -> AnyView
        }
        final class ShelfScenes: ShelfScenesMaking {
            private let shelfAssembler: ShelfAssembling
            private let bookAssembler: BookAssembling
            init(shelf: ShelfAssembling, book: BookAssembling) { shelfAssembler = shelf; bookAssembler = book }
            func shelf(for feature: ShelfFeature) -> AnyView { shelfAssembler.assemble(using: feature) }
            func book(for feature: ShelfFeature, id: Int) -> AnyView { bookAssembler.assemble(using: feature, id: id) }
        }
        protocol ShelfAssembling { func assemble(using feature: ShelfFeature) -> AnyView }
        final class ShelfAssembler: ShelfAssembling {
            func assemble(using feature: ShelfFeature) -> AnyView {
                AnyView(ShelfView<ShelfModel>(model: ShelfModel(catalog: feature.catalog), routingService: feature.routingService))
            }
        }
        protocol BookAssembling { func assemble(using feature: ShelfFeature, id: Int) -> AnyView }
        final class BookAssembler: BookAssembling {
            func assemble(using feature: ShelfFeature, id: Int) -> AnyView {
                AnyView(BookView(routingService: feature.routingService))
            }
        }
        final class ShelfModel: ObservableObject {
            let catalog: Catalog
            init(catalog: Catalog) { self.catalog = catalog }
        }
        struct ShelfView<Model: ObservableObject>: View {
            @ObservedObject var model: Model
            let routingService: RoutingService
            var body: some View {
                routingService.link(for: BookRoute(id: 1)) { Text("Book") }
            }
        }
        struct BookView: View {
            let routingService: RoutingService
            @State private var writing = false
            var body: some View {
                Text("Book")
                    .sheet(for: NoteRoute(), using: routingService, isPresented: $writing) {
                        print("closed")
                    }
            }
        }
        #if DEBUG
        final class ShelfScenesMock: ShelfScenesMaking {
            func shelf(for feature: ShelfFeature) -> AnyView { AnyView(Text("mock")) }
            func book(for feature: ShelfFeature, id: Int) -> AnyView { AnyView(Text("mock")) }
        }
        #endif
        """

    static let app = """
        import SwiftUI
        @main struct ShelfApp: App {
            let router = LiveRouter()
            init() {
                router.register(ShelfHandler())
                router.register(NoteHandler())
            }
            var body: some Scene { WindowGroup { router.initialize(using: ShelfFeature.self) } }
        }
        final class LiveRouter: RoutingService {
            func register(_ handler: RouteHandling) {}
            func view(for route: Route) -> AnyView { AnyView(EmptyView()) }
            func link<Body: View>(for route: Route, @ViewBuilder body: () -> Body) -> NavigationLink<Body, AnyView> { fatalError() }
            func initialize(using feature: Feature.Type) -> AnyView { feature.init().build(using: nil) }
        }
        public extension URL {
            func openInBrowser() {
                if UIApplication.shared.canOpenURL(self) { UIApplication.shared.open(self) }
            }
        }
        extension UIApplication { var isActive: Bool { applicationState == .active } }
        """

    func scanFork() throws -> ScanResult {
        try StyleScan.write([
            "Core/Injector/Routing.swift": Self.framework,
            "Features/Shelf/Shelf.swift": Self.shelf,
            "App/ShelfApp.swift": Self.app,
        ], to: dir)
        return try SwiftSourceScanner().scan(paths: [dir])
    }

    /// The feature's `build` reaches its views through the factory property it calls (the preview
    /// mock is no second conformer), so both views' navigation is the feature's; the router's
    /// `sheet(for:)` modifier is a navigate call (its closure is `onDismiss`, no screen); and the
    /// dependencies read by the assemblers the feature hands itself to are used.
    func testAFeatureHandedToItsAssemblersOwnsTheirViewsAndTheirReads() throws {
        let r = try scanFork()
        let shelf = try XCTUnwrap(r.registry.features.first { $0.name == "ShelfFeature" })
        XCTAssertEqual(shelf.navigates.map(\.route).sorted(), ["book", "note"])
        XCTAssertEqual(r.summary.navigateCalls, 2)
        XCTAssertEqual(r.summary.navigateResolved, 2)
        XCTAssertEqual(r.summary.presentCalls, r.summary.presentResolved)
        XCTAssertEqual(shelf.dependencies.map { "\($0.name) \($0.used == true)" }, ["Catalog true", "Clock false", "RoutingService true"])
    }
}
