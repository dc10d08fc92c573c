import Core
import UIKit

final class HomeViewController: UIViewController {
    private let navigator: HomeNavigator

    init(navigator: HomeNavigator) {
        self.navigator = navigator
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    @objc private func tripsTapped() {
        navigator.open(.tripList)
    }

    @objc private func settingsTapped() {
        navigator.open(PageModule.settings)
    }
}
