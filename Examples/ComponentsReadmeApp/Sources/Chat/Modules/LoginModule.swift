import Components
import UIKit

class LoginModule: ModuleInterface {
    static let route = "login"
    private let router: RouterInterface
    private let navigator: NavigatorInterface

    init(router: RouterInterface, navigator: NavigatorInterface) {
        self.router = router
        self.navigator = navigator
    }

    func open(_ parameters: AnyDictionary?, callback: ((AnyDictionary?) -> Void)?) {
        navigator.present(as: .modal, controller: UIViewController())
        callback?(["result": true])
    }
}
