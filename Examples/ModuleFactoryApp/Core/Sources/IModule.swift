import UIKit

/// A page: built on demand by the app router and asked to show itself.
public protocol IModule {
    func displayPage(parameters: [String: Any])
}

/// What every module shares: the router that built it.
open class BaseModule: IModule {
    public let router: IAppRouter

    public init(router: IAppRouter) {
        self.router = router
    }

    open func displayPage(parameters: [String: Any]) {}
}
