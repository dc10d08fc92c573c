import Components
import UIKit

/// Registered, never opened.
class SettingsModule: ModuleInterface {
    static let route = "settings"
    private let router: RouterInterface
    private let navigator: NavigatorInterface

    init(router: RouterInterface, navigator: NavigatorInterface) {
        self.router = router
        self.navigator = navigator
    }

    func open(_ parameters: AnyDictionary?, callback: ((AnyDictionary?) -> Void)?) {
        navigator.present(as: .navigationStack, controller: UIViewController())
    }
}
