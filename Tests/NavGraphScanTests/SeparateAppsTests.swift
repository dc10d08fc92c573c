import Foundation
import NavGraphKit
import XCTest
@testable import NavGraphScan

/// Two app targets that declare the same types are two programs (`AppPrograms`). A public project
/// of session 32 holds one movie list written three ways (MVC, MVVM, VIPER), each an app target
/// with its own `MovieListViewController`: read as one program, its three detail screens were
/// one, with a false `duplicate-feature` error and no edge.
final class SeparateAppsTests: ScanSourcesTestCase {
    /// An Xcode project: `Listing` and `Browsing` build their own `Home.swift` and share the two
    /// files under `Shared/` (the router core and a settings route), each file listed by both.
    static func project(secondApp: String) -> String {
        """
        // !$*UTF8*$!
        { archiveVersion = 1; objectVersion = 56; rootObject = R0;
          objects = {
            R0 = { isa = PBXProject; mainGroup = G0; targets = (T1, T2); };
            G0 = { isa = PBXGroup; children = (F1, F2, F3, F4); sourceTree = "<group>"; };
            F1 = { isa = PBXFileReference; path = Listing/Home.swift; sourceTree = "<group>"; };
            F2 = { isa = PBXFileReference; path = \(secondApp)/Home.swift; sourceTree = "<group>"; };
            F3 = { isa = PBXFileReference; path = Shared/Routing.swift; sourceTree = "<group>"; };
            F4 = { isa = PBXFileReference; path = Shared/Settings.swift; sourceTree = "<group>"; };
            B1 = { isa = PBXBuildFile; fileRef = F1; };
            B2 = { isa = PBXBuildFile; fileRef = F2; };
            B3 = { isa = PBXBuildFile; fileRef = F3; };
            B4 = { isa = PBXBuildFile; fileRef = F4; };
            B5 = { isa = PBXBuildFile; fileRef = F3; };
            B6 = { isa = PBXBuildFile; fileRef = F4; };
            P1 = { isa = PBXSourcesBuildPhase; files = (B1, B3, B4); };
            P2 = { isa = PBXSourcesBuildPhase; files = (B2, B5, B6); };
            T1 = { isa = PBXNativeTarget; name = Listing; productType = "com.apple.product-type.application"; buildPhases = (P1); };
            T2 = { isa = PBXNativeTarget; name = \(secondApp); productType = "com.apple.product-type.application"; buildPhases = (P2); };
          };
        }
        """
    }

    static let routerCore = """
        import UIKit
        protocol Transition: AnyObject { func open(_ vc: UIViewController) }
        final class PushTransition: Transition { func open(_ vc: UIViewController) {} }
        protocol RouterProtocol: AnyObject { func open(_ vc: UIViewController, transition: Transition) }
        class Router: RouterProtocol { func open(_ vc: UIViewController, transition: Transition) { transition.open(vc) } }
        """

    static let settings = """
        import UIKit
        protocol SettingsRoute { func openSettings() }
        extension SettingsRoute where Self: RouterProtocol {
            func openSettings() { open(SettingsViewController(), transition: PushTransition()) }
        }
        final class SettingsViewController: UIViewController {}
        """

    /// An app's home screen, its router and its detail screen; `extra` adds routes to the router.
    static func home(routes: String, tapped: String, detail: String = "DetailViewController") -> String {
        """
        import UIKit
        protocol DetailRoute { func openDetail() }
        extension DetailRoute where Self: RouterProtocol {
            func openDetail() { open(\(detail)(), transition: PushTransition()) }
        }
        final class HomeRouter: Router, HomeRouter.Routes { typealias Routes = \(routes) }
        final class HomeViewController: UIViewController {
            let router = HomeRouter()
            func tapped() { \(tapped) }
        }
        final class \(detail): UIViewController {}
        @main final class AppDelegate: UIResponder, UIApplicationDelegate {
            var window: UIWindow?
            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                window?.rootViewController = UINavigationController(rootViewController: HomeViewController())
                return true
            }
        }
        """
    }

    func scanProject(secondApp: String, secondHome: String, listingExtra: String = "") throws -> ScanResult {
        try StyleScan.write([
            "Movies.xcodeproj/project.pbxproj": Self.project(secondApp: secondApp),
            "Listing/Home.swift": Self.home(routes: "DetailRoute & SettingsRoute", tapped: "router.openDetail(); router.openSettings()") + listingExtra,
            "\(secondApp)/Home.swift": secondHome,
            "Shared/Routing.swift": Self.routerCore,
            "Shared/Settings.swift": Self.settings,
        ], to: dir)
        return try SwiftSourceScanner(configuration: ScanConfiguration()).scan(paths: [dir])
    }

    func testAppsDeclaringTheSameTypesAreReadApart() throws {
        let r = try scanProject(secondApp: "Browsing", secondHome: Self.home(routes: "DetailRoute", tapped: "router.openDetail()"))
        XCTAssertEqual(r.summary.separateApps, ["Browsing", "Listing"])
        XCTAssertTrue(r.summary.line.contains("of apps Browsing, Listing (each read apart"), r.summary.line)
        // Each app's own types qualified by its module; the settings screen both build from one file is one.
        XCTAssertEqual(r.registry.features.map(\.name), [
            "Browsing.DetailViewController", "Browsing.HomeViewController",
            "Listing.DetailViewController", "Listing.HomeViewController", "SettingsViewController",
        ])
        XCTAssertEqual(r.registry.routes.map(\.id).sorted(), ["Browsing.DetailRoute", "Listing.DetailRoute", "SettingsRoute"])
        XCTAssertEqual(edges(r).filter { !$0.contains("=>") }, [
            "Browsing.HomeViewController -> Browsing.DetailRoute",
            "Listing.HomeViewController -> Listing.DetailRoute", "Listing.HomeViewController -> SettingsRoute",
        ])
        XCTAssertEqual(r.registry.entries.map(\.name), ["Browsing.HomeViewController", "Listing.HomeViewController"])
        XCTAssertEqual(r.summary.navigateCalls, 3)
        XCTAssertEqual(r.summary.navigateResolved, 3)
        XCTAssertEqual(findings(r), [])
    }

    /// Apps that declare no type twice are one program, as before: nothing qualified.
    func testAppsWithTypesOfTheirOwnAreOneProgram() throws {
        let second = Self.home(routes: "DetailRoute", tapped: "router.openDetail()", detail: "BrowseViewController")
            .replacingOccurrences(of: "HomeRouter", with: "BrowseRouter").replacingOccurrences(of: "HomeViewController", with: "BrowseHomeViewController")
            .replacingOccurrences(of: "DetailRoute", with: "BrowseRoute").replacingOccurrences(of: "openDetail", with: "openBrowse")
            .replacingOccurrences(of: "AppDelegate", with: "BrowseAppDelegate")
        let r = try scanProject(secondApp: "Browsing", secondHome: second)
        XCTAssertEqual(r.summary.separateApps, [])
        XCTAssertEqual(r.registry.features.map(\.name).sorted(), [
            "BrowseHomeViewController", "BrowseViewController", "DetailViewController", "HomeViewController", "SettingsViewController",
        ])
        XCTAssertEqual(findings(r), [])
    }

    /// An app whose first screen the scan cannot find holds back only its own screens' absence: the
    /// other app's screen that nothing opens is still an error.
    func testAnAppWithoutAFoundEntryHoldsBackItsOwnScreens() throws {
        let second = Self.home(routes: "DetailRoute", tapped: "router.openDetail()")
            .replacingOccurrences(of: "window?.rootViewController = UINavigationController(rootViewController: HomeViewController())", with: "")
        let orphan = """

            protocol OrphanRoute { func openOrphan() }
            extension OrphanRoute where Self: RouterProtocol {
                func openOrphan() { open(OrphanViewController(), transition: PushTransition()) }
            }
            final class OrphanViewController: UIViewController {}
            """
        let r = try scanProject(secondApp: "Browsing", secondHome: second, listingExtra: orphan)
        XCTAssertEqual(r.registry.entries.map(\.name), ["Listing.HomeViewController"])
        let missing = r.registry.unfollowed.filter { $0.kind == .entry }
        XCTAssertEqual(missing.map { $0.screens ?? [] }, [["Browsing.DetailViewController", "Browsing.HomeViewController", "SettingsViewController"]])
        let graph = NavGraph(registry: r.registry)
        let all = CheckRunner(options: CheckOptions(scenarios: [FlagScenario.defaults(of: r.registry)])).run(graph)
        let errors = all.filter { $0.severity == .error }.map { "\($0.ruleID) \($0.subject)" }.sorted()
        XCTAssertTrue(errors.contains("unreachable-feature OrphanViewController"), "\(errors)")
        XCTAssertFalse(errors.contains { $0.contains("Browsing.") }, "\(errors)")
        XCTAssertTrue(all.contains { $0.ruleID == "unreachable-feature" && $0.subject == "Browsing.HomeViewController" && $0.severity == .warning })
    }
}
