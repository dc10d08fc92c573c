import UIKit

final class WelcomeViewController: UIViewController {
    private let presenter: WelcomePresenting

    init(presenter: WelcomePresenting) {
        self.presenter = presenter
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) {
        fatalError("init(coder:) is not supported")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Welcome"
        view.backgroundColor = .systemBackground
        let start = UIButton(configuration: .borderedProminent(), primaryAction: UIAction(title: "Get started") { [weak self] _ in
            self?.presenter.didTapStart()
        })
        start.center = view.center
        start.sizeToFit()
        view.addSubview(start)
    }
}
