import UIKit

class ArchiveModule: BaseModule {
    let appRouter: IAppRouter

    init(appRouter: IAppRouter) {
        self.appRouter = appRouter
    }

    func displayPage(parameters: [String: Any]) {
        let router = ArchiveRouter(appRouter: self.appRouter)
        let presenter = ArchivePresenter(router: router, parameters: parameters)
        let viewController = ArchiveViewController(presenter: presenter)
        router.viewController = viewController
        appRouter.pushView(viewController, animated: false)
    }
}

final class ArchivePresenter {
    let router: ArchiveRouter
    init(router: ArchiveRouter, parameters: [String: Any]) { self.router = router }
}

final class ArchiveViewController: UIViewController {
    let presenter: ArchivePresenter
    init(presenter: ArchivePresenter) {
        self.presenter = presenter
        super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { nil }
}
