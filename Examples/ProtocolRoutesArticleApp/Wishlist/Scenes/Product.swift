import UIKit

final class ProductViewModel {
    typealias Routes = ProductRoute & Closable
    private let router: Routes
    let id: String

    init(id: String, router: Routes) {
        self.id = id
        self.router = router
    }

    func relatedTapped(id: String) {
        router.openProduct(id: id)
    }

    func closeTapped() {
        router.close()
    }
}

final class ProductViewController: UIViewController {
    let viewModel: ProductViewModel
    init(viewModel: ProductViewModel) {
        self.viewModel = viewModel
        super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { nil }
}
