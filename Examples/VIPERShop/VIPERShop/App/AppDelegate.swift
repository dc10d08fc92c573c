import RouterService
import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    private let routerService = RouterService()

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        routerService.register(dependencyFactory: { OrdersService() }, forType: OrdersServiceProtocol.self)

        routerService.register(routeHandler: OrdersRouteHandler())
        routerService.register(routeHandler: OrderDetailRouteHandler())
        routerService.register(routeHandler: ProfileRouteHandler())
        routerService.register(routeHandler: SettingsRouteHandler())
        routerService.register(routeHandler: LegacyPromoRouteHandler())

        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = routerService.navigationController(withInitialFeature: HomeFeature.self)
        window.makeKeyAndVisible()
        self.window = window
        return true
    }
}
