import UIKit

final class LoginViewModel {
    typealias Routes = SignUpRoute & ForgottenPasswordRoute & Closable
    private let router: Routes

    init(router: Routes) {
        self.router = router
    }

    func signUpTapped() {
        router.openSignUp()
    }

    func forgotPasswordTapped() {
        router.openForgottenPassword()
    }
}

final class LoginViewController: UIViewController {
    let viewModel: LoginViewModel
    init(viewModel: LoginViewModel) {
        self.viewModel = viewModel
        super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { nil }
}

final class SignUpViewModel {
    typealias Routes = ForgottenPasswordRoute
    private let router: Routes
    init(router: Routes) { self.router = router }
    func forgotPasswordTapped() { router.openForgottenPassword() }
}

final class SignUpViewController: UIViewController {
    let viewModel: SignUpViewModel
    init(viewModel: SignUpViewModel) {
        self.viewModel = viewModel
        super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { nil }
}

final class ForgottenPasswordViewController: UIViewController {
    let router: Closable
    init(router: Closable) {
        self.router = router
        super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { nil }
}
