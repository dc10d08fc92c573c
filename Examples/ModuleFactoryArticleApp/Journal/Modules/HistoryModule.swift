import UIKit

class HistoryModule: BaseModule {
    let appRouter: IAppRouter

    init(appRouter: IAppRouter) {
        self.appRouter = appRouter
    }

    func displayPage(parameters: [String: Any]) {
        let router = HistoryRouter(appRouter: self.appRouter)
        let presenter = HistoryPresenter(router: router, parameters: parameters)
        let viewController = HistoryViewController(presenter: presenter)
        router.viewController = viewController
        appRouter.pushView(viewController, animated: false)
    }
}

final class HistoryPresenter {
    let router: HistoryRouter
    init(router: HistoryRouter, parameters: [String: Any]) { self.router = router }
}

final class HistoryViewController: UIViewController {
    let presenter: HistoryPresenter
    init(presenter: HistoryPresenter) {
        self.presenter = presenter
        super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { nil }
}
