import UIKit

final class CheckoutViewController: UIViewController {
    private let viewModel: CheckoutViewModel

    init(viewModel: CheckoutViewModel) {
        self.viewModel = viewModel
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }
}

final class CheckoutViewModel {
    private let total: Int
    private let router: CheckoutRouter.Routes

    init(total: Int, router: CheckoutRouter.Routes) {
        self.total = total
        self.router = router
    }

    func pay(signedIn: Bool) {
        if signedIn {
            router.close()
        } else {
            router.openLogin()
        }
    }
}
