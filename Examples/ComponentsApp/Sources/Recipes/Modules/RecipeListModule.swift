import Components
import UIKit

final class RecipeListModule: Module {
    static var route: String { "recipes" }
    @Dependency var catalog: RecipeCatalog
    @Dependency var analytics: AnalyticsTracking

    required init() {}

    func instantiate(with context: ModuleContext) -> UIViewController {
        let presenter = RecipeListPresenter(router: context.router, recipes: catalog.recipes())
        return RecipeListViewController(presenter: presenter)
    }
}
