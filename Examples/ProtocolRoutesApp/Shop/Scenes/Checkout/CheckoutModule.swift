import UIKit

/// Assembles the checkout scene: its own router (a subclass), view model and view controller.
final class CheckoutModule {
    let viewController: CheckoutViewController

    init(total: Int, transition: Transition) {
        let router = CheckoutRouter(rootTransition: transition)
        let viewModel = CheckoutViewModel(total: total, router: router)
        viewController = CheckoutViewController(viewModel: viewModel)
        router.root = viewController
    }
}

final class CheckoutRouter: DefaultRouter, CheckoutRouter.Routes {
    typealias Routes = LoginRoute & Closable
}
