import Components

final class RecipeListPresenter {
    private let router: Router
    let recipes: [String]

    init(router: Router, recipes: [String]) {
        self.router = router
        self.recipes = recipes
    }

    func didSelect(index: Int) {
        show(RecipeDetailModule.self, id: recipes[index])
    }

    private func show(_ module: Module.Type, id: String) {
        router.open(module, parameters: ["id": id])
    }
}
