import UIKit

protocol LoginRoute {
    func openLogin()
}

extension LoginRoute where Self: Router {
    func openLogin() {
        let transition = ModalTransition()
        let router = DefaultRouter(rootTransition: transition)
        let screen = LoginViewController(viewModel: LoginViewModel(router: router))
        router.root = screen
        route(to: screen, as: transition)
    }
}
