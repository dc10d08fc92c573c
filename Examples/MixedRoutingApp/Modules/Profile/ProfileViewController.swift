import Orders
import Routing
import RouterService
import UIKit

final class ProfileViewController: UIViewController {
    private let routerService: RouterServiceProtocol

    init(routerService: RouterServiceProtocol) {
        self.routerService = routerService
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    @objc func openOrders() {
        // Planted: the Orders module's screen, pushed around the router (its route is "orders").
        navigationController?.pushViewController(OrdersViewController(), animated: true)
    }

    @objc func openSettings() {
        routerService.navigate(toRoute: SettingsRoute(), fromView: self, presentationStyle: Push(), animated: true)
    }
}
