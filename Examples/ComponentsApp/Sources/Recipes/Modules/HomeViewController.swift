import Components
import UIKit

final class HomeViewController: UIViewController {
    private let router: Router

    init(router: Router, userName: String) {
        self.router = router
        super.init(nibName: nil, bundle: nil)
        title = "Hello, \(userName)"
    }

    required init?(coder: NSCoder) { nil }

    @objc private func recipesTapped() {
        router.open(RecipeListModule.self)
    }

    @objc private func settingsTapped() {
        router.open("settings")
    }

    @objc private func favouritesTapped() {
        router.open("favourites")
    }
}
