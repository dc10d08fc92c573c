import UIKit

final class ProductViewController: UIViewController {
    private let viewModel: ProductViewModel

    init(viewModel: ProductViewModel) {
        self.viewModel = viewModel
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    @objc private func addTapped() {
        viewModel.addToCart { _ in }
    }
}
