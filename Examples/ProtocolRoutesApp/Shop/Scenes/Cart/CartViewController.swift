import UIKit

final class CartViewController: UIViewController {
    private let viewModel: CartViewModel

    init(viewModel: CartViewModel) {
        self.viewModel = viewModel
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    @objc private func checkoutTapped() {
        viewModel.checkout()
    }
}
