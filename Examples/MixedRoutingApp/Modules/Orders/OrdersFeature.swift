import RouterService
import UIKit

public struct OrdersFeature: Feature {
    public init() {}

    public func build(fromRoute route: Route?) -> UIViewController {
        OrdersViewController()
    }
}

public final class OrdersViewController: UIViewController {}
