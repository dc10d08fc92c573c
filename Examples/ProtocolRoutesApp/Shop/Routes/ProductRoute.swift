import UIKit

protocol ProductRoute {
    func openProduct(id: String)
}

extension ProductRoute where Self: Router {
    func openProduct(id: String) {
        let transition = PushTransition()
        let router = DefaultRouter(rootTransition: transition)
        let viewModel = ProductViewModel(productID: id, router: router)
        let screen = ProductViewController(viewModel: viewModel)
        router.root = screen
        route(to: screen, as: transition)
    }
}
