import UIKit
import FeatherweightRouter

typealias Store = AppStore

@UIApplicationMain
class AppDelegate: UIResponder, UIApplicationDelegate {

    var window: UIWindow?

    func application(application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [NSObject: AnyObject]?) -> Bool {

        window = UIWindow(frame: UIScreen.mainScreen().bounds)
        window?.rootViewController = appCoordinator()
        window?.makeKeyAndVisible()
        return true
    }

}

func appCoordinator() -> UIViewController {

    let store = appStore()
    let router = appRouter(store)
    store.subscribe() { state in
        router.setRoute(state.route)
    }

    store.setPath("welcome")

    return router.presenter
}
