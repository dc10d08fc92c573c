import UIKit

final class OrderDetailViewController: UIViewController {
    private let order: Order?
    private let summaryLabel = UILabel()

    init(order: Order?) {
        self.order = order
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) {
        fatalError("init(coder:) is not supported")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = order?.id ?? "Order"
        view.backgroundColor = .systemBackground
        summaryLabel.numberOfLines = 0
        summaryLabel.text = order.map { "\($0.title)\nTotal: \($0.total)" } ?? "This order no longer exists."
        summaryLabel.frame = view.bounds.insetBy(dx: 20, dy: 120)
        view.addSubview(summaryLabel)
    }
}
