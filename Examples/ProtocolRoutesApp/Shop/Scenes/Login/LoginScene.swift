import UIKit

final class LoginViewController: UIViewController {
    private let viewModel: LoginViewModel

    init(viewModel: LoginViewModel) {
        self.viewModel = viewModel
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }
}

final class LoginViewModel {
    typealias Routes = Closable
    private let router: Routes

    init(router: Routes) {
        self.router = router
    }

    func signedIn() {
        router.close()
    }
}
