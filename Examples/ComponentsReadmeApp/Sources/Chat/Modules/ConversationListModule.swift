import Components
import UIKit

class ConversationListModule: ModuleInterface {
    static let route = "conversations"
    private let router: RouterInterface
    private let navigator: NavigatorInterface

    init(router: RouterInterface, navigator: NavigatorInterface) {
        self.router = router
        self.navigator = navigator
    }

    func open(_ parameters: AnyDictionary?, callback: ((AnyDictionary?) -> Void)?) {
        let controller = ConversationListViewController(router: router)
        navigator.present(as: .navigationStack, controller: controller)
    }
}

final class ConversationListViewController: UITableViewController {
    private let router: RouterInterface

    init(router: RouterInterface) {
        self.router = router
        super.init(style: .plain)
    }

    required init?(coder: NSCoder) { nil }

    func didSelect(conversationID: String) {
        // By route string: the caller does not import the module.
        router.open("conversation", ["id": conversationID])
    }

    @objc func accountTapped() {
        router.open(AccountModule.self, ["id": "me"])
    }

    @objc func archiveTapped() {
        router.open(ArchiveModule.self)
    }

    @objc func helpTapped() {
        router.open("help")
    }
}
