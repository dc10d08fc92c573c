import UIKit

public final class RecipeListViewController: UIViewController {
    private let router: RecipeListRouter
    public init(router: RecipeListRouter) {
        self.router = router
        super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { nil }

    func didSelect(recipe id: Int) { router.route(to: .detail(id: id)) }
}

public final class RecipeDetailModel {
    let id: Int
    private weak var router: RecipeListRouter?
    init(id: Int, router: RecipeListRouter) {
        self.id = id
        self.router = router
    }
    func addToBasket() { router?.route(to: .basket(recipe: id)) }
    func share() { router?.route(to: .share(text: "recipe \(id)")) }
    func close() { router?.route(to: .back) }
}

public final class RecipeDetailViewController: UIViewController {
    let model: RecipeDetailModel
    init(model: RecipeDetailModel) {
        self.model = model
        super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { nil }
}
