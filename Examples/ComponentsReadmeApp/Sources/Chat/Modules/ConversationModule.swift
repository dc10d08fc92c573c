import Components
import UIKit

struct ConversationModule: ModuleInterface {
    static let route = "conversation"
    private let router: RouterInterface
    private let navigator: NavigatorInterface

    init(router: RouterInterface, navigator: NavigatorInterface) {
        self.router = router
        self.navigator = navigator
    }

    func open(_ parameters: AnyDictionary?, callback: ((AnyDictionary?) -> Void)?) {
        let id = parameters?["id"] as? String ?? ""
        navigator.present(as: .navigationStack, controller: ConversationViewController(id: id))
    }
}

final class ConversationViewController: UIViewController {
    init(id: String) { super.init(nibName: nil, bundle: nil) }
    required init?(coder: NSCoder) { nil }
}
