import Pantry
import Recipes
import UIKit

final class AppScreens: ScreenFactory {
    func makeBasket(recipe: Int) -> UIViewController { PantryScreens.basket(recipe: recipe) }
}

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    let pantry = PantryRouter()

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        let tabs = UITabBarController()
        let recipes = RecipeListRouter(screens: AppScreens())
        let list = RecipeListViewController(router: recipes)
        let nav = UINavigationController()
        nav.setViewControllers([list], animated: false)
        recipes.navigation = nav
        tabs.viewControllers = [nav, pantry.navigation]
        window?.rootViewController = tabs
        pantry.go(.shelves)
    }
}
