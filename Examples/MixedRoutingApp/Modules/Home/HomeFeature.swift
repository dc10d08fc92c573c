import RouterService
import UIKit

public struct HomeFeature: Feature {
    @Dependency var routerService: RouterServiceProtocol

    public init() {}

    public func build(fromRoute route: Route?) -> UIViewController {
        HomeViewController(routerService: routerService)
    }
}
