import Networking
import RouterService
import Shop
import UIKit
import Wishlist

final class AppDelegate: UIResponder, UIApplicationDelegate {
    let router = RouterService()

    func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        router.register(dependencyFactory: { Session() }, forType: SessionProtocol.self)
        router.register(dependencyFactory: {
            HTTPClient(session: Session(), analytics: { Analytics(client: Lazy { HTTPClient() }) })
        }, forType: HTTPClientProtocol.self)
        // navgraph:ignore unused-dependency — kept for the next release
        router.register(dependencyFactory: { Analytics(client: Lazy()) }, forType: AnalyticsProtocol.self)
        router.register(dependencyFactory: { return RemoteFlags() }, forType: Networking.FeatureFlagProtocol.self)
        router.register(routeHandler: ShopRouteHandler())
        router.register(routeHandler: WishlistRouteHandler())
        _ = router.navigationController(withInitialRoute: ShopRoute())
        return true
    }
}

final class RemoteFlags: FeatureFlagProtocol {
    @Dependency var session: SessionProtocol
    func isEnabled(_ name: String) -> Bool { true }
}
