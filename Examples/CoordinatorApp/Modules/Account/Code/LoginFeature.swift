import AppRouting
import RouterService
import UIKit

public struct LoginFeature: Feature {
    @Dependency var routerService: RouterServiceProtocol
    @Dependency var session: SessionProviding

    public init() {}

    public func build(fromRoute route: Route?) -> UIViewController {
        let continueToCheckout = (route as? LoginRoute)?.continueToCheckout ?? false
        let deepRoute: Route? = continueToCheckout ? CheckoutRoute() : nil
        return LoginCoordinator(routerService: routerService, session: session, deepRoute: deepRoute).start()
    }
}
