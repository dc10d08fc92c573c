import UIKit

final class ListViewController: UIViewController {
    let viewModel: ListViewModel
    init(_ viewModel: ListViewModel) {
        self.viewModel = viewModel
        super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { nil }
}

final class BookViewController: UIViewController {
    let viewModel: BookViewModel
    init(_ viewModel: BookViewModel) {
        self.viewModel = viewModel
        super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { nil }
}
