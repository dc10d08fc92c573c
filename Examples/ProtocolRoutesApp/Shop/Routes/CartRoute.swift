import UIKit

protocol CartRoute {
    func openCart()
}

extension CartRoute where Self: Router {
    func openCart() {
        let transition = ModalTransition()
        let router = DefaultRouter(rootTransition: transition)
        let screen = CartViewController(viewModel: CartViewModel(router: router))
        router.root = screen
        route(to: UINavigationController(rootViewController: screen), as: transition)
    }
}
