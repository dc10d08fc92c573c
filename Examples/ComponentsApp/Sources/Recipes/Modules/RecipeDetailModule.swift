import Components
import UIKit

final class RecipeDetailModule: Module {
    static let route = "recipes/detail"

    required init() {}

    func instantiate(with context: ModuleContext) -> UIViewController {
        let controller = RecipeDetailViewController(recipe: context.parameters["id"] ?? "")
        controller.onStartTimer = { context.router.open(TimerModule.self) }
        return controller
    }
}

final class RecipeDetailViewController: UIViewController {
    var onStartTimer: () -> Void = {}

    init(recipe: String) {
        super.init(nibName: nil, bundle: nil)
        title = recipe
    }

    required init?(coder: NSCoder) { nil }
}
