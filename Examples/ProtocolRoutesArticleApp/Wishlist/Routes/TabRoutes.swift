import UIKit

protocol WishlistTabRoute {
    func makeWishlistTab() -> UIViewController
}

extension WishlistTabRoute where Self: Router {
    func makeWishlistTab() -> UIViewController {
        let router = DefaultRouter(rootTransition: EmptyTransition())
        let viewModel = WishlistViewModel(router: router)
        let viewController = WishlistViewController(viewModel: viewModel)
        router.root = viewController
        let navigation = UINavigationController(rootViewController: viewController)
        navigation.tabBarItem = UITabBarItem(title: "Wishlist", image: nil, tag: 1)
        return navigation
    }
}

protocol ShopTabRoute {
    func makeShopTab() -> UIViewController
}

extension ShopTabRoute where Self: Router {
    func makeShopTab() -> UIViewController {
        let router = DefaultRouter(rootTransition: EmptyTransition())
        let viewController = ShopViewController(viewModel: ShopViewModel(router: router))
        router.root = viewController
        let navigation = UINavigationController(rootViewController: viewController)
        navigation.tabBarItem = UITabBarItem(title: "Shop", image: nil, tag: 0)
        return navigation
    }
}

extension DefaultRouter: WishlistTabRoute, ShopTabRoute {}

final class EmptyTransition: Transition {
    var isAnimated = false
    func open(_ viewController: UIViewController) {}
    func close(_ viewController: UIViewController) {}
}
