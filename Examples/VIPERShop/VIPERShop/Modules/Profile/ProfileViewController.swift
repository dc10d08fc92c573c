import RouterService
import UIKit

final class ProfileViewController: UIViewController {
    private let routerService: RouterServiceProtocol
    private let settingsRoute = SettingsRoute()

    init(routerService: RouterServiceProtocol) {
        self.routerService = routerService
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) {
        fatalError("init(coder:) is not supported")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Profile"
        view.backgroundColor = .systemBackground
        navigationItem.rightBarButtonItem = UIBarButtonItem(
            image: UIImage(systemName: "gearshape"),
            primaryAction: UIAction { [weak self] _ in self?.openSettings() }
        )
    }

    private func openSettings() {
        routerService.navigate(toRoute: settingsRoute, fromView: self, presentationStyle: Push(), animated: true)
    }
}
