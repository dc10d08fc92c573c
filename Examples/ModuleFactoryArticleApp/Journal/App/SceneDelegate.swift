import UIKit

class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    var appRouter: IAppRouter?
    var navigationController: UINavigationController?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let scene = (scene as? UIWindowScene) else { return }
        let window = UIWindow(windowScene: scene)
        let basePage = UIViewController()
        let navigationController = UINavigationController(rootViewController: basePage)
        self.navigationController = navigationController
        self.appRouter = createAppRouter()
        window.rootViewController = navigationController
        window.makeKeyAndVisible()
        self.window = window

        DispatchQueue.main.asyncAfter(deadline: .now() + 1) { [weak self] in
            self?.open(PageModule.home)
        }
    }

    func open(_ module: Module) {
        appRouter?.presentModule(module, parameters: [:])
    }

    func createAppRouter() -> IAppRouter? {
        let productConstructors: (_ appRouter: IAppRouter) -> ProductRouter = { appRouter in
            appRouter.navigationController = self.navigationController
            return ModuleFactory(appRouter: appRouter)
        }
        return AppRouter(productConstructor: productConstructors)
    }
}
