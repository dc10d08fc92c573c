import UIKit

class EntryModule: BaseModule {
    let appRouter: IAppRouter

    init(appRouter: IAppRouter) {
        self.appRouter = appRouter
    }

    func displayPage(parameters: [String: Any]) {
        let router = EntryRouter(appRouter: self.appRouter)
        let presenter = EntryPresenter(router: router, parameters: parameters)
        let viewController = EntryViewController(presenter: presenter)
        router.viewController = viewController
        appRouter.pushView(viewController, animated: false)
    }
}

final class EntryPresenter {
    let router: EntryRouter
    init(router: EntryRouter, parameters: [String: Any]) { self.router = router }
}

final class EntryViewController: UIViewController {
    let presenter: EntryPresenter
    init(presenter: EntryPresenter) {
        self.presenter = presenter
        super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { nil }
}
