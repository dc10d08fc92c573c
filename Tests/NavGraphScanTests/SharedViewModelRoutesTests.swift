import Foundation
import NavGraphKit
import XCTest
@testable import NavGraphScan

/// Protocol routes behind one view model that several screens share (a file browser of session 30's
/// public apps, written anew): the view model holds its routes as a typealias of several route
/// protocols (`private let route: Routes`) and wraps each (`func openDoc() { route.openDoc() }`).
/// The wrapper's own `route.openDoc()` is no other runner of it (the receiver's type is the typealias,
/// which the call does not resolve to the view model): only the screens whose code calls a wrapper
/// open its route. Before, the wrapper "called itself", and every screen holding the view model was
/// given every route (22 of 40 edges extra on that app).
final class SharedViewModelRoutesTests: ScanSourcesTestCase {
    static let app = """
        import UIKit
        protocol RouterProtocol: AnyObject { var root: UIViewController? { get set } }
        class Router: RouterProtocol { weak var root: UIViewController? }
        protocol DocRoute { func openDoc(name: String) }
        extension DocRoute where Self: RouterProtocol {
            func openDoc(name: String) { root?.navigationController?.pushViewController(DocViewController(), animated: true) }
        }
        protocol EditRoute { func openEdit(name: String) }
        extension EditRoute where Self: RouterProtocol {
            func openEdit(name: String) { root?.navigationController?.pushViewController(EditViewController(), animated: true) }
        }
        protocol WebRoute { func openWeb(url: String) }
        extension WebRoute where Self: RouterProtocol {
            func openWeb(url: String) { root?.navigationController?.pushViewController(WebViewController(), animated: true) }
        }
        final class BrowserRouter: Router, DocRoute, EditRoute, WebRoute {}
        final class FilesViewModel {
            typealias Routes = DocRoute & EditRoute & WebRoute
            private let route: Routes
            init(route: Routes) { self.route = route }
            func openDoc(name: String) { route.openDoc(name: name) }
            func openEdit(name: String) { route.openEdit(name: name) }
            func openWeb(url: String) { route.openWeb(url: url) }
        }
        final class FilesTable: NSObject, UITableViewDelegate {
            let model: FilesViewModel
            init(model: FilesViewModel) { self.model = model }
            func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) { model.openDoc(name: "a") }
        }
        final class FilesViewController: UIViewController {
            let model = FilesViewModel(route: BrowserRouter())
            lazy var table = FilesTable(model: model)
        }
        final class DocViewController: UIViewController {
            let model = FilesViewModel(route: BrowserRouter())
            func editTapped() { model.openEdit(name: "a") }
        }
        final class EditViewController: UIViewController {
            let model = FilesViewModel(route: BrowserRouter())
        }
        final class WebViewController: UIViewController {}
        @main final class AppDelegate: UIResponder, UIApplicationDelegate {
            var window: UIWindow?
            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                window?.rootViewController = UINavigationController(rootViewController: FilesViewController())
                return true
            }
        }
        """

    func testOnlyTheScreensThatCallAWrapperOpenItsRoute() throws {
        let r = try scan(["App": Self.app])
        XCTAssertEqual(r.summary.styles, [.protocolRoutes])
        XCTAssertEqual(edges(r), ["DocViewController -> EditRoute", "FilesViewController -> DocRoute"])
        // Nobody calls `openWeb(url:)`: its route is held back, never given to every holder.
        XCTAssertEqual(findings(r).filter { $0.contains("error") }, [])
    }
}
