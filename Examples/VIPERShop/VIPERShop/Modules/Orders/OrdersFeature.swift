import RouterService
import UIKit

struct OrdersFeature: Feature {
    @Dependency var routerService: RouterServiceProtocol
    @Dependency var ordersService: OrdersServiceProtocol

    func build(fromRoute route: Route?) -> UIViewController {
        OrdersRouter.createModule(routerService: routerService, ordersService: ordersService)
    }
}
