import UIKit

final class ReviewViewController: UIViewController {
    private let productID: String
    private let router: Closable

    init(productID: String, router: Closable) {
        self.productID = productID
        self.router = router
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }
}
