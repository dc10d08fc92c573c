import Components
import UIKit

class AppModule: ModuleInterface {
    static let route = "app"
    private let router: RouterInterface
    private let navigator: NavigatorInterface
    var controller: ViewController!

    init(router: RouterInterface, navigator: NavigatorInterface) {
        self.router = router
        self.navigator = navigator
    }

    func open(_ parameters: AnyDictionary?, callback: ((AnyDictionary?) -> Void)?) {
        navigator.present(as: .root, controller: UINavigationController(rootViewController: controller))
        router.open(ConversationListModule.self)
    }
}

class ViewController: UIViewController {}
