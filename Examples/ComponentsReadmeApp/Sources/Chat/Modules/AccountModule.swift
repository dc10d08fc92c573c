import Components
import UIKit

class AccountModule: ModuleInterface {
    static let route = "account"
    private let router: RouterInterface
    private let navigator: NavigatorInterface

    init(router: RouterInterface, navigator: NavigatorInterface) {
        self.router = router
        self.navigator = navigator
    }

    func open(_ parameters: AnyDictionary?, callback: ((AnyDictionary?) -> Void)?) {
        let controller = AccountViewController()
        controller.onSignOut = { [router] in
            router.open(LoginModule.self, ["username": "", "password": ""]) { result in
                if let wasSuccessful = result?["result"] as? Bool, wasSuccessful {
                    callback?(nil)
                }
            }
        }
        navigator.present(as: .modal, controller: controller)
    }
}

final class AccountViewController: UIViewController {
    var onSignOut: (() -> Void)?
}
