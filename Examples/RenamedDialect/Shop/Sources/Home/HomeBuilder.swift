import DIService
import UIKit

struct HomeRoute: Route {
    static let identifier = "home_main"
    let username: String
}

struct HomeRouteHandler: RouteHandling {
    var routes: [Route.Type] {
        [HomeRoute.self]
    }

    func destination(for route: Route, from viewController: UIViewController) -> Builder.Type {
        HomeBuilder.self
    }
}

struct HomeBuilder: Builder {
    @Dependency var network: NetworkServicing

    func build(from route: Route?) -> UIViewController {
        let username = (route as? HomeRoute)?.username ?? "there"
        return HomeViewController(network: network, username: username)
    }
}

final class HomeViewController: UIViewController {
    private let network: NetworkServicing
    private let username: String
    private let greetingLabel = UILabel()

    init(network: NetworkServicing, username: String) {
        self.network = network
        self.username = username
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) {
        fatalError("init(coder:) is not supported")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Home"
        view.backgroundColor = .systemBackground
        greetingLabel.frame = view.bounds.insetBy(dx: 20, dy: 200)
        greetingLabel.textAlignment = .center
        view.addSubview(greetingLabel)
        Task { [weak self, network, username] in
            let text = await network.greeting(for: username)
            self?.greetingLabel.text = text
        }
    }
}
