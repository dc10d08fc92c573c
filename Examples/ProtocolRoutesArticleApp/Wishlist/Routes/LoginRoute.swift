import UIKit

protocol LoginRoute {
    func openLogin()
}

extension LoginRoute where Self: Router {
    func openLogin() {
        let transition = ModalTransition()
        let router = DefaultRouter(rootTransition: transition)
        let viewModel = LoginViewModel(router: router)
        let viewController = LoginViewController(viewModel: viewModel)
        router.root = viewController

        let navigationController = UINavigationController(rootViewController: viewController)
        route(to: navigationController, as: transition)
    }
}

extension DefaultRouter: LoginRoute {}
