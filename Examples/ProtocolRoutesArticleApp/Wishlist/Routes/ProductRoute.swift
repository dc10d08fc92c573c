import UIKit

protocol ProductRoute {
    func openProduct(id: String)
}

extension ProductRoute where Self: Router {
    func openProduct(id: String) {
        openProduct(id: id, with: PushTransition())
    }

    func openProduct(id: String, with transition: Transition) {
        let router = DefaultRouter(rootTransition: transition)
        let viewModel = ProductViewModel(id: id, router: router)
        let viewController = ProductViewController(viewModel: viewModel)
        router.root = viewController
        route(to: viewController, as: transition)
    }
}

extension DefaultRouter: ProductRoute {}
