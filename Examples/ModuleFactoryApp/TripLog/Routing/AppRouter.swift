import Core
import SettingsKit
import UIKit

final class AppRouter: IAppRouter {
    static let shared = AppRouter(navigationController: UINavigationController())

    private let navigationController: UINavigationController
    private let modules: [String: (IAppRouter) -> IModule]
    private let settingsFactory = SettingsModuleFactory()

    init(navigationController: UINavigationController) {
        self.navigationController = navigationController
        modules = [
            PageModule.home.moduleKey: { HomeModule(router: $0) },
            PageModule.tripList.moduleKey: { router in TripListModule(router: router) },
            PageModule.tripDetail.moduleKey: { TripDetailModule(router: $0) },
            PageModule.export.moduleKey: { ExportModule(router: $0) },
        ]
    }

    func presentModule(_ page: PageModule, parameters: [String: Any]) {
        let make = modules[page.moduleKey] ?? settingsFactory.productConstructor(page.moduleKey)
        make?(self).displayPage(parameters: parameters)
    }

    func push(_ viewController: UIViewController) {
        navigationController.pushViewController(viewController, animated: true)
    }

    func setRoot(_ viewController: UIViewController) {
        navigationController.setViewControllers([viewController], animated: false)
    }
}
