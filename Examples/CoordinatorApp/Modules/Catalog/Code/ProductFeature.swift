import AppRouting
import RouterService
import UIKit

public struct ProductFeature: Feature {
    @Dependency var routerService: RouterServiceProtocol
    @Dependency var catalog: CatalogServicing

    public init() {}

    public func build(fromRoute route: Route?) -> UIViewController {
        guard let route = route as? ProductRoute else {
            preconditionFailure("ProductFeature is opened with a ProductRoute")
        }
        return ProductCoordinator(routerService: routerService, product: catalog.product(id: route.id)).start()
    }
}
