import HTTPClientInterface
import RouterServiceInterface
import UIKit

public struct FeatureTwo: Feature {
    @Dependency var httpClient: HTTPClientProtocol
    // Injected but never read: RouterService resolves it on every navigation for nothing.
    @Dependency var routerService: RouterServiceProtocol

    public init() {}

    public func build(fromRoute route: Route?) -> UIViewController {
        FeatureTwoViewController(client: httpClient)
    }
}

final class FeatureTwoViewController: UIViewController {
    private let client: HTTPClientProtocol

    init(client: HTTPClientProtocol) {
        self.client = client
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }
}
