import AppRouting
import RouterService
import UIKit

public struct AccountFeature: Feature {
    @Dependency var session: SessionProviding

    public init() {}

    public func build(fromRoute route: Route?) -> UIViewController {
        AccountViewController(isLoggedIn: session.isLoggedIn)
    }
}

final class AccountViewController: UIViewController {
    private let isLoggedIn: Bool

    init(isLoggedIn: Bool) {
        self.isLoggedIn = isLoggedIn
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) {
        fatalError("init(coder:) is not supported")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Account"
        view.backgroundColor = .systemBackground
        let label = UILabel(frame: view.bounds.insetBy(dx: 20, dy: 200))
        label.textAlignment = .center
        label.text = isLoggedIn ? "You are signed in." : "You are browsing as a guest."
        view.addSubview(label)
    }
}
