import AppRouting
import RouterService
import UIKit

public struct CatalogFeature: Feature {
    @Dependency var routerService: RouterServiceProtocol
    @Dependency var catalog: CatalogServicing

    public init() {}

    public func build(fromRoute route: Route?) -> UIViewController {
        CatalogCoordinator(routerService: routerService, catalog: catalog).start()
    }
}
