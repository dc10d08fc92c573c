import UIKit

final class WishlistViewModel {
    typealias Routes = LoginRoute & ProductRoute
    private let router: Routes

    init(router: Routes) {
        self.router = router
    }

    func loginTapped() {
        router.openLogin()
    }

    func productTapped(id: String) {
        router.openProduct(id: id)
    }
}

final class WishlistViewController: UIViewController {
    let viewModel: WishlistViewModel
    init(viewModel: WishlistViewModel) {
        self.viewModel = viewModel
        super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { nil }
}
