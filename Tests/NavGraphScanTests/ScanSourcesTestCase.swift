import Foundation
import NavGraphKit
import XCTest
@testable import NavGraphScan

/// A temporary app folder per test, the scan of the sources a test writes into it, and its edges and
/// findings as sorted lines (the screen-structure and route-protocol tests share them).
class ScanSourcesTestCase: XCTestCase {
    var dir = ""

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-structure-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir + "/App", withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    func scan(_ sources: [String: String]) throws -> ScanResult {
        for (name, text) in sources { try text.write(toFile: dir + "/App/\(name).swift", atomically: true, encoding: .utf8) }
        return try SwiftSourceScanner(configuration: ScanConfiguration()).scan(paths: [dir])
    }

    func edges(_ r: ScanResult) -> [String] {
        r.registry.features.flatMap { f in
            f.navigates.map { "\(f.name) -> \($0.route)" } + f.presents.map { "\(f.name) => \($0.feature) (\($0.style ?? "-"))" }
        }.sorted()
    }

    func findings(_ r: ScanResult) -> [String] {
        let graph = NavGraph(registry: r.registry)
        return CheckRunner(options: CheckOptions(scenarios: [FlagScenario.defaults(of: r.registry)])).run(graph)
            .map { "\($0.ruleID) \($0.subject)" }.sorted()
    }

    /// A router base and a transition-free `open(_:)`, as the protocol-routes apps write it.
    static let routing = """
        import UIKit
        protocol Opening: AnyObject { func open(_ vc: UIViewController) }
        class BaseRouter: Opening {
            weak var viewController: UIViewController?
            func open(_ vc: UIViewController) { viewController?.navigationController?.pushViewController(vc, animated: true) }
        }
        """

    /// The composition root most of these apps share: an app delegate that holds a `type()` as
    /// `router` and calls `router.call()` at launch.
    static func launching(_ type: String, _ call: String) -> String {
        """
        @main final class AppDelegate: UIResponder, UIApplicationDelegate {
            let router = \(type)()
            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                router.\(call)()
                return true
            }
        }
        """
    }
}
