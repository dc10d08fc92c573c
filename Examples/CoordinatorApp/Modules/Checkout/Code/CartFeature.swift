import AppRouting
import RouterService
import UIKit

public struct CartFeature: Feature {
    @Dependency var routerService: RouterServiceProtocol
    @Dependency var session: SessionProviding

    public init() {}

    public func build(fromRoute route: Route?) -> UIViewController {
        CartCoordinator(routerService: routerService, session: session).start()
    }
}
