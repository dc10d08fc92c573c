import UIKit

protocol CatalogTabRoute {
    func makeCatalogTab() -> UIViewController
}

extension CatalogTabRoute {
    func makeCatalogTab() -> UIViewController {
        let router = DefaultRouter(rootTransition: nil)
        let screen = CatalogViewController(viewModel: CatalogViewModel(router: router))
        router.root = screen
        return UINavigationController(rootViewController: screen)
    }
}

protocol CartTabRoute {
    func makeCartTab() -> UIViewController
}

extension CartTabRoute {
    func makeCartTab() -> UIViewController {
        let router = DefaultRouter(rootTransition: nil)
        let screen = CartViewController(viewModel: CartViewModel(router: router))
        router.root = screen
        return UINavigationController(rootViewController: screen)
    }
}
