import DIService
import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    private let diService = DIService()

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        diService.register({ URLSessionNetwork() }, for: NetworkServicing.self)
        diService.register({ RemoteFlags() }, for: FeatureFlagging.self)

        diService.register(LoginRouteHandler())
        diService.register(HomeRouteHandler())

        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = diService.rootController(for: WelcomeBuilder.self)
        window.makeKeyAndVisible()
        self.window = window
        return true
    }
}
