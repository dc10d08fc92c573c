import DIService
import UIKit

/// Runs DIService alone, with canned data, to work on routing without the backend.
@main
final class SampleAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    private let diService = DIService()

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        diService.register({ StubNetwork() }, for: NetworkServicing.self)

        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = diService.rootController(for: SampleBuilder.self)
        window.makeKeyAndVisible()
        self.window = window
        return true
    }
}

/// The sample's own copy of the app's protocol (the sample does not link the app).
protocol NetworkServicing: AnyObject {
    func greeting(for username: String) async -> String
}

final class StubNetwork: NetworkServicing {
    func greeting(for username: String) async -> String {
        "Hello, \(username) (stubbed)"
    }
}

struct SampleBuilder: Builder {
    @Dependency var network: NetworkServicing

    func build(from route: Route?) -> UIViewController {
        SampleViewController(network: network)
    }
}

final class SampleViewController: UIViewController {
    private let network: NetworkServicing
    private let label = UILabel()

    init(network: NetworkServicing) {
        self.network = network
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) {
        fatalError("init(coder:) is not supported")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Sample"
        view.backgroundColor = .systemBackground
        label.frame = view.bounds.insetBy(dx: 20, dy: 200)
        label.textAlignment = .center
        view.addSubview(label)
        Task { [weak self, network] in
            let text = await network.greeting(for: "sample")
            self?.label.text = text
        }
    }
}
