import Components
import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    private let container = ModuleContainer()
    private lazy var router = Router(container: container)

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        container.add(SessionStore.self) { LocalSessionStore() }
        container.add(RecipeCatalog.self) { BundledRecipeCatalog() }
        container.add(AnalyticsTracking.self) { ConsoleAnalytics() }

        router.register(HomeModule.self)
        router.register(RecipeListModule.self)
        router.register(RecipeDetailModule.self)
        router.register(SettingsModule.self)
        router.register(ShoppingListModule.self)

        let navigation = UINavigationController()
        router.navigationController = navigation
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        self.window = window
        router.open(HomeModule.self)
        return true
    }
}
