import FeatureFlag
import FeatureFlagInterface
import FeatureOne
import FeatureTwo
import HTTPClient
import HTTPClientInterface
import RouterService
import UIKit

// The app target: owns the router, registers every handler and dependency, and shows the root feature.
@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    let router = RouterService()

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        router.register(dependencyFactory: { HTTPClient() }, forType: HTTPClientProtocol.self)
        router.register(dependencyFactory: { FeatureFlag(httpClient: HTTPClient()) }, forType: FeatureFlagProtocol.self)
        router.register(routeHandler: FeatureTwoRouteHandler())

        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = router.navigationController(withInitialFeature: FeatureOne.self)
        window.makeKeyAndVisible()
        self.window = window
        return true
    }
}
