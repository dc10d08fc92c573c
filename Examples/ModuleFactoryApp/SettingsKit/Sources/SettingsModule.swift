import Core
import UIKit

final class SettingsModule: BaseModule {
    override func displayPage(parameters: [String: Any]) {
        router.push(SettingsViewController(router: router))
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
