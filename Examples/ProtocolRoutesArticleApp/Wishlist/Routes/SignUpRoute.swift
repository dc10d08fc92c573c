import UIKit

protocol SignUpRoute {
    func openSignUp()
}

extension SignUpRoute where Self: Router {
    func openSignUp() {
        let transition = PushTransition()
        let router = DefaultRouter(rootTransition: transition)
        let viewController = SignUpViewController(viewModel: SignUpViewModel(router: router))
        router.root = viewController
        route(to: viewController, as: transition)
    }
}

extension DefaultRouter: SignUpRoute {}
