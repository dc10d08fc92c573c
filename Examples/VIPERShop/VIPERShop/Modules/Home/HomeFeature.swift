import RouterService
import UIKit

struct HomeFeature: Feature {
    @Dependency var routerService: RouterServiceProtocol

    func build(fromRoute route: Route?) -> UIViewController {
        HomeRouter.createModule(routerService: routerService)
    }
}
