import UIKit

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    private var deepLinks: DeepLinkRouter?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        let window = UIWindow(windowScene: windowScene)
        let router = DefaultRouter(rootTransition: nil)
        window.rootViewController = MainTabBarController(router: router)
        window.makeKeyAndVisible()
        self.window = window
        deepLinks = DeepLinkRouter(router: router)
    }

    func scene(_ scene: UIScene, openURLContexts contexts: Set<UIOpenURLContext>) {
        guard let url = contexts.first?.url, let link = DeepLink(url: url) else { return }
        deepLinks?.open(link)
    }
}
