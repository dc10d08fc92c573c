import Account
import AppRouting
import Catalog
import Checkout
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
        routerService.register(dependencyFactory: { LiveCatalogService() }, forType: CatalogServicing.self)
        routerService.register(dependencyFactory: { KeychainSession() }, forType: SessionProviding.self)
        routerService.register(dependencyFactory: { RemoteFeatureFlags() }, forType: FeatureFlagsProviding.self)

        routerService.register(routeHandler: CatalogRouteHandler())
        routerService.register(routeHandler: CheckoutRouteHandler())
        routerService.register(routeHandler: AccountRouteHandler())

        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = routerService.navigationController(withInitialFeature: CatalogFeature.self)
        window.makeKeyAndVisible()
        self.window = window
        return true
    }
}
