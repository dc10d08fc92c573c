import UIKit

/// The root container: its tabs are builder routes.
final class MainTabBarController: UITabBarController {
    typealias Routes = CatalogTabRoute & CartTabRoute
    private let router: Routes

    init(router: Routes) {
        self.router = router
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        viewControllers = [router.makeCatalogTab(), router.makeCartTab()]
    }
}
