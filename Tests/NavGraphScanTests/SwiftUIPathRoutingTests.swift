import Foundation
import NavGraphKit
import XCTest
@testable import NavGraphScan

/// SwiftUI's navigation stack driven by a route enum: `NavigationStack(path:)`, the stack's
/// `.navigationDestination(for: Screen.self) { … }` mapping each case to a view, and screens that
/// navigate by appending a case to the path (through a navigator's method, or in a coordinator's
/// own methods). Public apps of three sessions were "no routing found" (exit 2); four of session 32
/// now scan to every real edge (docs/scanning.md, "Style: route-enum").
final class SwiftUIPathRoutingTests: ScanSourcesTestCase {
    /// The findings of `check` on the scan's registry, with their severities and messages.
    func checked(_ r: ScanResult) -> [Finding] {
        CheckRunner(options: CheckOptions(scenarios: [FlagScenario.defaults(of: r.registry)])).run(NavGraph(registry: r.registry))
    }

    func mappings(_ r: ScanResult) -> [String] {
        r.registry.handlers.flatMap { h in h.routes.map { "\(h.name): \($0.route) -> \($0.feature)" } }.sorted()
    }

    /// A navigator whose `go(to:)` appends its parameter; the destination switches over the closure's
    /// parameter; the `App` builds the first screen; a case no screen appends is an unused route and
    /// its view is unreachable.
    func testANavigatorAppendingToThePathAndADestinationSwitch() throws {
        let r = try scan(["Garden": """
            import SwiftUI
            enum Bed: Hashable { case plant(Int), compost, shed }
            final class Gardener: ObservableObject {
                @Published var path = NavigationPath()
                func go(to bed: Bed) { path.append(bed) }
                func back() { path.removeLast() }
            }
            @main struct GardenApp: App {
                @StateObject private var gardener = Gardener()
                var body: some Scene {
                    WindowGroup {
                        NavigationStack(path: $gardener.path) {
                            BedsView()
                                .navigationDestination(for: Bed.self) { bed in
                                    switch bed {
                                    case .plant(let id): PlantView(id: id)
                                    case .compost: CompostView()
                                    case .shed: ShedView()
                                    }
                                }
                        }
                        .environmentObject(gardener)
                    }
                }
            }
            struct BedsView: View {
                @EnvironmentObject var gardener: Gardener
                var body: some View {
                    List {
                        Button("Tomato") { gardener.go(to: .plant(1)) }
                        Button("Compost") { gardener.go(to: .compost) }
                    }
                }
            }
            struct PlantView: View {
                let id: Int
                @EnvironmentObject var gardener: Gardener
                var body: some View { Button("Compost") { gardener.go(to: .compost) } }
            }
            struct CompostView: View { var body: some View { Text("Compost") } }
            struct ShedView: View { var body: some View { Text("Shed") } }
            """])
        XCTAssertEqual(r.summary.styles, [.routeEnum])
        XCTAssertEqual(mappings(r), [
            "navigationDestination(for: Bed.self): Bed.compost -> CompostView",
            "navigationDestination(for: Bed.self): Bed.plant -> PlantView",
            "navigationDestination(for: Bed.self): Bed.shed -> ShedView",
        ])
        XCTAssertEqual(edges(r), ["BedsView -> Bed.compost", "BedsView -> Bed.plant", "PlantView -> Bed.compost"])
        XCTAssertEqual(r.registry.entries.map(\.name), ["BedsView"])
        // The destination is the router at work: its views are no direct presentation of the App's.
        XCTAssertEqual(r.summary.presentCalls, 0)
        XCTAssertEqual(r.summary.navigateCalls, 3)
        XCTAssertEqual(r.summary.navigateResolved, 3)
        XCTAssertEqual(findings(r), ["unreachable-feature ShedView", "unused-route Bed.shed"])
    }

    /// A coordinator whose own methods append cases (`path.append(Stop.map)`, `.ticket(id)` into a
    /// `[Stop]`), a destination closure handing its value to a factory's `@ViewBuilder` function, the
    /// first screen returned by a factory the `App` calls, and a row view built inside a screen's body
    /// whose tap is that screen's navigation (the row is no screen of its own).
    func testACoordinatorsMethodsAFactoryDestinationAndARowInsideAScreen() throws {
        let r = try scan(["Transit": """
            import SwiftUI
            enum Stop: Hashable { case map, ticket(Int), help }
            final class Conductor: ObservableObject {
                @Published var path: [Stop] = []
                func showMap() { path.append(Stop.map) }
                func showTicket(_ id: Int) { path.append(.ticket(id)) }
                func home() { path.removeAll() }
            }
            enum Screens {
                static func start() -> some View { let v = LinesView(); return v }
                // A modifier the sources do not declare returns the view it modifies.
                static func makeMap() -> some View { MapView().navigationTitle("Map") }
                @ViewBuilder static func screen(for stop: Stop) -> some View {
                    switch stop {
                    case .map: makeMap()
                    case .ticket(let id): TicketView(id: id)
                    case .help: HelpView()
                    }
                }
            }
            @main struct TransitApp: App {
                @StateObject var conductor = Conductor()
                var body: some Scene {
                    WindowGroup {
                        NavigationStack(path: $conductor.path) {
                            content()
                                .navigationDestination(for: Stop.self) { stop in Screens.screen(for: stop) }
                        }
                        .environmentObject(conductor)
                    }
                }
                @ViewBuilder func content() -> some View { Screens.start() }
            }
            struct LinesView: View {
                @EnvironmentObject var conductor: Conductor
                var body: some View {
                    VStack {
                        Button("Map") { conductor.showMap() }
                        LineRow(id: 7)
                    }
                }
            }
            struct LineRow: View {
                let id: Int
                @EnvironmentObject var conductor: Conductor
                var body: some View { Button("Ticket") { conductor.showTicket(id) } }
            }
            struct MapView: View {
                @EnvironmentObject var conductor: Conductor
                var body: some View { Button("Ticket") { conductor.showTicket(1) } }
            }
            struct TicketView: View { let id: Int; var body: some View { Text("\\(id)") } }
            struct HelpView: View { var body: some View { Text("Help") } }
            """])
        XCTAssertEqual(mappings(r), [
            "navigationDestination(for: Stop.self): Stop.help -> HelpView",
            "navigationDestination(for: Stop.self): Stop.map -> MapView",
            "navigationDestination(for: Stop.self): Stop.ticket -> TicketView",
        ])
        XCTAssertEqual(edges(r), ["LinesView -> Stop.map", "LinesView -> Stop.ticket", "MapView -> Stop.ticket"])
        XCTAssertEqual(r.registry.entries.map(\.name), ["LinesView"])
        XCTAssertFalse(r.registry.features.map(\.name).contains("LineRow"))
        // Each append is a navigate call (the coordinator's two), followed to where its method is called.
        XCTAssertEqual(r.summary.navigateCalls, 2)
        XCTAssertEqual(r.summary.navigateResolved, 2)
        XCTAssertEqual(findings(r), ["unreachable-feature HelpView", "unused-route Stop.help"])
    }

    /// Two destinations in one body, each for its own enum, and appends of both in one method: each
    /// append goes to its own enum's destination (a public demo had the second enum's case read as
    /// the first's: "case .shared of ContentViewRoutes presents no screen"). Both enums have a case
    /// `fiction`: the enum written (`Aisle.fiction`) decides, not the case name.
    func testTwoEnumsAppendedInOneMethodEachGoToTheirOwnDestination() throws {
        let r = try scan(["Library": """
            import SwiftUI
            final class Shelf: ObservableObject { @Published var path = NavigationPath() }
            enum Aisle: Hashable { case fiction }
            enum Shared: Hashable { case note(String), fiction }
            struct LobbyView: View {
                @EnvironmentObject var shelf: Shelf
                var body: some View {
                    NavigationStack(path: $shelf.path) {
                        VStack {
                            Button("Fiction") { shelf.path.append(Aisle.fiction) }
                            Button("Note") { shelf.path.append(Shared.note("hi")) }
                        }
                        .navigationDestination(for: Aisle.self) { aisle in
                            switch aisle { case .fiction: FictionView() }
                        }
                        .navigationDestination(for: Shared.self) { shared in
                            switch shared {
                            case .note(let text): NoteView(text: text)
                            case .fiction: FictionView()
                            }
                        }
                    }
                }
            }
            struct FictionView: View { var body: some View { Text("Fiction") } }
            struct NoteView: View { let text: String; var body: some View { Text(text) } }
            """])
        XCTAssertEqual(edges(r), ["LobbyView -> Aisle.fiction", "LobbyView -> Shared.note"])
        XCTAssertEqual(r.summary.navigateResolved, 2)
        XCTAssertEqual(r.summary.navigateCalls, 2)
        XCTAssertEqual(r.registry.handlers.map(\.name).sorted(), ["navigationDestination(for: Aisle.self)", "navigationDestination(for: Shared.self)"])
    }

    /// A stack hosted by a screen a sheet shows (`OnboardingFlowView`), whose destination is the
    /// enum's own `@ViewBuilder` method (`step.screen(path:)`) and whose first view is shown with
    /// it (a `child` presentation, kept beside the sheet it also presents); the `App`'s first screen returned, under a modifier, by a factory
    /// (`MenuView().tint(.red)`). Before, the stack's two views were false `unreachable-feature` errors
    /// (a set-aside public demo of session 32).
    func testAStackHostedByAScreenAndTheEnumsOwnDestinationMethod() throws {
        let r = try scan(["Onboarding": """
            import SwiftUI
            enum Step: Hashable {
                case name, photo
                @ViewBuilder func screen(path: Binding<[Step]>) -> some View {
                    switch self {
                    case .name: NameStepView(path: path)
                    case .photo: PhotoStepView()
                    }
                }
            }
            struct OnboardingFlowView: View {
                @State private var path: [Step] = []
                var body: some View {
                    NavigationStack(path: $path) {
                        NameStepView(path: $path)
                            .navigationTitle("Start")
                            .navigationDestination(for: Step.self) { step in step.screen(path: $path) }
                    }
                    .sheet(isPresented: $showingHelp) { PhotoStepView() }
                }
                @State private var showingHelp = false
            }
            struct NameStepView: View {
                @Binding var path: [Step]
                var body: some View { Button("Next") { path.append(.photo) } }
            }
            struct PhotoStepView: View { var body: some View { Text("Photo") } }
            struct MenuView: View {
                @State private var showing = false
                var body: some View {
                    Button("Start") { showing = true }
                        .sheet(isPresented: $showing) { OnboardingFlowView() }
                }
            }
            final class AppModel { func makeMenu() -> some View { MenuView().tint(.red) } }
            @main struct OnboardingApp: App {
                let model = AppModel()
                var body: some Scene { WindowGroup { model.makeMenu() } }
            }
            """])
        XCTAssertEqual(mappings(r), [
            "navigationDestination(for: Step.self): Step.name -> NameStepView", "navigationDestination(for: Step.self): Step.photo -> PhotoStepView",
        ])
        XCTAssertEqual(r.registry.entries.map(\.name), ["MenuView"])
        XCTAssertEqual(edges(r), [
            "MenuView => OnboardingFlowView (sheet)", "NameStepView -> Step.photo", "OnboardingFlowView => NameStepView (child)",
            "OnboardingFlowView => PhotoStepView (sheet)",
        ])
        XCTAssertEqual(findings(r), ["unused-route Step.name"])
    }

    /// The `App`'s own stack whose destination is the enum's method (`leaf.screen()`): what the
    /// method returns is the stack's, not a first screen; only the view the `App` builds is.
    func testTheEnumsOwnDestinationInTheAppIsNoFirstScreen() throws {
        let r = try scan(["Herbarium": """
            import SwiftUI
            enum Leaf: Hashable {
                case oak, fern
                @ViewBuilder func screen() -> some View {
                    switch self {
                    case .oak: OakView()
                    case .fern: FernView()
                    }
                }
            }
            final class Collector: ObservableObject { @Published var path: [Leaf] = [] }
            @main struct HerbariumApp: App {
                @StateObject var collector = Collector()
                var body: some Scene {
                    WindowGroup {
                        NavigationStack(path: $collector.path) {
                            AlbumView().navigationDestination(for: Leaf.self) { leaf in leaf.screen() }
                        }
                        .environmentObject(collector)
                    }
                }
            }
            struct AlbumView: View {
                @EnvironmentObject var collector: Collector
                var body: some View { Button("Oak") { collector.path.append(.oak) } }
            }
            struct OakView: View { var body: some View { Text("Oak") } }
            struct FernView: View { var body: some View { Text("Fern") } }
            """])
        XCTAssertEqual(r.registry.entries.map(\.name), ["AlbumView"])
        XCTAssertEqual(edges(r), ["AlbumView -> Leaf.oak"])
        XCTAssertEqual(findings(r), ["unreachable-feature FernView", "unused-route Leaf.fern"])
    }

    /// Links that push a value (`NavigationLink(value: Bed.compost) { CompostView() }`, `NavigationLink("Shed",
    /// value: .shed)`), a view's own method wrapping one (`link(to: .plant(1), title:)`), a path set
    /// whole (`gardener.path = [.compost, .shed]`, in the `App`'s `onOpenURL` and in a view), and the
    /// stack behind a `ViewModifier` whose destination hands the value to the modifier's own method. A
    /// link's closure is its label, never a screen it shows; a link whose value the scan cannot read
    /// is a navigate call not followed. Before, such an app was "no routing found" (a public app of
    /// session 33).
    func testValueLinksAWrappedLinkAndAPathSetWhole() throws {
        let r = try scan(["Garden": """
            import SwiftUI
            enum Bed: Hashable { case plant(Int), compost, shed, pond, orchard }
            final class Gardener: ObservableObject { @Published var path: [Bed] = [] }
            struct Beds: ViewModifier {
                @Binding var path: [Bed]
                @ViewBuilder fileprivate func view(_ bed: Bed) -> some View {
                    switch bed {
                    case .plant(let id): PlantView(id: id)
                    case .compost: CompostView()
                    case .shed: ShedView()
                    case .pond: PondView()
                    case .orchard: OrchardView()
                    }
                }
                func body(content: Content) -> some View {
                    NavigationStack(path: $path) {
                        content.navigationDestination(for: Bed.self) { bed in view(bed) }
                    }
                }
            }
            extension View {
                func beds(path: Binding<[Bed]>) -> some View { modifier(Beds(path: path)) }
            }
            @main struct GardenApp: App {
                @StateObject private var gardener = Gardener()
                var body: some Scene {
                    WindowGroup {
                        BedsView()
                            .environmentObject(gardener)
                            .onOpenURL { _ in gardener.path = [.compost, .shed] }
                    }
                }
            }
            struct BedsView: View {
                @EnvironmentObject var gardener: Gardener
                var beds: [Bed] = []
                var body: some View {
                    List {
                        NavigationLink(value: Bed.compost) { CompostView() }
                        NavigationLink("Shed", value: .shed)
                        link(to: .plant(1), title: "Tomato")
                        ForEach(beds, id: \\.self) { bed in NavigationLink(value: bed) { BedRow() } }
                    }
                    .beds(path: $gardener.path)
                }
                private func link(to bed: Bed, title: String) -> some View {
                    NavigationLink(value: bed) { Text(title) }
                }
            }
            struct BedRow: View { var body: some View { Text("Bed") } }
            struct PlantView: View {
                @EnvironmentObject var gardener: Gardener
                let id: Int
                var body: some View { Button("Pond") { gardener.path = [.pond] } }
            }
            struct CompostView: View { var body: some View { Text("Compost") } }
            struct ShedView: View { var body: some View { Text("Shed") } }
            struct PondView: View { var body: some View { Text("Pond") } }
            struct OrchardView: View { var body: some View { Text("Orchard") } }
            """])
        XCTAssertEqual(r.summary.styles, [.routeEnum])
        XCTAssertEqual(edges(r), ["BedsView -> Bed.compost", "BedsView -> Bed.plant", "BedsView -> Bed.shed", "PlantView -> Bed.pond"])
        // The path the `App` sets when a link opens it: entries.
        XCTAssertEqual(r.registry.entries.map(\.name).sorted(), ["Bed.compost", "Bed.shed", "BedsView"])
        // A link's label is no screen it shows (the compost link's label is the compost view itself, as
        // a preview), and a value link no presentation around the router.
        XCTAssertEqual(r.summary.presentCalls, 0)
        XCTAssertFalse(r.registry.features.contains { !$0.presents.isEmpty })
        // Five navigate calls read (two links, the wrapper's call, two paths set); the `ForEach` link's value is not.
        XCTAssertEqual(r.summary.navigateCalls, 6)
        XCTAssertEqual(r.summary.navigateResolved, 5)
        // The unread link may push the orchard (or any other case): no error is claimed for it.
        let found = checked(r)
        XCTAssertEqual(found.map { "\($0.severity) \($0.ruleID) \($0.subject)" }.sorted(), [
            "warning unreachable-feature OrchardView", "warning unused-route Bed.orchard",
        ])
        XCTAssertTrue(found.first { $0.ruleID == "unreachable-feature" }?.message.contains("may be unreachable") == true)
    }

    /// An append into the stack's own path whose value is not written as a case: a local holding one
    /// is followed (`let next = Hut.loft; path.append(next)`), and one the scan cannot read
    /// (`path.append(saved)`, a stored property no code sets) is a navigate call not followed, so the
    /// screens it may push are no error. An append into any other array is no navigation.
    func testAnAppendIntoTheStacksPathIsCountedWhateverItsValue() throws {
        let r = try scan(["Huts": """
            import SwiftUI
            enum Hut: Hashable { case porch, loft, cellar }
            @main struct HutsApp: App { var body: some Scene { WindowGroup { HutsView() } } }
            struct HutsView: View {
                @State private var path: [Hut] = []
                @State private var log: [String] = []
                var saved: Hut?
                var body: some View {
                    NavigationStack(path: $path) {
                        VStack {
                            Button("Porch") { path.append(.porch) }
                            Button("Loft") {
                                let next = Hut.loft
                                path.append(next)
                            }
                            Button("Back") { if let saved { path.append(saved) } }
                            Button("Note") { log.append("tapped") }
                        }
                        .navigationDestination(for: Hut.self) { hut in
                            switch hut {
                            case .porch: PorchView()
                            case .loft: LoftView()
                            case .cellar: CellarView()
                            }
                        }
                    }
                }
            }
            struct PorchView: View { var body: some View { Text("Porch") } }
            struct LoftView: View { var body: some View { Text("Loft") } }
            struct CellarView: View { var body: some View { Text("Cellar") } }
            """])
        XCTAssertEqual(edges(r), ["HutsView -> Hut.loft", "HutsView -> Hut.porch"])
        XCTAssertEqual(r.summary.navigateCalls, 3)
        XCTAssertEqual(r.summary.navigateResolved, 2)
        XCTAssertEqual(checked(r).map { "\($0.severity) \($0.ruleID) \($0.subject)" }.sorted(), [
            "warning unreachable-feature CellarView", "warning unused-route Hut.cellar",
        ])
    }

    /// A stack's path set whole from a value the scan cannot read (`path = saved`, state restored) is
    /// navigation not followed: counted, and the screens it may show are warnings, not errors. A path
    /// emptied or cut from itself (back, pop to root) shows nothing new; another type's `path` (a
    /// document's file path) is no stack's.
    func testAPathSetWholeFromAValueIsCountedAndAPathEmptiedIsNot() throws {
        let r = try scan(["Gates": """
            import SwiftUI
            enum Gate: Hashable { case north, south, west }
            final class GateKeeper: ObservableObject {
                @Published var path: [Gate] = []
                func restore(_ saved: [Gate]) { path = saved }
                func home() { path = [] }
                func back() { path = Array(path.dropLast()) }
                func reset() { self.path = .init() }
                func leaveWest() { path = path.filter { $0 != .west } }
            }
            struct Doc {
                var path: String
                mutating func move(to p: String) { path = p }
            }
            @main struct GatesApp: App { var body: some Scene { WindowGroup { GatesView() } } }
            struct GatesView: View {
                @StateObject private var keeper = GateKeeper()
                var body: some View {
                    NavigationStack(path: $keeper.path) {
                        Button("North") { keeper.path.append(.north) }
                            .navigationDestination(for: Gate.self) { gate in
                                switch gate {
                                case .north: NorthView()
                                case .south: SouthView()
                                case .west: WestView()
                                }
                            }
                    }
                }
            }
            struct NorthView: View { var body: some View { Text("North") } }
            struct SouthView: View { var body: some View { Text("South") } }
            struct WestView: View { var body: some View { Text("West") } }
            """])
        XCTAssertEqual(edges(r), ["GatesView -> Gate.north"])
        XCTAssertEqual(r.summary.navigateCalls, 2)
        XCTAssertEqual(r.summary.navigateResolved, 1)
        XCTAssertEqual(checked(r).filter { $0.ruleID == "unreachable-feature" }.map { "\($0.severity) \($0.subject)" }.sorted(), [
            "warning SouthView", "warning WestView",
        ])
    }
}
