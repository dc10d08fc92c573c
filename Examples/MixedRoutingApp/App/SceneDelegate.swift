import Home
import Orders
import Profile
import RouterService
import Settings
import UIKit

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    private let routerService = RouterService()

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let scene = scene as? UIWindowScene else { return }
        routerService.register(routeHandler: ProfileRouteHandler())
        routerService.register(routeHandler: OrdersRouteHandler())
        routerService.register(routeHandler: SettingsRouteHandler())

        let window = UIWindow(windowScene: scene)
        window.rootViewController = routerService.navigationController(withInitialFeature: HomeFeature.self)
        window.makeKeyAndVisible()
        self.window = window
    }
}
