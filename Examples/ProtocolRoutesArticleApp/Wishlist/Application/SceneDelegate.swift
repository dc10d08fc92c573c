import UIKit

final class MainTabBarController: UITabBarController {
    init(viewControllers: [UIViewController]) {
        super.init(nibName: nil, bundle: nil)
        self.viewControllers = viewControllers
    }
    required init?(coder: NSCoder) { nil }
}

class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    private var deeplinkRouter: DeeplinkRouter?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        let router = DefaultRouter(rootTransition: EmptyTransition())
        let tabBarController = MainTabBarController(viewControllers: [router.makeShopTab(), router.makeWishlistTab()])
        router.root = tabBarController
        let window = UIWindow(windowScene: windowScene)
        window.rootViewController = tabBarController
        window.makeKeyAndVisible()
        self.window = window
    }

    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
        guard let url = URLContexts.first?.url else { return }
        handle(url)
    }

    private func handle(_ url: URL) {
        let router = DeeplinkRouter(rootTransition: ModalTransition())
        router.root = window?.rootViewController
        _ = router.route(to: url, as: ModalTransition())
        deeplinkRouter = router
    }
}
