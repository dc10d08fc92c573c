import Components
import UIKit

@UIApplicationMain
class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplicationLaunchOptionsKey: Any]?
    ) -> Bool {
        window = UIWindow(frame: UIScreen.main.bounds)
        let container = AppContainer()
        let navigator = Navigator(window: window!)
        let builder = Builder(navigator: navigator, container: container)
        let router = Router(navigator: navigator, builder: builder)
        builder.router = router
        router.register(AppModule.self)
        router.register(ConversationListModule.self)
        router.register(ConversationModule.self)
        router.register(AccountModule.self)
        router.register(LoginModule.self)
        router.register(SettingsModule.self)
        router.open(AppModule.self)
        return true
    }
}
