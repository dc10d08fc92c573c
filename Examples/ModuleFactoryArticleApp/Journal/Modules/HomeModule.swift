import UIKit

class HomeModule: BaseModule {
    let appRouter: IAppRouter

    init(appRouter: IAppRouter) {
        self.appRouter = appRouter
    }

    func displayPage(parameters: [String: Any]) {
        let router = HomeRouter(appRouter: self.appRouter)
        let presenter = HomePresenter(router: router, parameters: parameters)
        let viewController = HomeViewController(presenter: presenter)
        router.viewController = viewController
        appRouter.pushView(viewController, animated: false)
    }
}

final class HomePresenter {
    let router: HomeRouter
    init(router: HomeRouter, parameters: [String: Any]) { self.router = router }
}

final class HomeViewController: UIViewController {
    let presenter: HomePresenter
    init(presenter: HomePresenter) {
        self.presenter = presenter
        super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { nil }
}
