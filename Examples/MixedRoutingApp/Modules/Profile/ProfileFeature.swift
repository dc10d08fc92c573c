import RouterService
import UIKit

public struct ProfileFeature: Feature {
    @Dependency var routerService: RouterServiceProtocol

    public init() {}

    public func build(fromRoute route: Route?) -> UIViewController {
        ProfileViewController(routerService: routerService)
    }
}
