import UIKit

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        let window = UIWindow(windowScene: windowScene)
        let router = DefaultRouter(rootTransition: nil)
        window.rootViewController = MainTabBarController(router: router)
        window.makeKeyAndVisible()
        self.window = window
    }
}
