import RouterServiceInterface
import ShopInterface
import UIKit

// navgraph:entry
public struct ShopFeature: Feature {
    @Dependency var client: HTTPClientProtocol
    @Dependency var router: RouterServiceProtocol
    @Dependency var analytics: AnalyticsProtocol

    public init() {}

    public func isEnabled() -> Bool { return true }

    public func build(fromRoute route: Route?) -> UIViewController {
        let model = ShopViewModel(client: client, router: router)
        return ShopViewController(model: model)
    }
}

final class ShopViewController: UIViewController {
    let model: ShopViewModel
    init(model: ShopViewModel) {
        self.model = model
        super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { nil }
}

final class ShopViewModel {
    let client: HTTPClientProtocol
    let router: RouterServiceProtocol
    init(client: HTTPClientProtocol, router: RouterServiceProtocol) {
        self.client = client
        self.router = router
    }

    func open(productId: String, from vc: UIViewController) {
        router.navigate(toRoute: ProductRoute(productId: productId), fromView: vc, presentationStyle: Push(), animated: true)
    }
}
