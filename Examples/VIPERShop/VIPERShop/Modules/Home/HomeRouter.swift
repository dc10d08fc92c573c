import RouterService
import UIKit

final class HomeRouter: HomeWireframe {
    weak var viewController: UIViewController?
    var routerService: RouterServiceProtocol?

    static func createModule(routerService: RouterServiceProtocol) -> UIViewController {
        let view = HomeViewController()
        let presenter = HomePresenter()
        let router = HomeRouter()
        view.presenter = presenter
        presenter.view = view
        presenter.router = router
        router.viewController = view
        router.routerService = routerService
        return view
    }

    func navigateTo(route: Route) {
        guard let vc = viewController else { return }
        routerService?.navigate(toRoute: route, fromView: vc, presentationStyle: Push(), animated: true)
    }

    /// Reopens the screen the previous session ended on; the route is whatever was saved then.
    func restoreLastVisitedScreen() {
        guard let vc = viewController,
              let data = UserDefaults.standard.data(forKey: LastVisitedScreen.defaultsKey),
              let decoder = routerService?.makeRouteDecoder(),
              let saved = try? decoder.decode(AnyRoute.self, from: data) else { return }
        routerService?.navigate(toRoute: saved.value, fromView: vc, presentationStyle: Push(), animated: false)
    }
}

enum LastVisitedScreen {
    static let defaultsKey = "home.lastVisitedRoute"
}
