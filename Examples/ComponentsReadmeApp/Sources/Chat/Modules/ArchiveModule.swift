import Components
import UIKit

/// Opened from the conversation list, never registered with the router.
class ArchiveModule: ModuleInterface {
    static let route = "archive"
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
