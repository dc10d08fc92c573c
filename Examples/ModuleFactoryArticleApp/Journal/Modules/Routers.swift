import UIKit

final class HomeRouter {
    weak var viewController: UIViewController?
    private weak var appRouter: IAppRouter?

    init(appRouter: IAppRouter) { self.appRouter = appRouter }

    func navigateToHistoryPage() {
        appRouter?.presentModule(PageModule.history, parameters: [:])
    }

    func navigateToExport() {
        appRouter?.presentModule(PageModule.export, parameters: [:])
    }
}

final class HistoryRouter {
    weak var viewController: UIViewController?
    private weak var appRouter: IAppRouter?

    init(appRouter: IAppRouter) { self.appRouter = appRouter }

    func navigateToEntry(id: String) {
        appRouter?.presentModule(PageModule.entry, parameters: ["id": id])
    }
}

final class EntryRouter {
    weak var viewController: UIViewController?
    private weak var appRouter: IAppRouter?

    init(appRouter: IAppRouter) { self.appRouter = appRouter }

    func close() {
        appRouter?.popVC(animated: true)
    }
}

final class ArchiveRouter {
    weak var viewController: UIViewController?
    init(appRouter: IAppRouter) {}
}
