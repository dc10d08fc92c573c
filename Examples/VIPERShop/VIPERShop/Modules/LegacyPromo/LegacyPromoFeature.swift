import RouterService
import UIKit

/// The spring campaign's landing page. The home menu used to link here.
struct LegacyPromoFeature: Feature {
    func build(fromRoute route: Route?) -> UIViewController {
        LegacyPromoViewController()
    }
}

struct LegacyPromoRouteHandler: RouteHandler {
    var routes: [Route.Type] {
        [LegacyPromoRoute.self]
    }

    func destination(forRoute route: Route, fromViewController viewController: UIViewController) -> Feature.Type {
        guard route is LegacyPromoRoute else {
            preconditionFailure("LegacyPromoRouteHandler cannot open \(route)")
        }
        return LegacyPromoFeature.self
    }
}

final class LegacyPromoViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Spring sale"
        view.backgroundColor = .systemYellow
    }
}
