import UIKit

final class MockViewModel {
    let store: Store
    let title: String

    init(store: Store, title: String) {
        self.store = store
        self.title = title
    }
}

final class MockViewController: UIViewController {
    let viewModel: MockViewModel
    var onDone: (() -> Void)?

    init(_ viewModel: MockViewModel) {
        self.viewModel = viewModel
        super.init(nibName: nil, bundle: nil)
        title = viewModel.title
    }

    required init?(coder aDecoder: NSCoder) { fatalError() }
}
