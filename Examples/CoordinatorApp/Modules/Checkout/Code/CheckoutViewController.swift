import UIKit

final class CheckoutViewController: UIViewController {
    private let payButton = UIButton(configuration: .borderedProminent())

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Checkout"
        view.backgroundColor = .systemBackground
        payButton.configuration?.title = "Pay now"
        payButton.addAction(UIAction { [weak self] _ in self?.pay() }, for: .touchUpInside)
        payButton.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(payButton)
        NSLayoutConstraint.activate([
            payButton.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            payButton.centerYAnchor.constraint(equalTo: view.centerYAnchor),
        ])
    }

    private func pay() {
        payButton.isEnabled = false
        payButton.configuration?.showsActivityIndicator = true
    }
}
