import UIKit

final class ShopViewModel {
    typealias Routes = ProductRoute
    private let router: Routes

    init(router: Routes) {
        self.router = router
    }

    func productTapped(id: String) {
        router.openProduct(id: id)
    }
}

final class ShopViewController: UIViewController {
    let viewModel: ShopViewModel
    init(viewModel: ShopViewModel) {
        self.viewModel = viewModel
        super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { nil }
}
