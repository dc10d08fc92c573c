import RouterService
import UIKit

struct SettingsFeature: Feature {
    func build(fromRoute route: Route?) -> UIViewController {
        SettingsViewController()
    }
}

struct SettingsRouteHandler: RouteHandler {
    var routes: [Route.Type] {
        [SettingsRoute.self]
    }

    func destination(forRoute route: Route, fromViewController viewController: UIViewController) -> Feature.Type {
        guard route is SettingsRoute else {
            preconditionFailure("SettingsRouteHandler cannot open \(route)")
        }
        return SettingsFeature.self
    }
}

final class SettingsViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Settings"
        view.backgroundColor = .systemGroupedBackground
    }
}
