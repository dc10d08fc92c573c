import FeatureTwoInterface
import HTTPClientInterface
import RouterServiceInterface
import UIKit

final class MainViewController: UIViewController {
    private let httpClient: HTTPClientProtocol
    private let routerService: RouterServiceProtocol

    init(httpClient: HTTPClientProtocol, routerService: RouterServiceProtocol) {
        self.httpClient = httpClient
        self.routerService = routerService
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Feature One (\(httpClient))"
        let button = UIButton(type: .system)
        button.setTitle("Open Feature Two", for: .normal)
        button.addTarget(self, action: #selector(openFeatureTwo), for: .touchUpInside)
        view.addSubview(button)
    }

    @objc private func openFeatureTwo() {
        routerService.navigate(
            toRoute: FeatureTwoRoute(),
            fromView: self,
            presentationStyle: Push(),
            animated: true
        )
    }
}

final class FallbackViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Feature One is switched off"
    }
}
