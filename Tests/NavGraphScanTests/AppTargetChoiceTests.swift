import Foundation
import NavGraphKit
import XCTest
@testable import NavGraphScan

/// Which app target a scan reads when the project has several: an application whose name looks
/// like a demo's (`RoutingExample`) beside its own app extensions (an Intents UI) is the app. A public
/// app of session 30 was read as its 3 extension files and reported "no routing found".
final class AppTargetChoiceTests: XCTestCase {
    static func project(second: (name: String, type: String)) -> String {
        """
        // !$*UTF8*$!
        { archiveVersion = 1; objectVersion = 56; rootObject = R0;
          objects = {
            R0 = { isa = PBXProject; mainGroup = G0; targets = (T1, T2); };
            G0 = { isa = PBXGroup; children = (F1, F2); sourceTree = "<group>"; };
            F1 = { isa = PBXFileReference; path = RoutingExample/Home.swift; sourceTree = "<group>"; };
            F2 = { isa = PBXFileReference; path = Widget/IntentView.swift; sourceTree = "<group>"; };
            B1 = { isa = PBXBuildFile; fileRef = F1; };
            B2 = { isa = PBXBuildFile; fileRef = F2; };
            P1 = { isa = PBXSourcesBuildPhase; files = (B1); };
            P2 = { isa = PBXSourcesBuildPhase; files = (B2); };
            T1 = { isa = PBXNativeTarget; name = RoutingExample; productType = "com.apple.product-type.application"; buildPhases = (P1); };
            T2 = { isa = PBXNativeTarget; name = \(second.name); productType = "\(second.type)"; buildPhases = (P2); };
          };
        }
        """
    }

    static let home = """
        import UIKit
        protocol Transition: AnyObject { func open(_ vc: UIViewController) }
        final class PushTransition: Transition { func open(_ vc: UIViewController) {} }
        protocol RouterProtocol: AnyObject { func open(_ vc: UIViewController, transition: Transition) }
        class Router: RouterProtocol { func open(_ vc: UIViewController, transition: Transition) { transition.open(vc) } }
        protocol DetailRoute { func openDetail() }
        extension DetailRoute where Self: RouterProtocol {
            func openDetail() { open(DetailViewController(), transition: PushTransition()) }
        }
        final class HomeRouter: Router, HomeRouter.Routes { typealias Routes = DetailRoute }
        final class HomeViewController: UIViewController {
            let router = HomeRouter()
            func tapped() { router.openDetail() }
        }
        final class DetailViewController: UIViewController {}
        """

    func scan(second: (name: String, type: String)) throws -> ScanResult {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-targets-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try StyleScan.write([
            "RoutingExample.xcodeproj/project.pbxproj": Self.project(second: second),
            "RoutingExample/Home.swift": Self.home,
            "Widget/IntentView.swift": "import UIKit\nfinal class IntentViewController: UIViewController {}\n",
        ], to: dir)
        return try SwiftSourceScanner().scan(paths: [dir])
    }

    func testAnApplicationNamedLikeAnExampleIsTheAppBesideItsExtensions() throws {
        let r = try scan(second: ("WidgetUI", "com.apple.product-type.app-extension"))
        XCTAssertEqual(r.summary.filesRead, 2)
        XCTAssertEqual(r.summary.skippedOtherTargets, 0)
        XCTAssertEqual(StyleScan.edges(r), ["HomeViewController -> DetailRoute"])
    }

    /// Beside a second application that looks like none of a demo's, the example app is still left
    /// out: only the other application is read, and it routes nothing.
    func testADemoNamedApplicationBesideAnotherApplicationIsLeftOut() throws {
        XCTAssertThrowsError(try scan(second: ("Widget", "com.apple.product-type.application"))) { error in
            XCTAssertTrue("\(error)".contains("1 Swift files read") || "\(error)".contains("no routing"), "\(error)")
        }
    }
}
