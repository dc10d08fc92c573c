import Core
import UIKit

final class SettingsModule: BaseModule {
    override func displayPage(parameters: [String: Any]) {
        let controller = SettingsViewController(router: router)
        controller.title = parameters["section"] as? String ?? "Settings"
        router.push(controller)
    }
}

final class SettingsViewController: UIViewController {
    private let router: IAppRouter

    init(router: IAppRouter) {
        self.router = router
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    @objc private func aboutTapped() {
        router.presentModule(.about, parameters: [:])
    }
}
