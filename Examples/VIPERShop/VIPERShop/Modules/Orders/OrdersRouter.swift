import RouterService
import UIKit

protocol OrdersWireframe: AnyObject {
    func navigateTo(route: Route)
}

final class OrdersRouter: OrdersWireframe {
    weak var viewController: UIViewController?
    var routerService: RouterServiceProtocol?

    static func createModule(
        routerService: RouterServiceProtocol,
        ordersService: OrdersServiceProtocol
    ) -> UIViewController {
        let view = OrdersViewController()
        let presenter = OrdersPresenter(ordersService: ordersService)
        let router = OrdersRouter()
        view.presenter = presenter
        presenter.view = view
        presenter.router = router
        router.viewController = view
        router.routerService = routerService
        return view
    }

    func navigateTo(route: Route) {
        guard let vc = viewController else { return }
        routerService?.navigate(toRoute: route, fromView: vc, presentationStyle: Modal(), animated: true)
    }
}
