import UIKit

protocol ForgottenPasswordRoute {
    func openForgottenPassword()
}

extension ForgottenPasswordRoute where Self: Router {
    func openForgottenPassword() {
        let transition = PushTransition()
        let router = DefaultRouter(rootTransition: transition)
        let viewController = ForgottenPasswordViewController(router: router)
        router.root = viewController
        route(to: viewController, as: transition)
    }
}

// Planted: no router adopts ForgottenPasswordRoute, so `openForgottenPassword()` opens nothing.
